import "server-only";
import fs from "node:fs";
import path from "node:path";
import { ImageResponse } from "next/og";
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from "@/lib/og-image";

// The generated Open Graph image of a blog post (docs/decisions/0048), drawn by Next's ImageResponse
// (satori, then resvg) from the brand typeface and colours (src/app/globals.css).
//
// ImageResponse asks the network for what its fonts lack: emoji from a CDN, other scripts from a
// font service. A title is therefore reduced to the characters Inter's subsets cover before it is
// drawn, so rendering never opens another host; the page's og:title and the image's alt keep the
// whole title.

const COLOURS = { background: "#160b38", panel: "#26145a", brand: "#9270f8", text: "#ffffff", soft: "#d3c8ff", accent: "#fbbf24", logo: "#3f1d85" };
const TITLE_MAX = 120;
const FONT_DIR = path.join(process.cwd(), "node_modules", "@fontsource", "inter");

interface LoadedFonts {
  fonts: { name: string; data: Buffer; weight: 500 | 700; style: "normal" }[];
  /** satori keeps one font per name and weight: each subset is a family of its own, latin first. */
  family: string;
  covers: (codePoint: number) => boolean;
}

let loaded: LoadedFonts | undefined;

/**
 * Inter's subsets (latin, latin-ext, cyrillic, greek, vietnamese) as WOFF (satori reads no WOFF2),
 * with the code points each covers, read from the package's own unicode-range declarations.
 */
function interFonts(): LoadedFonts {
  if (loaded) return loaded;
  const ranges: [number, number][] = [];
  const fonts: LoadedFonts["fonts"] = [];
  for (const weight of [500, 700] as const) {
    const css = fs.readFileSync(path.join(FONT_DIR, `${weight}.css`), "utf8");
    for (const [, subset, range] of css.matchAll(/url\(\.\/files\/inter-([a-z-]+)-\d+-normal\.woff2\)[^;]*;\s*unicode-range:\s*([^;]+);/g)) {
      const file = path.join(FONT_DIR, "files", `inter-${subset}-${weight}-normal.woff`);
      fonts.push({ name: `Inter ${subset}`, data: fs.readFileSync(file), weight, style: "normal" });
      if (weight !== 700) continue;
      for (const part of range!.split(",")) {
        const [from, to] = part.trim().replace(/^U\+/i, "").split("-");
        ranges.push([parseInt(from!, 16), parseInt(to ?? from!, 16)]);
      }
    }
  }
  if (fonts.length === 0) throw new Error("Inter's WOFF files were not found in @fontsource/inter");
  const names = [...new Set(fonts.map((f) => f.name))].sort((a, b) => Number(b === "Inter latin") - Number(a === "Inter latin"));
  loaded = { fonts, family: names.map((n) => `"${n}"`).join(", "), covers: (cp) => ranges.some(([a, b]) => cp >= a && cp <= b) };
  return loaded;
}

/**
 * Text the fonts can draw: controls, format characters (bidi overrides, zero-width joiners),
 * unassigned and private-use code points and everything outside Inter's subsets are left out,
 * white space is collapsed, and a long text is cut at a word with an ellipsis.
 */
export function drawableText(text: string, max: number, covers = interFonts().covers): string {
  let out = "";
  for (const ch of text.replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/gu, " ")) {
    out += /\s/u.test(ch) ? " " : covers(ch.codePointAt(0)!) ? ch : "";
  }
  out = out.replace(/\s+/g, " ").trim();
  if ([...out].length <= max) return out;
  const cut = [...out].slice(0, max - 1).join("");
  const atWord = cut.replace(/\s+\S*$/, "");
  return `${atWord.length > max / 2 ? atWord : cut}…`;
}

export interface OgDrawing {
  title: string;
  author: string;
  siteName: string;
}

/** The 1200x630 PNG as bytes. */
export async function renderOgImage({ title, author, siteName }: OgDrawing): Promise<Uint8Array> {
  const { fonts, family } = interFonts();
  const heading = drawableText(title, TITLE_MAX) || drawableText(siteName, 60);
  const byline = drawableText(author, 60);
  const site = drawableText(siteName, 60);
  const response = new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: "64px 72px",
        backgroundColor: COLOURS.background,
        backgroundImage: `linear-gradient(135deg, ${COLOURS.background} 0%, ${COLOURS.panel} 60%, ${COLOURS.logo} 100%)`,
        fontFamily: family,
        color: COLOURS.text,
      }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: 20 }}>
        <svg width="64" height="64" viewBox="0 0 32 32">
          <rect width="32" height="32" rx="9" fill={COLOURS.logo} />
          <path d="M8 22.5 14 15l4.2 4L24.5 9.5" fill="none" stroke={COLOURS.accent} strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
          <circle cx="24.5" cy="9.5" r="2.2" fill={COLOURS.accent} />
        </svg>
        <div style={{ display: "flex", fontSize: 34, fontWeight: 500, color: COLOURS.soft }}>{site}</div>
      </div>
      <div
        style={{
          display: "block",
          fontSize: 64,
          fontWeight: 700,
          lineHeight: 1.15,
          letterSpacing: "-0.02em",
          maxHeight: 64 * 1.15 * 3,
          overflow: "hidden",
          lineClamp: 3,
          wordBreak: "break-word",
        }}
      >
        {heading}
      </div>
      <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between", fontSize: 30, fontWeight: 500 }}>
        <div style={{ display: "flex", color: COLOURS.accent }}>{byline}</div>
        <div style={{ display: "flex", color: COLOURS.soft }}>Blog</div>
      </div>
    </div>,
    { width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT, fonts },
  );
  return new Uint8Array(await response.arrayBuffer());
}

import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

// next/font's own code, the one that computes the fallback overrides for a font on Arial.
const require = createRequire(import.meta.url);
const fontkit = require("next/dist/compiled/@next/font/dist/fontkit").default;
const { getFallbackMetricsFromFontFile } = require("next/dist/compiled/@next/font/dist/local/get-fallback-metrics-from-font-file");

const root = path.resolve(import.meta.dirname, "..");
const FONT_FILE = path.join(root, "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2");

describe("brand typeface (docs/decisions/0027)", () => {
  it("src/app/fonts.ts loads the file this test measures", () => {
    const source = fs.readFileSync(path.join(root, "src/app/fonts.ts"), "utf8");
    expect(path.resolve(root, "src/app", /src: "([^"]+)"/.exec(source)![1]!)).toBe(FONT_FILE);
  });

  it("the regular fallback face carries the overrides next/font computes for Inter on Arial", () => {
    const font = (fontkit.default ?? fontkit)(fs.readFileSync(FONT_FILE));
    const expected = getFallbackMetricsFromFontFile(font, "sans-serif");
    const css = fs.readFileSync(path.join(root, "src/app/globals.css"), "utf8");
    const face = /@font-face\s*{[^}]*"Inter Fallback";[^}]*font-weight: 100 449;[^}]*}/.exec(css)![0];
    const value = (name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(face)![1]!.trim();
    expect({
      ascentOverride: value("ascent-override"),
      descentOverride: value("descent-override"),
      lineGapOverride: value("line-gap-override"),
      sizeAdjust: value("size-adjust"),
    }).toEqual({
      ascentOverride: expected.ascentOverride,
      descentOverride: expected.descentOverride,
      lineGapOverride: expected.lineGapOverride,
      sizeAdjust: expected.sizeAdjust,
    });
  });
});

import fs from "node:fs";
import path from "node:path";
import { expect, type Locator } from "@playwright/test";

/**
 * A real 1x1 transparent PNG (it decodes: uploads are decoded and written again before they are
 * stored, so a file that only starts like a PNG is refused).
 */
export const TINY_PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415408d763606060600000000500015ef32a3a0000000049454e44ae426082",
  "hex",
);

/**
 * Checks the element that shows a static logo path: a small SVG of ours is written into the page as an
 * <svg> of the file's own drawing (src/components/marketing/inline-svg.ts: its box, its shapes and its
 * words); any other logo is an <img> of the path.
 */
export async function expectLogo(logo: Locator, logoUrl: string): Promise<void> {
  await expectStaticImage(logo, logoUrl, 1024);
}

/**
 * Checks the first screen's cover: an SVG of ours of up to 4 KB is written into the page as its
 * drawing (firstScreenSvgMarkup), with every gradient it paints with inside it; any other cover is an
 * <img> of the path.
 */
export async function expectFirstScreenCover(cover: Locator, coverUrl: string): Promise<void> {
  await expectStaticImage(cover, coverUrl, 4096);
}

async function expectStaticImage(element: Locator, url: string, inlineLimit: number): Promise<void> {
  const file = path.join(process.cwd(), "public", url);
  if (!url.endsWith(".svg") || !fs.existsSync(file) || fs.statSync(file).size > inlineLimit) {
    await expect(element).toHaveAttribute("src", url);
    return;
  }
  // The file's <title> is left out: the page names the drawing (aria-label, or nothing when decorative).
  const text = fs
    .readFileSync(file, "utf8")
    .trim()
    .replace(/<title>[^<]*<\/title>/g, "");
  expect(await element.evaluate((svg) => svg.tagName.toLowerCase())).toBe("svg");
  await expect(element).toHaveAttribute(
    "viewBox",
    text
      .match(/viewBox="([^"]*)"/)![1]!
      .trim()
      .split(/[\s,]+/)
      .join(" "),
  );
  const shapes = "path, rect, circle, ellipse, line, polyline, polygon, text";
  await expect(element.locator(shapes)).toHaveCount([...text.matchAll(/<(path|rect|circle|ellipse|line|polyline|polygon|text)\b/g)].length);
  await expect(element).toHaveText(
    text
      .replace(/<[^>]*>/g, "")
      .replace(/\s+/g, " ")
      .trim(),
  );
  // Each url(#id) paint names an element of this drawing, whose id the page has once.
  const paints = await element.evaluate((svg) =>
    [...svg.querySelectorAll("[fill^='url('], [stroke^='url(']")]
      .flatMap((shape) => ["fill", "stroke"].map((name) => shape.getAttribute(name)?.match(/^url\(#(.+)\)$/)?.[1]).filter((id) => id !== undefined))
      .map((id) => ({ id, inside: svg.querySelector(`[id="${id}"]`) !== null, count: document.querySelectorAll(`[id="${id}"]`).length })),
  );
  expect(paints.length).toBe([...text.matchAll(/url\(#/g)].length);
  for (const paint of paints) expect(paint, paint.id).toMatchObject({ inside: true, count: 1 });
}

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
  const file = path.join(process.cwd(), "public", logoUrl);
  if (!logoUrl.endsWith(".svg") || !fs.existsSync(file) || fs.statSync(file).size > 1024) {
    await expect(logo).toHaveAttribute("src", logoUrl);
    return;
  }
  const text = fs.readFileSync(file, "utf8").trim();
  expect(await logo.evaluate((element) => element.tagName.toLowerCase())).toBe("svg");
  await expect(logo).toHaveAttribute(
    "viewBox",
    text
      .match(/viewBox="([^"]*)"/)![1]!
      .trim()
      .split(/[\s,]+/)
      .join(" "),
  );
  const shapes = "path, rect, circle, ellipse, line, polyline, polygon, text";
  await expect(logo.locator(shapes)).toHaveCount([...text.matchAll(/<(path|rect|circle|ellipse|line|polyline|polygon|text)\b/g)].length);
  await expect(logo).toHaveText(
    text
      .replace(/<[^>]*>/g, "")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

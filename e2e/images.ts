import fs from "node:fs";
import path from "node:path";

/**
 * A real 1x1 transparent PNG (it decodes: uploads are decoded and written again before they are
 * stored, so a file that only starts like a PNG is refused).
 */
export const TINY_PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415408d763606060600000000500015ef32a3a0000000049454e44ae426082",
  "hex",
);

/**
 * What a logo's <img> shows for a static logo path: the file's own text as a data: address when the
 * file is small (src/components/marketing/inline-svg.ts writes such SVGs into the page), else the path.
 */
export function logoSrc(logoUrl: string): string {
  const file = path.join(process.cwd(), "public", logoUrl);
  if (!logoUrl.endsWith(".svg") || !fs.existsSync(file) || fs.statSync(file).size > 1024) return logoUrl;
  return `data:image/svg+xml,${encodeURIComponent(fs.readFileSync(file, "utf8").trim())}`;
}

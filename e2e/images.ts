/**
 * A real 1x1 transparent PNG (it decodes: uploads are decoded and written again before they are
 * stored, so a file that only starts like a PNG is refused).
 */
export const TINY_PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415408d763606060600000000500015ef32a3a0000000049454e44ae426082",
  "hex",
);

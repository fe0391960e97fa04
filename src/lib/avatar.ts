/**
 * A person's illustrated avatar until a photo is uploaded (docs/decisions/0069): an abstract
 * composition of the brand palette's shapes, chosen from the name alone, so the same name always
 * gets the same picture on every page and in every process, and two people rarely share one.
 * No letters: an initial in a circle is what the pages showed before and reads as a placeholder.
 */

/** Our palette (src/app/globals.css): the brand violets and the accent ambers. */
export const AVATAR_BACKGROUNDS = ["#26145a", "#3f1d85", "#5a29bb", "#7c4ef0", "#e9e3ff", "#fcd34d"] as const;
/** The shapes' colours: on the two light grounds the dark ones, on the dark grounds the light ones. */
const INKS_ON_LIGHT = ["#160b38", "#6a35dc", "#9270f8", "#f59e0b"] as const;
const INKS_ON_DARK = ["#9270f8", "#b3a0fd", "#fbbf24", "#f59e0b", "#f3f0ff"] as const;

export type AvatarShape =
  | { kind: "circle"; cx: number; cy: number; r: number; fill: string }
  | { kind: "square"; x: number; y: number; size: number; rotate: number; fill: string }
  | { kind: "ring"; cx: number; cy: number; r: number; stroke: string; width: number };

export interface AvatarArt {
  /** The drawing's box is 0 0 64 64. */
  background: string;
  shapes: AvatarShape[];
}

/** FNV-1a over the name's UTF-16 units: small, stable, and spreads similar names apart. */
export function nameHash(name: string): number {
  let hash = 0x811c9dc5;
  const key = name.trim().toLowerCase();
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** A stream of small numbers from one hash (a 32-bit xorshift), each call the next. */
function picker(seed: number) {
  let state = seed || 1;
  return (count: number) => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state % count;
  };
}

/** The avatar for a name: one background, a large disc, a turned square, a ring and a dot, none the background's colour. */
export function avatarArt(name: string): AvatarArt {
  const pick = picker(nameHash(name));
  const background = AVATAR_BACKGROUNDS[pick(AVATAR_BACKGROUNDS.length)]!;
  const inks: readonly string[] = background === "#e9e3ff" || background === "#fcd34d" ? INKS_ON_LIGHT : INKS_ON_DARK;
  const ink = () => inks[pick(inks.length)]!;
  const quadrant = pick(4);
  const [qx, qy] = [quadrant % 2 === 0 ? 20 : 44, quadrant < 2 ? 22 : 42];
  const disc = ink();
  let square = ink();
  if (square === disc) square = inks[(inks.indexOf(disc) + 1) % inks.length]!;
  return {
    background,
    shapes: [
      { kind: "circle", cx: qx, cy: qy, r: 16 + pick(8), fill: disc },
      { kind: "square", x: 64 - qx - 11, y: 64 - qy - 11, size: 18 + pick(8), rotate: [0, 15, 30, 45][pick(4)]!, fill: square },
      { kind: "ring", cx: 32 + pick(9) - 4, cy: 32 + pick(9) - 4, r: 7 + pick(6), stroke: ink(), width: 3 },
      { kind: "circle", cx: 64 - qx, cy: qy, r: 3 + pick(3), fill: ink() },
    ],
  };
}

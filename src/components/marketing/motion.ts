import type { CSSProperties } from "react";

/** Staggered entrance: the delay `animate-rise` reads (off under prefers-reduced-motion, see globals.css). */
export function riseDelay(ms: number): CSSProperties {
  return { "--delay": `${ms}ms` } as CSSProperties;
}

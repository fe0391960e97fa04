import { useId } from "react";
import { StarShape } from "@/components/ui/icons";
import { cn } from "@/lib/cn";

// Five 24-unit stars, 3 units apart: at 16 px a star, the 2 px gap they had as five icons.
const STAR = 24;
const GAP = 3;
const WIDTH = 5 * STAR + 4 * GAP;

/**
 * Five stars, `rating` of them filled; announced once as "Rated n out of 5".
 *
 * One <svg> that draws the star once and places it five times (<use>), instead of five icons: the home
 * page shows five ratings, and every element of a page is sent twice (its HTML and React's payload),
 * so five copies of the star's outline per rating cost it about 14 KB (docs/decisions/0116).
 */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const filled = Math.max(0, Math.min(5, Math.round(rating)));
  // Unique in the page: every rating carries its own star.
  const star = `star${useId()}`;
  return (
    <svg
      role="img"
      aria-label={`Rated ${filled} out of 5`}
      viewBox={`0 0 ${WIDTH} ${STAR}`}
      width={(WIDTH * 16) / STAR}
      height={16}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cn("shrink-0", className)}
    >
      <defs>
        <g id={star}>
          <StarShape />
        </g>
      </defs>
      {Array.from({ length: 5 }, (_, i) => (
        <use key={i} href={`#${star}`} x={i * (STAR + GAP)} className={i < filled ? "fill-accent-400 text-accent-500" : "text-line"} />
      ))}
    </svg>
  );
}

import { Star } from "@/components/ui/icons";
import { cn } from "@/lib/cn";

/** Five stars, `rating` of them filled; announced once as "Rated n out of 5". */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const filled = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span role="img" aria-label={`Rated ${filled} out of 5`} className={cn("inline-flex gap-0.5", className)}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star key={i} aria-hidden="true" className={cn("size-4", i < filled ? "fill-accent-400 text-accent-500" : "fill-none text-line")} />
      ))}
    </span>
  );
}

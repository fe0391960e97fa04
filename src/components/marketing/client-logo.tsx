import { getImageProps } from "next/image";
import { isOptimisable } from "@/components/blog/post-cover";
import { cn } from "@/lib/cn";
import { inlineSmallSvg } from "./inline-svg";

/**
 * A client's logo mark on a white chip, so a dark mark reads on the dark case-study headers too.
 * Its alt text is the company's name: where the name is also written beside it, pass `decorative`.
 * An SVG is one of our static files (public/images/clients/) and goes out as it is, written into the
 * page when it is small (inline-svg.ts); an upload (PNG, WebP, ...) through the optimiser. Either way
 * an <img>: an SVG's scripts never run in one.
 */
export function ClientLogo({ name, src, decorative = false, className }: { name: string; src: string; decorative?: boolean; className?: string }) {
  const { props } = getImageProps({
    src: inlineSmallSvg(src) ?? src,
    alt: decorative ? "" : name,
    width: 200,
    height: 48,
    sizes: "160px",
    unoptimized: !isOptimisable(src),
  });
  return (
    <span data-testid="client-logo" className={cn("inline-flex shrink-0 items-center rounded-xl bg-white px-3 py-2 shadow-sm", className)}>
      {/* eslint-disable-next-line @next/next/no-img-element -- next/image's attributes without its client JavaScript */}
      <img {...props} alt={decorative ? "" : name} loading="lazy" className="h-8 w-auto max-w-40 object-contain" />
    </span>
  );
}

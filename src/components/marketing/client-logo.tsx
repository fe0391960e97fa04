import { getImageProps } from "next/image";
import { useId } from "react";
import { isOptimisable } from "@/components/blog/post-cover";
import { cn } from "@/lib/cn";
import { inlineSmallSvg, smallSvgMarkup } from "./inline-svg";

/**
 * A client's logo mark on a white chip, so a dark mark reads on the dark case-study headers too.
 * Its name is the company's: where the name is also written beside it, pass `decorative`.
 * A small SVG of our static files (public/images/clients/) is written into the page as an <svg> of
 * shapes and text (inline-svg.ts: no request at all before the first paint, docs/decisions/0112);
 * a small one that is more than a drawing as a data: address, a larger one as it is, an upload (PNG,
 * WebP, ...) through the optimiser, all as an <img>, where an SVG's scripts never run.
 */
export function ClientLogo({ name, src, decorative = false, className }: { name: string; src: string; decorative?: boolean; className?: string }) {
  const chip = cn("inline-flex shrink-0 items-center rounded-xl bg-white px-3 py-2 shadow-sm", className);
  // A logo may be drawn twice on one page (the partner strip and a case study's card): its use's id
  // keeps the drawings' ids apart.
  const svg = smallSvgMarkup(src, useId());
  if (svg) {
    return (
      <span data-testid="client-logo" className={chip}>
        <svg
          xmlns="http://www.w3.org/2000/svg"
          viewBox={svg.viewBox}
          width={svg.width}
          height={svg.height}
          {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": name })}
          focusable="false"
          className="h-8 w-auto max-w-40"
          // Our own file, of drawing elements only (smallSvgMarkup refuses anything else).
          dangerouslySetInnerHTML={{ __html: svg.body }}
        />
      </span>
    );
  }
  const { props } = getImageProps({
    src: inlineSmallSvg(src) ?? src,
    alt: decorative ? "" : name,
    width: 200,
    height: 48,
    sizes: "160px",
    unoptimized: !isOptimisable(src),
  });
  return (
    <span data-testid="client-logo" className={chip}>
      {/* eslint-disable-next-line @next/next/no-img-element -- next/image's attributes without its client JavaScript */}
      <img {...props} alt={decorative ? "" : name} loading="lazy" className="h-8 w-auto max-w-40 object-contain" />
    </span>
  );
}

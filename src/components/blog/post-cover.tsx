import { getImageProps } from "next/image";
import { useId } from "react";
import { firstScreenSvgMarkup } from "@/components/marketing/inline-svg";
import { cn } from "@/lib/cn";

/** Covers are drawn for 1200x630 (the Open Graph size); other images are cropped into that box. */
export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 630;

/**
 * Local raster images go through the optimiser (resized, AVIF/WebP). SVGs cannot be optimised, and
 * remote images would need their hosts allowed in next.config, which would make the optimiser an
 * open proxy for whatever an editor pastes: both are served as they are.
 */
export function isOptimisable(src: string): boolean {
  return src.startsWith("/") && !src.startsWith("//") && !/\.svg(?:[?#]|$)/i.test(src);
}

export function PostCover({
  src,
  alt,
  sizes,
  eager = false,
  drawn = eager,
  className,
}: {
  src: string;
  alt: string;
  sizes: string;
  /** The largest image in the first screen: fetched early instead of lazily. */
  eager?: boolean;
  /**
   * In or near the first screen: a small drawing of ours is written into the page instead of
   * requested (docs/decisions/0114). The eager cover always is.
   */
  drawn?: boolean;
  className?: string;
}) {
  const classes = cn("aspect-[1200/630] w-full bg-brand-100 object-cover", className);
  const instance = useId();
  const drawing = drawn ? firstScreenSvgMarkup(src, instance) : null;
  if (drawing) {
    // A first-screen cover that is a small drawing of our own files is written into the page:
    // painted with the page instead of a round trip after it (docs/decisions/0114). "slice" crops
    // it to the box as object-cover crops an image.
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox={drawing.viewBox}
        preserveAspectRatio="xMidYMid slice"
        {...(alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true })}
        focusable="false"
        className={classes}
        // Our own file, of drawing elements only (firstScreenSvgMarkup refuses anything else).
        dangerouslySetInnerHTML={{ __html: drawing.body }}
      />
    );
  }
  // getImageProps gives next/image's srcset, sizes and dimensions as plain attributes: the same
  // optimised variants without the client component's JavaScript on public pages.
  const { props } = getImageProps({
    src,
    alt,
    width: COVER_WIDTH,
    height: COVER_HEIGHT,
    sizes,
    unoptimized: !isOptimisable(src),
    loading: eager ? "eager" : "lazy",
    fetchPriority: eager ? "high" : undefined,
    className: classes,
  });
  // eslint-disable-next-line @next/next/no-img-element -- next/image's own attributes, rendered on the server
  return <img {...props} alt={alt} />;
}

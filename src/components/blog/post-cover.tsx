import { getImageProps } from "next/image";
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
  className,
}: {
  src: string;
  alt: string;
  sizes: string;
  /** The largest image in the first screen: fetched early instead of lazily. */
  eager?: boolean;
  className?: string;
}) {
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
    className: cn("aspect-[1200/630] w-full bg-brand-100 object-cover", className),
  });
  // eslint-disable-next-line @next/next/no-img-element -- next/image's own attributes, rendered on the server
  return <img {...props} alt={alt} />;
}

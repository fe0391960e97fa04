import type { Metadata } from "next";

export interface PageMetaInput {
  title: string;
  description: string;
  /** The public path, e.g. "/about"; the canonical URL is built from the configured site URL. */
  path: string;
  /** Use the title as it is, without the " | {agency}" suffix. */
  absoluteTitle?: boolean;
  image?: string;
  type?: "website" | "article";
}

/** Title, description, canonical, Open Graph and Twitter tags for one page. */
export function pageMetadata({ title, description, path, absoluteTitle, image, type = "website" }: PageMetaInput): Metadata {
  const images = [{ url: image ?? "/og-default.jpg", width: 1200, height: 630, alt: title }];
  return {
    title: absoluteTitle ? { absolute: title } : title,
    description,
    alternates: { canonical: path },
    openGraph: { title, description, url: path, type, images },
    twitter: { card: "summary_large_image", title, description, images: images.map((i) => i.url) },
  };
}

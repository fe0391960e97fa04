import { getImageProps } from "next/image";
import { Quote } from "@/components/ui/icons";
import { isOptimisable } from "@/components/blog/post-cover";
import { StarRating } from "@/components/ui/star-rating";
import { initials } from "@/lib/display";
import { cn } from "@/lib/cn";
import type { CSSProperties } from "react";

export interface TestimonialView {
  clientName: string;
  company: string;
  role: string | null;
  content: string;
  rating: number;
  /** A photo of the person (the media library, or a public address); initials without one. */
  imageUrl?: string | null;
}

export function TestimonialCard({ testimonial, className, style }: { testimonial: TestimonialView; className?: string; style?: CSSProperties }) {
  const { clientName, company, role, content, rating, imageUrl } = testimonial;
  return (
    <figure
      data-testid="testimonial"
      style={style}
      className={cn("relative flex h-full flex-col rounded-card border border-line bg-surface p-7 shadow-card", className)}
    >
      <Quote aria-hidden="true" className="absolute top-6 right-6 size-9 text-brand-100" />
      <StarRating rating={rating} />
      <blockquote className="mt-4 flex-1 leading-relaxed text-ink-soft">
        <p>{content}</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3 border-t border-line pt-5">
        {imageUrl ? (
          // The name is beside it: the photo adds nothing a screen reader should read.
          // eslint-disable-next-line @next/next/no-img-element -- next/image's attributes without its client JavaScript
          <img
            {...getImageProps({ src: imageUrl, alt: "", width: 44, height: 44, sizes: "44px", unoptimized: !isOptimisable(imageUrl) }).props}
            alt=""
            loading="lazy"
            className="size-11 shrink-0 rounded-full bg-brand-100 object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-11 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-brand-800 text-sm font-bold text-white"
          >
            {initials(clientName)}
          </span>
        )}
        <span>
          <span className="block font-semibold text-ink">{clientName}</span>
          <span className="block text-sm text-muted">
            {role ? `${role}, ` : ""}
            {company}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}

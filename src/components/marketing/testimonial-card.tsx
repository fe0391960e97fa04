import { Quote } from "@/components/ui/icons";
import { StarRating } from "@/components/ui/star-rating";
import { cn } from "@/lib/cn";
import type { CSSProperties } from "react";
import { PersonPicture } from "./illustrated-avatar";

export interface TestimonialView {
  clientName: string;
  company: string;
  role: string | null;
  content: string;
  rating: number;
  /** A photo of the person (the media library, or a public address); the illustrated avatar drawn from the name without one. */
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
        <PersonPicture name={clientName} photoUrl={imageUrl} size={44} className="size-11" />
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

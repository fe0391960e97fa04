import { cn } from "@/lib/cn";

/**
 * The site's motif: concentric "orbit" arcs with a rising line ending in an amber dot, the same
 * gesture as the logo. Purely decorative.
 */
export function KineticArcs({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 600 600" fill="none" className={cn("pointer-events-none", className)}>
      <g stroke="currentColor" strokeWidth="1.25">
        <circle cx="420" cy="300" r="110" opacity="0.5" />
        <circle cx="420" cy="300" r="180" opacity="0.35" />
        <circle cx="420" cy="300" r="250" opacity="0.22" />
        <circle cx="420" cy="300" r="320" opacity="0.12" />
      </g>
      <path
        d="M120 470 C 220 455, 250 380, 320 360 S 430 330, 470 230 S 540 130, 575 110"
        stroke="#fbbf24"
        strokeWidth="3"
        strokeLinecap="round"
        opacity="0.8"
      />
      <circle cx="575" cy="110" r="7" fill="#fbbf24" />
      <circle cx="575" cy="110" r="16" stroke="#fbbf24" strokeOpacity="0.4" strokeWidth="2" />
    </svg>
  );
}

/** A faint dotted grid for dark bands. */
export function DotGrid({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        "pointer-events-none absolute inset-0 bg-[radial-gradient(rgb(255_255_255/0.09)_1px,transparent_1px)] [background-size:22px_22px] [mask-image:radial-gradient(ellipse_at_center,black_30%,transparent_75%)]",
        className,
      )}
    />
  );
}

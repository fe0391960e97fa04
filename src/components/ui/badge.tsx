import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

const tones = {
  neutral: "bg-brand-50 text-brand-800",
  accent: "bg-accent-300/40 text-ink",
  success: "bg-green-100 text-green-900",
  danger: "bg-red-100 text-red-900",
  muted: "bg-line/70 text-ink-soft",
} as const;

export function Badge({ tone = "neutral", className, ...props }: ComponentProps<"span"> & { tone?: keyof typeof tones }) {
  return <span className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold", tones[tone], className)} {...props} />;
}

import { Slot } from "radix-ui";
import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

const buttonStyles = cva(
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-semibold whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        primary: "bg-brand-600 text-white shadow-sm hover:bg-brand-700",
        accent: "bg-accent-400 text-ink shadow-sm hover:bg-accent-300",
        outline: "border border-line bg-surface text-ink hover:border-brand-300 hover:bg-brand-50",
        ghost: "text-ink hover:bg-brand-50",
        inverse: "border border-white/30 bg-white/10 text-white hover:bg-white/20",
        danger: "bg-danger text-white hover:bg-red-800",
      },
      size: {
        sm: "min-h-9 px-4 text-sm",
        md: "",
        lg: "min-h-12 px-7 text-base",
      },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);

/** The button look for any element (links especially); later classes win over the defaults. */
export function buttonVariants(options?: Parameters<typeof buttonStyles>[0]): string {
  return cn(buttonStyles(options));
}

export interface ButtonProps extends ComponentProps<"button">, VariantProps<typeof buttonStyles> {
  /** Render the child element (a link, usually) with the button's look instead of a <button>. */
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : "button";
  return <Component className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}

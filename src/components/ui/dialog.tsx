"use client";

import { Dialog as DialogPrimitive } from "radix-ui";
import { X } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

const overlay = "fixed inset-0 z-50 bg-ink/50 backdrop-blur-[2px]";
const panel =
  "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-card border border-line bg-surface shadow-lift focus:outline-none";

/** A modal panel: focus is trapped inside, Escape and the close button close it (Radix). */
export function DialogContent({ className, children, wide, ...props }: ComponentProps<typeof DialogPrimitive.Content> & { wide?: boolean }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlay} />
      <DialogPrimitive.Content className={cn(panel, wide ? "max-w-3xl" : "max-w-lg", className)} {...props}>
        {children}
        <DialogPrimitive.Close className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-ink">
          <X className="size-5" aria-hidden="true" />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/**
 * The dialog's title and the line under it, which says what this dialog is for. Required: a generic
 * line ("fill in the fields") read out for a dialog without fields misleads more than it helps.
 */
export function DialogHeader({ title, description }: { title: ReactNode; description: ReactNode }) {
  return (
    <div className="border-b border-line px-6 pt-5 pb-4 pr-14">
      <DialogPrimitive.Title className="text-lg font-bold">{title}</DialogPrimitive.Title>
      <DialogPrimitive.Description className="mt-1 text-sm text-ink-soft">{description}</DialogPrimitive.Description>
    </div>
  );
}

export function DialogBody({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("overflow-y-auto px-6 py-5", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-wrap justify-end gap-3 border-t border-line px-6 py-4", className)} {...props} />;
}

import { Plus } from "@/components/ui/icons";
import { cn } from "@/lib/cn";

export interface DisclosureItem {
  question: string;
  answer: string;
}

/**
 * Question-and-answer list on <details>/<summary>: keyboard-operable and working without
 * JavaScript. Sharing one `name` makes the browser keep a single item open at a time.
 */
export function DisclosureList({
  name,
  items,
  defaultOpen,
  className,
}: {
  name: string;
  items: DisclosureItem[];
  /** Index of the item open on arrival. */
  defaultOpen?: number;
  className?: string;
}) {
  return (
    <div className={cn("divide-y divide-line rounded-card border border-line bg-surface shadow-card", className)}>
      {items.map((item, index) => (
        <details key={item.question} name={name} open={index === defaultOpen} className="group">
          <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 rounded-card px-5 py-4 text-left hover:bg-brand-50/60 sm:px-6 [&::-webkit-details-marker]:hidden">
            <span className="text-base font-semibold text-ink sm:text-lg">{item.question}</span>
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 transition-transform group-open:rotate-45 group-open:bg-brand-600 group-open:text-white motion-reduce:transition-none"
            >
              <Plus className="size-4" />
            </span>
          </summary>
          <p className="px-5 pb-6 leading-relaxed text-ink-soft sm:px-6">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}

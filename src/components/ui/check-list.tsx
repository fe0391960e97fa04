import { Check } from "@/components/ui/icons";
import { cn } from "@/lib/cn";

/** A bullet list with check marks; `columns` lays long lists out in two columns from md up. */
export function CheckList({
  items,
  columns = 1,
  tone = "light",
  className,
}: {
  items: string[];
  columns?: 1 | 2;
  tone?: "light" | "dark";
  className?: string;
}) {
  return (
    <ul className={cn("grid content-start gap-3", columns === 2 && "md:grid-cols-2 md:gap-x-8", className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <span
            aria-hidden="true"
            className={cn(
              "mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full",
              tone === "dark" ? "bg-accent-400 text-ink" : "bg-brand-100 text-brand-700",
            )}
          >
            <Check className="size-3.5 stroke-3" />
          </span>
          <span className={tone === "dark" ? "text-brand-50" : "text-ink-soft"}>{item}</span>
        </li>
      ))}
    </ul>
  );
}

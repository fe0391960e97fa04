import { cn } from "@/lib/cn";

export interface Stat {
  value: string;
  label: string;
}

/** Big figures with their labels, as a description list so each value is tied to its label. */
export function StatGrid({ stats, tone = "light", className }: { stats: Stat[]; tone?: "light" | "dark"; className?: string }) {
  return (
    <dl className={cn("grid gap-px overflow-hidden rounded-card", tone === "dark" ? "bg-white/10" : "bg-line", className)}>
      {stats.map((stat) => (
        <div key={stat.label} className={cn("flex flex-col-reverse justify-end p-6 text-center", tone === "dark" ? "bg-brand-950" : "bg-surface")}>
          <dt className={cn("mt-1 text-sm font-medium", tone === "dark" ? "text-brand-200" : "text-muted")}>{stat.label}</dt>
          <dd className={cn("text-3xl font-extrabold tracking-tight md:text-4xl", tone === "dark" ? "text-white" : "text-brand-700")}>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}

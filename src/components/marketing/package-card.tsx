import Link from "next/link";
import { CalendarClock, Gauge, Sparkles, Timer } from "@/components/ui/icons";
import { packageFormHref, serviceDetailCopy, type ServicePackage, type ServiceSlug } from "@/content/services";
import { buttonVariants } from "@/components/ui/button";
import { CheckList } from "@/components/ui/check-list";
import { cn } from "@/lib/cn";
import { packagePrice } from "@/lib/display";

/** One priced package of a service: price, fees on top, terms, limits and inclusions. */
export function PackageCard({ pkg, service, headingId }: { pkg: ServicePackage; service: ServiceSlug; headingId: string }) {
  const price = packagePrice(pkg);
  const isPopular = Boolean(pkg.isMostPopular);
  const terms = [
    pkg.duration && { icon: Timer, label: "Duration", value: pkg.duration },
    pkg.minimumTerm && { icon: CalendarClock, label: "Term", value: pkg.minimumTerm },
    pkg.limit && { icon: Gauge, label: "Limit", value: pkg.limit },
  ].filter((t): t is { icon: typeof Timer; label: string; value: string } => Boolean(t));
  return (
    <article
      aria-labelledby={headingId}
      data-testid="package"
      className={cn(
        "relative flex flex-col rounded-card border p-7 sm:p-8",
        isPopular ? "border-brand-700 bg-brand-950 text-white shadow-lift lg:-my-4 lg:py-12" : "border-line bg-surface text-ink shadow-card",
      )}
    >
      {isPopular && (
        <p className="absolute -top-3.5 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-accent-400 px-4 py-1 text-xs font-bold tracking-wide whitespace-nowrap text-ink uppercase">
          <Sparkles aria-hidden="true" className="size-3.5" />
          Most Popular
        </p>
      )}
      <h3 id={headingId} className="text-xl font-bold">
        {pkg.name}
      </h3>
      <p className="mt-5 flex flex-wrap items-baseline gap-x-1.5">
        <span className="text-4xl font-extrabold tracking-tight" data-testid="package-price">
          {price.amount}
        </span>
        <span className={cn("text-sm font-semibold", isPopular ? "text-brand-200" : "text-muted")}>{price.cadence}</span>
      </p>
      {price.extras.map((extra) => (
        <p key={extra} className={cn("mt-1 text-sm font-semibold", isPopular ? "text-accent-300" : "text-brand-700")}>
          {extra}
        </p>
      ))}
      {terms.length > 0 && (
        <dl className={cn("mt-5 space-y-2 rounded-xl p-4 text-sm", isPopular ? "bg-white/10" : "bg-canvas")}>
          {terms.map(({ icon: Icon, label, value }) => (
            <div key={label} className="flex items-center gap-2">
              <dt className="flex items-center">
                <Icon aria-hidden="true" className={cn("size-4 shrink-0", isPopular ? "text-accent-300" : "text-brand-600")} />
                <span className="sr-only">{label}</span>
              </dt>
              <dd className={isPopular ? "text-brand-50" : "text-ink-soft"}>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <CheckList items={pkg.inclusions} tone={isPopular ? "dark" : "light"} className="mt-6 flex-1 text-sm" />
      <Link
        href={packageFormHref(service, pkg.name)}
        className={buttonVariants({ variant: isPopular ? "accent" : "outline", size: "lg", className: "mt-8 w-full" })}
      >
        {serviceDetailCopy.packageCta(pkg)}
        <span className="sr-only"> package</span>
      </Link>
    </article>
  );
}

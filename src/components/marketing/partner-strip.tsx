import { initials } from "@/lib/display";
import { riseDelay } from "./motion";

/** Home's strip of the six sample clients as monograms, entering 100 ms apart. */
export function PartnerStrip({ title, names }: { title: string; names: string[] }) {
  return (
    <section aria-labelledby="partners-title" className="border-b border-line bg-surface">
      <div className="container-page py-10 md:py-12">
        <h2 id="partners-title" className="text-center text-sm font-semibold tracking-wide text-muted">
          {title}
        </h2>
        <ul className="mt-6 grid grid-cols-3 gap-2.5 sm:gap-3 lg:grid-cols-6">
          {names.map((name, index) => (
            <li
              key={name}
              data-testid="partner"
              className="animate-rise flex flex-col items-center gap-2 rounded-2xl border border-line bg-canvas px-2 py-3.5 text-center sm:flex-row sm:gap-3 sm:px-4 sm:py-3 sm:text-left"
              style={riseDelay(index * 100)}
            >
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-900 text-sm font-black tracking-tight text-accent-300"
              >
                {initials(name)}
              </span>
              <span className="min-w-0 text-xs font-semibold break-words text-ink-soft sm:text-sm">{name}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

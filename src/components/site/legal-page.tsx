import type { LegalDocument } from "@/content/legal";
import { formatLegalDate } from "@/lib/format";
import { siteConfig } from "@/server/site-config";
import { PageHero } from "./page-hero";

export function LegalPage({ document }: { document: LegalDocument }) {
  const site = siteConfig();
  const fill = (text: string) => text.replaceAll("{email}", site.email).replaceAll("{phone}", site.phone);
  return (
    <>
      <PageHero eyebrow="Legal" title={document.title}>
        <p className="mt-4 text-sm text-brand-100">Last updated: {formatLegalDate(document.effectiveDate)}</p>
      </PageHero>
      <article className="container-page max-w-3xl py-14">
        <p className="text-lg leading-relaxed text-ink-soft">{fill(document.intro)}</p>
        {document.sections.map((section) => (
          <section key={section.heading} className="mt-10">
            <h2 className="text-xl font-bold">{section.heading}</h2>
            {section.paragraphs.map((p) => (
              <p key={p.slice(0, 32)} className="mt-3 leading-relaxed text-ink-soft">
                {fill(p)}
              </p>
            ))}
            {section.list && (
              <ul className="mt-3 list-disc space-y-1 pl-6 text-ink-soft">
                {section.list.map((item) => (
                  <li key={item}>{fill(item)}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </article>
    </>
  );
}

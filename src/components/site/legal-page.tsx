import { Fragment, type ReactNode } from "react";
import { CalendarDays } from "@/components/ui/icons";
import type { LegalDocument } from "@/content/legal";
import { anchorId } from "@/lib/display";
import { formatLegalDate } from "@/lib/format";
import { siteConfig, type SiteConfig } from "@/server/kernel/site-config";
import { PageHero } from "./page-hero";

/** Replaces the {email} and {phone} placeholders of the legal text with working links. */
function withContactLinks(text: string, site: SiteConfig): ReactNode {
  const parts = text.split(/(\{email\}|\{phone\})/);
  if (parts.length === 1) return text;
  return parts.map((part, index) => {
    if (part === "{email}")
      return (
        <a key={index} href={`mailto:${site.email}`} className="font-medium text-brand-700 underline underline-offset-4">
          {site.email}
        </a>
      );
    if (part === "{phone}")
      return (
        <a key={index} href={site.phoneHref} className="font-medium text-brand-700 underline underline-offset-4">
          {site.phone}
        </a>
      );
    return <Fragment key={index}>{part}</Fragment>;
  });
}

export function LegalPage({ document }: { document: LegalDocument }) {
  const site = siteConfig();
  const sections = document.sections.map((section) => ({ ...section, id: anchorId(section.heading) }));
  return (
    <>
      <PageHero eyebrow="Legal" title={document.title} breadcrumbs={[{ name: document.title, path: `/${document.slug}` }]}>
        <p className="mt-5 inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-1.5 text-sm text-brand-100">
          <CalendarDays aria-hidden="true" className="size-4 text-accent-300" />
          Last updated: <time dateTime={document.effectiveDate}>{formatLegalDate(document.effectiveDate)}</time>
        </p>
      </PageHero>
      <div className="container-page grid gap-10 py-14 md:py-20 lg:grid-cols-[15rem_1fr] lg:gap-16">
        <nav aria-labelledby="legal-toc" className="self-start lg:sticky lg:top-24">
          <h2 id="legal-toc" className="text-xs font-bold tracking-[0.18em] text-muted uppercase">
            On this page
          </h2>
          <ol className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3 lg:block lg:space-y-1 lg:border-l lg:border-line">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-flex min-h-8 items-center text-ink-soft underline-offset-4 hover:text-brand-700 hover:underline lg:-ml-px lg:border-l-2 lg:border-transparent lg:pl-4 lg:hover:border-brand-500 lg:hover:no-underline"
                >
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="max-w-3xl rounded-card border border-line bg-surface p-6 shadow-card sm:p-10">
          <p className="leading-relaxed text-ink sm:text-lg">{withContactLinks(document.intro, site)}</p>
          {sections.map((section) => (
            <section key={section.id} aria-labelledby={section.id} className="mt-10 scroll-mt-24 border-t border-line pt-8">
              <h2 id={section.id} className="text-xl font-bold tracking-tight md:text-2xl">
                {section.heading}
              </h2>
              {section.paragraphs.map((p) => (
                <p key={p.slice(0, 32)} className="mt-3 leading-relaxed text-ink-soft">
                  {withContactLinks(p, site)}
                </p>
              ))}
              {section.list && (
                <ul className="mt-4 space-y-2 text-ink-soft">
                  {section.list.map((item) => (
                    <li key={item} className="flex gap-3">
                      <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-brand-500" />
                      <span className="leading-relaxed">{withContactLinks(item, site)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </article>
      </div>
    </>
  );
}

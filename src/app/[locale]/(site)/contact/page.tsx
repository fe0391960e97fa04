import type { ReactNode } from "react";
import { ArrowRight, Clock, ExternalLink, Mail, MapPin, Phone, Reply } from "@/components/ui/icons";
import {
  contactDetails,
  contactDetailsCopy,
  contactFormCopy,
  contactHero,
  faqs,
  faqsHeading,
  faqsIntro,
  quickActions,
  quickActionsHeading,
  type QuickActionId,
} from "@/content/contact";
import { ContentIcon } from "@/components/marketing/content-icon";
import { DisclosureList } from "@/components/marketing/disclosure-list";
import { JsonLdScript } from "@/components/marketing/json-ld";
import { Breadcrumbs } from "@/components/marketing/breadcrumbs";
import { cn } from "@/lib/cn";
import { faqPageJsonLd } from "@/lib/json-ld";
import { pageMetadata } from "@/lib/metadata";
import { siteConfig } from "@/server/kernel/site-config";
import { ContactForm } from "@/components/forms/contact-form";
import { callLength, replyPromise } from "@/content/company-facts";

export const metadata = pageMetadata({
  title: "Contact Us",
  description: `Talk to a growth strategist: book a ${callLength} call, chat on WhatsApp or send us a message. We reply ${replyPromise}.`,
  path: "/contact",
});

const ACTION_STYLE: Record<QuickActionId, string> = {
  "book-call": "bg-brand-600 text-white",
  whatsapp: "bg-whatsapp text-white",
  "free-audit": "bg-accent-400 text-ink",
};

export default function ContactPage() {
  const site = siteConfig();
  const actionHref: Record<QuickActionId, { href: string; isExternal: boolean }> = {
    "book-call": { href: site.bookingUrl, isExternal: site.bookingIsExternal },
    whatsapp: { href: site.whatsappUrl, isExternal: true },
    "free-audit": { href: "/free-audit", isExternal: false },
  };
  const details: { icon: typeof Mail; label: string; value: ReactNode }[] = [
    {
      icon: Mail,
      label: contactDetailsCopy.labels.email,
      value: (
        <a href={`mailto:${site.email}`} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          {site.email}
        </a>
      ),
    },
    {
      icon: Phone,
      label: contactDetailsCopy.labels.phone,
      value: (
        <a href={site.phoneHref} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          {site.phone}
        </a>
      ),
    },
    { icon: MapPin, label: contactDetailsCopy.labels.office, value: site.office },
    { icon: Clock, label: contactDetailsCopy.labels.hours, value: site.hours },
    { icon: Reply, label: contactDetailsCopy.labels.reply, value: `We reply ${contactDetails.replyPromise}` },
  ];
  return (
    <>
      <JsonLdScript data={faqPageJsonLd(faqs)} />
      {/* A calm opening (docs/design.md): the invitation on the left, the ways to reach us on the right. */}
      <header data-opening="contact" aria-labelledby="contact-title" className="border-b border-line bg-brand-50">
        <div className="container-page grid gap-10 py-12 md:py-16 lg:grid-cols-[minmax(0,1fr)_minmax(0,30rem)] lg:items-center lg:gap-16">
          <div>
            <Breadcrumbs tone="light" trail={[{ name: "Contact", path: "/contact" }]} />
            <p className="mt-8 eyebrow text-brand-700">{contactHero.eyebrow}</p>
            <h1 id="contact-title" className="mt-3 max-w-2xl opening-title text-ink">
              {contactHero.headline}
            </h1>
            <p className="mt-5 max-w-xl opening-lead text-ink-soft">{contactHero.text}</p>
            <p className="mt-6 inline-flex items-center gap-2 text-sm font-medium text-ink-soft">
              <Reply aria-hidden="true" className="size-4 text-brand-600" />
              We reply {contactDetails.replyPromise}
            </p>
          </div>
          <section aria-labelledby="quick-actions">
            <h2 id="quick-actions" className="sr-only">
              {quickActionsHeading}
            </h2>
            <ul className="divide-y divide-line overflow-hidden rounded-card border border-line bg-surface shadow-card">
              {quickActions.map((action) => {
                const target = actionHref[action.id];
                return (
                  <li key={action.id} data-testid="quick-action" className="group relative flex gap-4 p-5 hover:bg-canvas sm:p-6">
                    <span className={cn("flex size-11 shrink-0 items-center justify-center rounded-xl", ACTION_STYLE[action.id])}>
                      <ContentIcon name={action.icon} className="size-5" />
                    </span>
                    <div className="min-w-0">
                      <h3 className="font-bold">{action.title}</h3>
                      <p className="mt-1 text-sm leading-relaxed text-ink-soft">{action.description}</p>
                      <a
                        href={target.href}
                        {...(target.isExternal ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                        className="mt-2 inline-flex min-h-6 items-center gap-2 text-sm font-semibold text-brand-700 after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-brand-500"
                      >
                        {action.ctaLabel}
                        {target.isExternal ? (
                          <>
                            <ExternalLink aria-hidden="true" className="size-4" />
                            <span className="sr-only">(opens in a new tab)</span>
                          </>
                        ) : (
                          <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-1 motion-reduce:transition-none" />
                        )}
                      </a>
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        </div>
      </header>

      <div className="container-page grid gap-8 py-16 md:py-24 lg:grid-cols-[1.2fr_0.8fr] lg:gap-12">
        <section
          id="message-form"
          aria-labelledby="message-form-title"
          data-testid="form-region"
          className="rounded-card border border-line bg-surface p-7 shadow-card sm:p-9"
        >
          <h2 id="message-form-title" className="text-2xl font-extrabold tracking-tight md:text-3xl">
            {contactFormCopy.heading}
          </h2>
          <div className="mt-6">
            <ContactForm />
          </div>
        </section>

        <section aria-labelledby="contact-details" className="self-start rounded-card bg-brand-950 p-7 text-white shadow-lift sm:p-9">
          <h2 id="contact-details" className="text-2xl font-extrabold tracking-tight">
            {contactDetailsCopy.heading}
          </h2>
          <dl className="mt-6 space-y-5" data-testid="contact-details">
            {details.map(({ icon: Icon, label, value }) => (
              <div key={label} className="relative min-h-10 pl-14">
                <dt className="text-sm text-brand-200">
                  <span className="absolute top-0 left-0 flex size-10 items-center justify-center rounded-xl bg-white/10 text-accent-300">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  {label}
                </dt>
                <dd className="text-white [&_a]:text-accent-300">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>

      <section aria-labelledby="faqs" className="bg-surface">
        <div className="container-page grid gap-10 py-20 md:py-24 lg:grid-cols-[0.8fr_1.2fr] lg:gap-16">
          <div>
            <p className="text-xs font-bold tracking-[0.18em] text-brand-600 uppercase">{faqsIntro.eyebrow}</p>
            <h2 id="faqs" className="mt-3 text-3xl font-extrabold tracking-tight text-balance md:text-4xl">
              {faqsHeading}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-ink-soft">{faqsIntro.text}</p>
          </div>
          <DisclosureList name="faq" items={faqs} defaultOpen={0} />
        </div>
      </section>
    </>
  );
}

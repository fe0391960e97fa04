import { freeAuditHero } from "@/content/free-audit";
import { AuditForm } from "@/components/forms/audit-form";
import { PageHero } from "@/components/site/page-hero";
import { pageMetadata } from "@/lib/metadata";

export const metadata = pageMetadata({
  title: "Free Growth Audit",
  description: "Get a free growth audit of your website and marketing: 3 custom growth ideas delivered within 72 hours, plus a 15-minute strategy call if you qualify.",
  path: "/free-audit",
});

export default function FreeAuditPage() {
  return (
    <>
      <PageHero eyebrow={freeAuditHero.eyebrow} title={freeAuditHero.headline} lead={freeAuditHero.text} />
      <section className="container-page max-w-3xl py-14" aria-labelledby="audit-form-heading">
        <div className="rounded-card border border-line bg-surface p-6 shadow-card md:p-8">
          <h2 id="audit-form-heading" className="mb-6 text-2xl font-bold">
            Get your free growth audit
          </h2>
          <AuditForm />
        </div>
      </section>
    </>
  );
}

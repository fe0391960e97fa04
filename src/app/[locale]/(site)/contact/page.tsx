import { contactHero } from "@/content/contact";
import { ContactForm } from "@/components/forms/contact-form";
import { PageHero } from "@/components/site/page-hero";
import { pageMetadata } from "@/lib/metadata";

export const metadata = pageMetadata({
  title: "Contact Us",
  description: "Talk to a growth strategist: book a 30-minute call, chat on WhatsApp or send us a message. We reply within 72 hours.",
  path: "/contact",
});

export default function ContactPage() {
  return (
    <>
      <PageHero eyebrow={contactHero.eyebrow} title={contactHero.headline} lead={contactHero.text} />
      <section className="container-page max-w-3xl py-14" aria-labelledby="contact-form-heading">
        <div className="rounded-card border border-line bg-surface p-6 shadow-card md:p-8">
          <h2 id="contact-form-heading" className="mb-6 text-2xl font-bold">
            Send us a message
          </h2>
          <ContactForm />
        </div>
      </section>
    </>
  );
}

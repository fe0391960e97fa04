import { contactHero } from "@/content/contact";
import { PageHero } from "@/components/site/page-hero";
import { pageMetadata } from "@/lib/metadata";

export const metadata = pageMetadata({
  title: "Contact Us",
  description: "Talk to a growth strategist: book a 30-minute call, chat on WhatsApp or send us a message. We reply within 72 hours.",
  path: "/contact",
});

export default function ContactPage() {
  return <PageHero eyebrow={contactHero.eyebrow} title={contactHero.headline} lead={contactHero.text} />;
}

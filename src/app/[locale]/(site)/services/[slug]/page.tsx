import { notFound } from "next/navigation";
import type { Metadata } from "next";
import { getService } from "@/content/services";
import { PageHero } from "@/components/site/page-hero";
import { formatRupees } from "@/lib/format";
import { pageMetadata } from "@/lib/metadata";

// Rendered on first request like every public page (docs/decisions/0003); unknown slugs 404.
export function generateStaticParams(): { slug: string }[] {
  return [];
}

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const service = getService((await params).slug);
  if (!service) return {};
  return pageMetadata({
    title: `${service.title} Services`,
    description: `${service.subtitle} Packages from ${formatRupees(service.detail.packages[0]?.price ?? service.cardPrice)}.`,
    path: `/services/${service.slug}`,
  });
}

export default async function ServiceDetailPage({ params }: Props) {
  const service = getService((await params).slug);
  if (!service) notFound();
  return (
    <>
      <PageHero eyebrow={service.title} title={service.detail.heroHeadline} lead={service.detail.heroText} />
      <section className="container-page grid gap-6 py-16 md:grid-cols-3">
        {service.detail.packages.map((pkg) => (
          <article key={pkg.name} className="rounded-card border border-line bg-surface p-6 shadow-card">
            <h2 className="text-xl font-bold">{pkg.name}</h2>
            <p className="mt-2 text-2xl font-extrabold">{formatRupees(pkg.price)}</p>
          </article>
        ))}
      </section>
    </>
  );
}

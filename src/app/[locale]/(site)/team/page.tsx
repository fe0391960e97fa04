import Link from "next/link";
import { teamPage } from "@/content/team";
import { CtaBand } from "@/components/marketing/cta-band";
import { TeamGrid } from "@/components/marketing/team-grid";
import { PageHero } from "@/components/site/page-hero";
import { ArrowRight } from "@/components/ui/icons";
import { buttonVariants } from "@/components/ui/button";
import { SectionHeading } from "@/components/ui/section-heading";
import { pageMetadata } from "@/lib/metadata";
import { listTeam } from "@/server/content/data/authors";

// Served from the cache; a change to a person revalidates it at once (docs/decisions/0003, 0103).
export const revalidate = 300;

export const metadata = pageMetadata({ title: teamPage.title, description: teamPage.description, path: "/team" });

export default async function TeamPage() {
  const members = await listTeam();
  return (
    <>
      <PageHero
        eyebrow={teamPage.hero.eyebrow}
        title={teamPage.hero.headline}
        lead={teamPage.hero.text}
        breadcrumbs={[{ name: teamPage.title, path: "/team" }]}
      />

      <section aria-label={teamPage.title} className="container-page py-16 md:py-24">
        {members.length > 0 ? <TeamGrid members={members} level={2} /> : <p className="max-w-2xl text-lg text-ink-soft">{teamPage.emptyText}</p>}
      </section>

      <section aria-labelledby="team-work" className="bg-surface">
        <div className="container-page flex flex-col justify-between gap-6 py-16 md:flex-row md:items-end md:py-20">
          <SectionHeading id="team-work" title={teamPage.workHeading} text={teamPage.workText} />
          <Link href={teamPage.workLink.href} className={buttonVariants({ variant: "outline", className: "self-start md:self-auto" })}>
            {teamPage.workLink.label}
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>
      </section>

      <CtaBand
        headline={teamPage.closing.headline}
        text={teamPage.closing.text}
        primary={teamPage.closing.primaryCta}
        secondary={teamPage.closing.secondaryCta}
      />
    </>
  );
}

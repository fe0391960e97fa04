import { aboutHero, story, storyHeading } from "@/content/about";
import { PageHero } from "@/components/site/page-hero";
import { pageMetadata } from "@/lib/metadata";

export const metadata = pageMetadata({
  title: "About Us",
  description: "Meet the Mumbai growth-marketing team behind 500+ projects: our story, values, track record and the people who will scale your brand.",
  path: "/about",
});

export default function AboutPage() {
  return (
    <>
      <PageHero eyebrow={aboutHero.eyebrow} title={aboutHero.headline} lead={aboutHero.text} />
      <section className="container-page max-w-3xl py-16">
        <h2 className="text-2xl font-bold">{storyHeading}</h2>
        {story.map((p) => (
          <p key={p.slice(0, 24)} className="mt-4 leading-relaxed text-ink-soft">
            {p}
          </p>
        ))}
      </section>
    </>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";

export const metadata: Metadata = { title: "Preview Link Expired", robots: { index: false, follow: false } };

/** An unknown, expired or revoked preview link (docs/decisions/0047): the same words whatever the reason. */
export default function PreviewGone() {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <h1 className="text-3xl font-extrabold">Preview Link Expired</h1>
      <p className="mt-3 max-w-xl text-ink-soft">This preview link has expired or was revoked. Ask the person who shared it for a new one.</p>
      <Link href="/blog" className={buttonVariants({ className: "mt-8" })}>
        Read the blog
      </Link>
    </section>
  );
}

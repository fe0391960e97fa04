import type { Metadata } from "next";
import Link from "next/link";
import { ArrowLeft } from "@/components/ui/icons";
import { buttonVariants } from "@/components/ui/button";

export const metadata: Metadata = { title: "Post Not Found" };

export default function PostNotFound() {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <h1 className="text-3xl font-extrabold">Post Not Found</h1>
      <p className="mt-3 text-ink-soft">The blog post you&apos;re looking for doesn&apos;t exist.</p>
      <Link href="/blog" className={buttonVariants({ className: "mt-8" })}>
        <ArrowLeft aria-hidden="true" />
        Back to Blog
      </Link>
    </section>
  );
}

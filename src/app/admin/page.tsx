import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = {
  title: "Admin Dashboard",
  description: "Manage leads, contact messages, case studies, testimonials and blog posts.",
  robots: { index: false, follow: false },
};

export default function AdminPage() {
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center px-6 text-center">
      <h1 className="text-3xl font-bold">Admin Dashboard</h1>
      <p className="mt-3 max-w-md text-ink-soft">Sign in to manage content.</p>
      <Link href="/auth" className="mt-8 underline">
        Go to sign in
      </Link>
    </main>
  );
}

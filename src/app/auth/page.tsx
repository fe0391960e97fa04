import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = {
  title: "Sign In",
  description: "Sign in to manage leads, messages and content.",
  robots: { index: false, follow: false },
};

export default function AuthPage() {
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center px-6 text-center">
      <h1 className="text-3xl font-bold">Sign in</h1>
      <p className="mt-3 max-w-md text-ink-soft">Staff accounts are not open yet.</p>
      <Link href="/" className="mt-8 underline">
        Back to the site
      </Link>
    </main>
  );
}

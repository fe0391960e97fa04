"use client";

import Link from "next/link";
import { useEffect } from "react";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center px-6 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-3 max-w-md text-ink-soft">
        We could not show this page just now. Please try again; if it keeps happening, write to us and quote
        {error.digest ? ` reference ${error.digest}` : " the time of the error"}.
      </p>
      <div className="mt-8 flex gap-3">
        <button type="button" onClick={reset} className="inline-flex min-h-11 items-center rounded-full bg-brand-600 px-6 font-semibold text-white">
          Try again
        </button>
        <Link href="/" className="inline-flex min-h-11 items-center rounded-full border border-line px-6 font-semibold">
          Return to Home
        </Link>
      </div>
    </main>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { AuthShell } from "@/components/auth/auth-shell";
import { Button } from "@/components/ui/button";
import { claimOwnerAction } from "@/server/team/first-owner-actions";
import { getSessionUser } from "@/server/kernel/session/auth-guard";
import { isSetupToken } from "@/server/kernel/session/first-owner";
import { hasOwner } from "@/server/kernel/session/data/profiles";

export const metadata: Metadata = {
  title: "Set Up the Site",
  description: "Make the first verified account of this site its owner.",
  robots: { index: false, follow: false },
  // The token stays out of the Referer of links to other sites; this site's own POST keeps its Origin.
  referrer: "same-origin",
};

// Only what can be put right while the site has no owner: a claim that finds an owner already
// (state=taken) lands on the closed link below, which says so and how to be invited.
const REFUSALS: Record<string, string> = {
  unverified: "Verify your e-mail address first (the link is in the e-mail we sent you), then open this set-up link again.",
  "signed-out": "Sign in first, then open this set-up link again.",
};

/**
 * The first owner of a fresh install, without a terminal (docs/decisions/0084): the link written to
 * the server's log and to DATA_DIR at start-up opens this page; the signed-in, verified account that
 * presses the button becomes the owner. Once there is an owner the link opens nothing.
 */
export default async function SetupPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const token = typeof params.token === "string" ? params.token : "";
  const state = typeof params.state === "string" ? params.state : "";
  if (!isSetupToken(token) || (await hasOwner())) {
    return (
      <AuthShell title="This link does not work">
        <div role="alert" className="space-y-4 text-sm" data-testid="setup-state" data-state="closed">
          <p>This set-up link is not valid, or the site already has an owner. An owner can invite you from the Team screen.</p>
          <Link href="/auth" className="font-semibold text-brand-700 hover:underline">
            Go to sign in
          </Link>
        </div>
      </AuthShell>
    );
  }
  const user = await getSessionUser();
  const refusal = REFUSALS[state];
  return (
    <AuthShell title="Set up your site" subtitle="This site has no owner yet. The owner manages the team, the settings and everything else.">
      {refusal && (
        <p role="alert" className="mb-5 rounded-xl border border-line bg-brand-50 p-3 text-sm">
          {refusal}
        </p>
      )}
      {!user ? (
        <div className="space-y-4 text-sm" data-testid="setup-state" data-state="signed-out">
          <ol className="list-decimal space-y-1 pl-5">
            <li>Create your account (or sign in if you have one).</li>
            <li>Verify your e-mail address with the link we send you.</li>
            <li>Open this set-up link again and press “Become the owner”.</li>
          </ol>
          <div className="flex flex-wrap gap-3">
            <Link href="/auth?mode=signup" className="font-semibold text-brand-700 hover:underline">
              Create an account
            </Link>
            <Link href="/auth" className="font-semibold text-brand-700 hover:underline">
              Sign in
            </Link>
          </div>
        </div>
      ) : !user.emailVerified ? (
        <p className="text-sm" data-testid="setup-state" data-state="unverified">
          You are signed in as {user.email}. Verify your e-mail address first (the link is in the e-mail we sent you), then open this set-up link again.
        </p>
      ) : (
        <form action={claimOwnerAction} className="space-y-4 text-sm" data-testid="setup-state" data-state="ready">
          <input type="hidden" name="token" value={token} />
          <p>
            You are signed in as <strong>{user.email}</strong>. Becoming the owner gives this account every permission; the link then stops working.
          </p>
          <Button type="submit" className="w-full">
            Become the owner
          </Button>
        </form>
      )}
    </AuthShell>
  );
}

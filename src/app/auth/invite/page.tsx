import type { Metadata } from "next";
import Link from "next/link";
import { AuthShell } from "@/components/auth/auth-shell";
import { AcceptInvitationForm } from "@/components/auth/invite-form";
import { ROLE_LABELS } from "@/lib/admin-tables/definition";
import { INVITATION_WORDS, readInvitation } from "@/server/team/data/team";

export const metadata: Metadata = {
  title: "Join the Team",
  description: "Accept your invitation to the Kinetic Growth dashboard.",
  robots: { index: false, follow: false },
};

export default async function InvitePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const token = typeof params.token === "string" ? params.token : "";
  const invitation = await readInvitation(token);
  return (
    <AuthShell title="Join the team">
      {invitation.kind === "valid" ? (
        <>
          <p className="mb-5 text-sm text-ink-soft">
            You are invited as <strong>{ROLE_LABELS[invitation.role]}</strong>. Choose your name and a password to open the dashboard.
          </p>
          <AcceptInvitationForm token={token} email={invitation.email} />
        </>
      ) : (
        <div role="alert" className="space-y-4 text-sm" data-testid="invitation-state" data-state={invitation.kind}>
          <p>{INVITATION_WORDS[invitation.kind]}</p>
          <Link href="/auth" className="font-semibold text-brand-700 hover:underline">
            Go to sign in
          </Link>
        </div>
      )}
    </AuthShell>
  );
}

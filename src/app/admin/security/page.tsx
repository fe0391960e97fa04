import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { BackupCodes, ConfirmTotpForm, DisableTwoFactorForm, StartTotpForm, TeamTwoFactorForm, Toasts } from "@/components/admin/security-forms";
import { SignOutButton } from "@/components/admin/sign-out-button";
import { NoticeToast } from "@/components/auth/form-answer";
import { TEAM_DESK } from "@/lib/admin-tables/definition";
import { getViewer } from "@/server/kernel/session/auth-guard";
import { isTwoFactorRequired } from "@/server/kernel/session/data/team-settings";
import { backupCodesLeft, pendingTotp, unsavedBackupCodes } from "@/server/kernel/session/data/two-factor";
import { listMyPasskeys } from "@/server/team/data/passkeys";
import { AddPasskeyForm, PasskeyRow } from "@/components/admin/passkey-forms";
import { formatAdminDate } from "@/lib/format";
import { siteConfig } from "@/server/kernel/site-config";

export const metadata: Metadata = {
  title: "Security",
  description: "Two-factor sign-in for your account.",
  robots: { index: false, follow: false },
};

const NOTICES: Record<string, string> = {
  enabled: "Two-factor sign-in is on. Save your backup codes now: they are shown only this once.",
  saved: "Your backup codes are hidden for good. Backup codes left shows how many you still have.",
  disabled: "Two-factor sign-in is off.",
};

/**
 * The signed-in member's own security: every member may set up a second factor (the team may
 * require it before anything else, docs/decisions/0036), so this page asks for a session, not a role.
 */
export default async function SecurityPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await getViewer();
  if (viewer.kind === "anonymous") redirect("/auth");
  const { user } = viewer;
  const params = await searchParams;
  const [required, pending, codesLeft, unsavedCodes, keys] = await Promise.all([
    isTwoFactorRequired(),
    user.twoFactorEnabled ? null : pendingTotp(user.id, user.email),
    user.twoFactorEnabled ? backupCodesLeft(user.id) : 0,
    user.twoFactorEnabled ? unsavedBackupCodes(user.id) : null,
    listMyPasskeys(user.id),
  ]);
  const notice = Object.keys(NOTICES).find((k) => params[k]);
  return (
    <div className="min-h-dvh bg-canvas">
      <Toasts />
      {notice && <NoticeToast title="Security" message={NOTICES[notice]!} />}
      <header className="border-b border-line bg-surface">
        <div className="container-page flex min-h-16 flex-wrap items-center justify-between gap-3 py-2">
          <Link href="/admin" className="flex min-h-11 items-center font-semibold text-brand-700 hover:underline">
            ← Dashboard
          </Link>
          <SignOutButton />
        </div>
      </header>
      <main id="main" className="container-page max-w-3xl space-y-8 py-8">
        <h1 className="text-2xl font-extrabold tracking-tight">Security</h1>
        {required && !user.secondFactor && (
          <p role="alert" className="rounded-xl border border-line bg-brand-50 p-3 text-sm">
            <strong>Two-factor sign-in required.</strong> The team asks every member for a second factor: set up an authenticator app here, or
            {keys.length > 0 ? " sign out and sign in again with your passkey" : " add a passkey and sign in with it"}, before using the dashboard.
          </p>
        )}
        <section aria-labelledby="two-factor-heading" className="space-y-4 rounded-card border border-line bg-surface p-6">
          <h2 id="two-factor-heading" className="text-lg font-bold">
            Two-factor sign-in
          </h2>
          {user.twoFactorEnabled ? (
            <>
              <p data-testid="two-factor-status">
                On: signing in asks for a code from your authenticator app after your password. Backup codes left: {codesLeft} of 10.
              </p>
              {unsavedCodes && <BackupCodes codes={unsavedCodes} site={siteConfig().name} />}
              <DisableTwoFactorForm />
            </>
          ) : pending ? (
            <>
              <p data-testid="two-factor-status">Almost on. Scan the QR code with your authenticator app (or type the secret), then enter the code it shows.</p>
              <div className="flex flex-wrap items-start gap-6">
                {/* An SVG the qrcode library made on the server from the otpauth:// address: no script, no request. */}
                <div
                  role="img"
                  aria-label="QR code for your authenticator app"
                  className="size-48 bg-white p-2"
                  dangerouslySetInnerHTML={{ __html: pending.qrSvg }}
                />
                <div className="space-y-3 text-sm">
                  <p>
                    Secret:{" "}
                    <code data-testid="totp-secret" className="font-mono break-all">
                      {pending.secret}
                    </code>
                  </p>
                  <p className="text-ink-soft">Your ten backup codes come once the app is confirmed.</p>
                </div>
              </div>
              <ConfirmTotpForm />
            </>
          ) : (
            <>
              <p data-testid="two-factor-status">Off: your password alone signs you in. Add an authenticator app for a second factor.</p>
              <StartTotpForm />
            </>
          )}
        </section>
        <section aria-labelledby="passkeys-heading" className="space-y-4 rounded-card border border-line bg-surface p-6">
          <h2 id="passkeys-heading" className="text-lg font-bold">
            Passkeys
          </h2>
          <p className="text-sm text-ink-soft">
            A passkey signs you in with your device&apos;s screen lock (PIN, fingerprint or face) instead of your password and code: both factors in one step.
            It stays on your device or password manager; this site keeps only its public key.
          </p>
          {keys.length > 0 ? (
            <ul aria-label="Your passkeys" className="space-y-3">
              {keys.map((key) => (
                <PasskeyRow
                  key={key.id}
                  id={key.id}
                  name={key.name ?? "Unnamed passkey"}
                  detail={`Added ${key.createdAt ? formatAdminDate(key.createdAt) : "earlier"} · ${key.lastUsedAt ? `last used ${formatAdminDate(key.lastUsedAt)}` : "not used yet"}${key.backedUp ? " · synced" : ""}`}
                />
              ))}
            </ul>
          ) : (
            <p data-testid="passkeys-status">No passkeys yet.</p>
          )}
          <AddPasskeyForm />
        </section>
        {viewer.kind === "staff" && TEAM_DESK.write.includes(viewer.user.role) && (
          <section aria-labelledby="team-security-heading" className="space-y-4 rounded-card border border-line bg-surface p-6">
            <h2 id="team-security-heading" className="text-lg font-bold">
              Team
            </h2>
            <TeamTwoFactorForm required={required} />
          </section>
        )}
      </main>
    </div>
  );
}

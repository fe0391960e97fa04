import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthForms } from "@/components/auth/auth-forms";
import { AuthShell } from "@/components/auth/auth-shell";
import { NoticeToast } from "@/components/auth/form-answer";
import { getSessionUser } from "@/server/kernel/session/auth-guard";
import { hasVerifiedAdmin } from "@/server/kernel/session/data/profiles";
import { signUpSetting } from "@/server/team/data/team";
import { env } from "@/server/kernel/env";
import { isLoopbackRequest } from "@/server/kernel/request-info";

export const metadata: Metadata = {
  title: "Sign In",
  description: "Sign in to the Kinetic Growth dashboard to manage leads, messages, case studies, testimonials and blog posts.",
  robots: { index: false, follow: false },
};

const NOTICES: Record<string, { title: string; message: string; tone: "success" | "error" }> = {
  verified: { title: "Email Verified", message: "Thank you. You can sign in now.", tone: "success" },
  reset: { title: "Password Changed", message: "Your new password is set. Sign in with it.", tone: "success" },
  INVALID_TOKEN: { title: "Link Expired", message: "That link has expired or was already used. Sign in to get a new verification e-mail.", tone: "error" },
  TOKEN_EXPIRED: { title: "Link Expired", message: "That link has expired. Sign in to get a new verification e-mail.", tone: "error" },
  LINK_USED: {
    title: "Link Already Used",
    message: "That verification link was already used: each works once. Sign in; if your address is not verified yet, we e-mail you a new link.",
    tone: "error",
  },
};

/**
 * How the first admin is made: shown only while no one can open the dashboard yet, and only to a
 * browser on the server's own machine (the person installing it); the configured addresses only in
 * development. If the database cannot answer, it is left out.
 */
async function FirstAdminHint() {
  const e = env();
  const isDevelopment = e.NODE_ENV === "development";
  if (!(await isLoopbackRequest())) return null;
  const adminExists = await hasVerifiedAdmin().catch(() => true);
  if (adminExists) return null;
  return (
    <div className="text-left">
      <p className="font-semibold text-ink">Setting up the first admin</p>
      <p className="mt-1">
        Create an account, verify it, then open the one-time set-up link the server wrote to its log and to <code>setup-link.txt</code> in its data folder. Or
        create it with an address listed in <code>ADMIN_EMAILS</code>
        {isDevelopment && e.ADMIN_EMAILS.length > 0 ? ` (${e.ADMIN_EMAILS.join(", ")})` : ""} and verify it: it becomes owner. Or run{" "}
        <code>npm run admin -- grant you@example.com</code>. Without SMTP settings, e-mails (and their links) are written to <code>data/outbox</code>.
      </p>
    </div>
  );
}

export default async function AuthPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (await getSessionUser()) redirect("/admin");
  const params = await searchParams;
  const mode = params.mode === "signup" ? "signup" : "signin";
  // An error first: better-auth appends it to the callback address, which carries ?verified=1.
  const noticeKey = [typeof params.error === "string" && params.error, params.verified && "verified", params.reset && "reset"].find(
    (k): k is string => typeof k === "string" && k in NOTICES,
  );
  const notice = noticeKey ? NOTICES[noticeKey] : undefined;
  const isSignUpEnabled = (await signUpSetting().catch(() => ({ open: env().AUTH_SIGNUP_ENABLED }))).open;
  return (
    <AuthShell footer={<FirstAdminHint />}>
      <AuthForms
        initialMode={mode}
        isSignUpEnabled={isSignUpEnabled}
        subtitle="Admin access for the Kinetic Growth team."
        notice={
          notice && (
            <>
              <p role={notice.tone === "success" ? "status" : "alert"} className="mb-5 rounded-xl border border-line bg-brand-50 p-3 text-sm">
                <strong>{notice.title}.</strong> {notice.message}
              </p>
              <NoticeToast title={notice.title} message={notice.message} tone={notice.tone} />
            </>
          )
        }
      />
    </AuthShell>
  );
}

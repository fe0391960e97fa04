import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthShell } from "@/components/auth/auth-shell";
import { SecondFactorForms } from "@/components/auth/second-factor-forms";
import { getSessionUser } from "@/server/kernel/session/auth-guard";

export const metadata: Metadata = {
  title: "Two-Factor Sign-In",
  description: "Enter the code from your authenticator app to finish signing in.",
  robots: { index: false, follow: false },
};

export default async function TwoFactorPage() {
  if (await getSessionUser()) redirect("/admin");
  return (
    <AuthShell
      title="One more step"
      subtitle="Your password was right. Enter the code from your authenticator app to finish signing in."
      footer={
        <Link href="/auth" className="font-semibold text-brand-700 hover:underline">
          Back to sign in
        </Link>
      }
    >
      <SecondFactorForms />
    </AuthShell>
  );
}

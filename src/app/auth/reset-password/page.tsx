import type { Metadata } from "next";
import Link from "next/link";
import { AuthShell } from "@/components/auth/auth-shell";
import { ResetPasswordForm } from "@/components/auth/password-forms";

export const metadata: Metadata = {
  title: "Choose a New Password",
  description: "Choose a new password for your Kinetic Growth account.",
  robots: { index: false, follow: false },
};

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const token = typeof params.token === "string" ? params.token : "";
  const isInvalid = !token || params.error === "INVALID_TOKEN";
  return (
    <AuthShell title="Choose a new password">
      {isInvalid ? (
        <div role="alert" className="space-y-4 text-sm">
          <p>This reset link has expired or was already used.</p>
          <Link href="/auth/forgot-password" className="font-semibold text-brand-700 hover:underline">
            Ask for a new link
          </Link>
        </div>
      ) : (
        <ResetPasswordForm token={token} />
      )}
    </AuthShell>
  );
}

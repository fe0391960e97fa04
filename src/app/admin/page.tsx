import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AccessDenied } from "@/components/admin/access-denied";
import { SignOutButton } from "@/components/admin/sign-out-button";
import { NoticeToast, Toasts } from "@/components/auth/form-answer";
import { LogoMark } from "@/components/site/logo";
import { getViewer } from "@/server/auth-guard";

export const metadata: Metadata = {
  title: "Admin Dashboard",
  description: "Manage leads, contact messages, case studies, testimonials and blog posts.",
  robots: { index: false, follow: false },
};

export default async function AdminPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await getViewer();
  if (viewer.kind === "anonymous") redirect("/auth");
  if (viewer.kind === "denied") return <AccessDenied email={viewer.user.email} isVerified={viewer.user.emailVerified} />;
  const params = await searchParams;
  return (
    <div className="min-h-dvh bg-canvas">
      <Toasts />
      {params.welcome && <NoticeToast title="Welcome Back!" message="You have been successfully logged in." />}
      <header className="border-b border-line bg-surface">
        <div className="container-page flex h-16 items-center justify-between gap-4">
          <div className="flex items-center gap-2.5 font-bold">
            <LogoMark className="size-8" />
            Admin Dashboard
          </div>
          <SignOutButton />
        </div>
      </header>
      <main id="main" className="container-page py-10">
        <h1 className="text-2xl font-extrabold">Admin Dashboard</h1>
        <p className="mt-1 text-ink-soft">Welcome, {viewer.user.email}</p>
      </main>
    </div>
  );
}

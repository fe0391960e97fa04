import { parseLocaleSegment } from "@/lib/experiments";
import { pageMetadata } from "@/lib/metadata";
import { copyFor } from "@/server/experiments";
import { FreeAuditView } from "./free-audit-view";
import { callLength, replyPromise } from "@/content/company-facts";

export const metadata = pageMetadata({
  title: "Free Growth Audit",
  description: `Get a free growth audit of your website and marketing: 3 custom growth ideas delivered ${replyPromise}, plus a ${callLength} strategy call if you qualify.`,
  path: "/free-audit",
});

export default async function FreeAuditPage({ params }: { params: Promise<{ locale: string }> }) {
  // The opening's copy: its own, or an A/B experiment variant's (docs/decisions/0110).
  const copy = await copyFor("free-audit-hero", parseLocaleSegment((await params).locale)?.variant ?? null);
  return <FreeAuditView copy={copy} />;
}

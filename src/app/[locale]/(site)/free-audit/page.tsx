import { pageMetadata } from "@/lib/metadata";
import { FreeAuditView } from "./free-audit-view";
import { callLength, replyPromise } from "@/content/company-facts";

export const metadata = pageMetadata({
  title: "Free Growth Audit",
  description: `Get a free growth audit of your website and marketing: 3 custom growth ideas delivered ${replyPromise}, plus a ${callLength} strategy call if you qualify.`,
  path: "/free-audit",
});

export default function FreeAuditPage() {
  return <FreeAuditView />;
}

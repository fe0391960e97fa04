import { pageMetadata } from "@/lib/metadata";
import { FreeAuditView } from "./free-audit-view";

export const metadata = pageMetadata({
  title: "Free Growth Audit",
  description:
    "Get a free growth audit of your website and marketing: 3 custom growth ideas delivered within 72 hours, plus a 15-minute strategy call if you qualify.",
  path: "/free-audit",
});

export default function FreeAuditPage() {
  return <FreeAuditView />;
}

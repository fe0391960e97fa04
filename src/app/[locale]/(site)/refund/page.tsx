import { refundPolicy } from "@/content/legal";
import { LegalPage } from "@/components/site/legal-page";
import { pageMetadata } from "@/lib/metadata";

export const metadata = pageMetadata({
  title: refundPolicy.title,
  description: refundPolicy.description,
  path: "/refund",
});

export default function Page() {
  return <LegalPage document={refundPolicy} />;
}

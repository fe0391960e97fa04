import { privacyPolicy } from "@/content/legal";
import { LegalPage } from "@/components/site/legal-page";
import { pageMetadata } from "@/lib/metadata";

export const metadata = pageMetadata({
  title: privacyPolicy.title,
  description: privacyPolicy.description,
  path: "/privacy",
});

export default function Page() {
  return <LegalPage document={privacyPolicy} />;
}

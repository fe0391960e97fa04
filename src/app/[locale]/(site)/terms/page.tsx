import { termsOfService } from "@/content/legal";
import { LegalPage } from "@/components/site/legal-page";
import { pageMetadata } from "@/lib/metadata";

export const metadata = pageMetadata({
  title: termsOfService.title,
  description: termsOfService.description,
  path: "/terms",
});

export default function Page() {
  return <LegalPage document={termsOfService} />;
}

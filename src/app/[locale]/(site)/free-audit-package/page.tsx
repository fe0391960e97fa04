import { packageChoices } from "@/content/services";
import { pageMetadata } from "@/lib/metadata";
import { FreeAuditView } from "../free-audit/free-audit-view";
import { callLength, replyPromise } from "@/content/company-facts";

/**
 * /free-audit?service=<slug>&package=<name>, a pricing card's link: next.config.ts rewrites it here, so
 * that the cached /free-audit never reads the query. The named package is selected in the form on the
 * server, so the choice reaches the form without JavaScript too. A name that is no package of the
 * catalogue selects nothing ("Not sure yet"). Never indexed: /free-audit is the canonical page.
 */
export const dynamic = "force-dynamic";

export const metadata = pageMetadata({
  title: "Free Growth Audit",
  description: `Get a free growth audit of your website and marketing: 3 custom growth ideas delivered ${replyPromise}, plus a ${callLength} strategy call if you qualify.`,
  path: "/free-audit",
  noIndex: true,
});

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

export default async function FreeAuditPackagePage({ searchParams }: Props) {
  const params = await searchParams;
  const value = `${first(params.service)}/${first(params.package)}`;
  const chosen = packageChoices().some((choice) => choice.value === value) ? value : undefined;
  return <FreeAuditView chosen={chosen} />;
}

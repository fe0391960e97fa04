import { packageChoices } from "@/content/services";
import { parseLocaleSegment } from "@/lib/experiments";
import { pageMetadata } from "@/lib/metadata";
import { copyFor } from "@/server/experiments";
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

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

export default async function FreeAuditPackagePage({ params, searchParams }: Props) {
  const query = await searchParams;
  const value = `${first(query.service)}/${first(query.package)}`;
  const chosen = packageChoices().some((choice) => choice.value === value) ? value : undefined;
  // The host assigns by /free-audit's path, query or not: a visitor in a variant sees its opening here too.
  const copy = await copyFor("free-audit-hero", parseLocaleSegment((await params).locale)?.variant ?? null);
  return <FreeAuditView chosen={chosen} copy={copy} />;
}

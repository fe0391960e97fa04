import { CheckLinksForm } from "@/components/admin/link-check-form";
import { formatAdminDate } from "@/lib/format";
import type { LinkCheckFindingRow } from "@/server/kernel/db/schema";
import type { LinkCheckReport } from "@/server/seo/data/link-checks";

const PROBLEMS: Record<LinkCheckFindingRow["problem"], string> = {
  broken: "Broken link",
  "missing-image": "Missing image",
  redirect: "Redirects",
  unreachable: "Other site not answering",
  refused: "Private address (not checked)",
};

function problemText(f: LinkCheckFindingRow): string {
  if (f.problem === "redirect") return `Answers ${f.status ?? "a redirect"}: link straight to ${f.target}`;
  const status = f.status === null ? "" : ` (${f.status})`;
  return `${PROBLEMS[f.problem]}${status}${f.detail ? `: ${f.detail}` : ""}`;
}

/**
 * The link checker (docs/decisions/0098): the last check's findings grouped per page, with where
 * each link or image is (the page's own content, or its header and footer), a post's writing room
 * to mend it in, and for a redirect the address to link to instead. "Check links now" queues a check.
 */
export function LinkCheckSection({ report }: { report: LinkCheckReport }) {
  const { pending, last, pages } = report;
  return (
    <section aria-labelledby="link-check" data-testid="link-check">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="link-check" className="text-lg font-bold">
          Links and images
        </h2>
        <CheckLinksForm />
      </div>
      <p className="mt-1 text-sm text-ink-soft">
        Every page of the sitemap is read every night at 3, and its links and images followed: links to missing pages, missing images, links that take a
        redirect, and other sites that do not answer.
      </p>
      {pending ? (
        <p className="mt-2 text-sm font-semibold" role="status">
          {pending.status === "running" ? "A check is running now." : "A check is waiting to start."} Reload the page to see its findings when it ends.
        </p>
      ) : null}
      {!last ? (
        <p className="mt-2 text-sm text-ink-soft">No check has run yet.</p>
      ) : (
        <>
          <p className="mt-2 text-sm" data-testid="link-check-summary">
            {last.status === "failed"
              ? `The last check, started ${last.startedAt ? formatAdminDate(last.startedAt) : "—"}, failed: ${last.error ?? "no reason given"}.`
              : `Last check ${last.finishedAt ? formatAdminDate(last.finishedAt) : ""}: ${last.pages} pages, ${last.links} addresses, ${last.findings} ${last.findings === 1 ? "finding" : "findings"}.`}
          </p>
          {last.status === "done" && pages.length === 0 ? <p className="mt-2 text-sm text-ink-soft">Every link and image answered.</p> : null}
          {pages.map((p) => (
            <div key={p.page} className="mt-4 rounded-2xl border border-line bg-surface p-4" data-testid={`link-check-page-${p.page}`}>
              <div className="flex flex-wrap items-baseline justify-between gap-3">
                <h3 className="font-mono text-sm font-bold break-all">{p.page}</h3>
                {p.editHref ? (
                  <a href={p.editHref} className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
                    Edit in the writing room<span className="sr-only"> ({p.page})</span>
                  </a>
                ) : null}
              </div>
              <div className="mt-2 overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Findings on {p.page}</caption>
                  <thead>
                    <tr className="border-b border-line">
                      {["Link or image", "Text", "Where", "Problem"].map((head) => (
                        <th key={head} scope="col" className="py-2 pr-4">
                          {head}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {p.findings.map((f) => (
                      <tr key={f.id} className="border-b border-line align-top">
                        <td className="py-2 pr-4 font-mono break-all">{f.url}</td>
                        <td className="py-2 pr-4">
                          {f.element === "img" ? "Image: " : ""}
                          {f.label || "—"}
                        </td>
                        <td className="py-2 pr-4">{f.inMain ? "Page content" : "Header, footer or menu"}</td>
                        <td className="py-2 pr-4 break-all">{problemText(f)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          ))}
        </>
      )}
    </section>
  );
}

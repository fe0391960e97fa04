import Link from "next/link";
import { notFound } from "next/navigation";
import { DashboardShell } from "@/components/admin/dashboard-nav";
import { EditSendForm, LiveProgress, SendControls, SendTestForm } from "@/components/admin/newsletter-forms";
import { SEND_STATUS_LABELS } from "@/lib/newsletter";
import { formatAdminDate } from "@/lib/format";
import { toSiteDateTimeInput } from "@/lib/site-time";
import { dashboardHref } from "@/lib/routes";
import { navCounts, openScreen } from "@/app/admin/dashboard-gate";
import { blogTags, getSendView } from "@/server/newsletter/data/newsletter-sends";
import { previewLetter } from "@/server/newsletter/send";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One send: its draft (subject, preview text, topics, a letter's body), a preview at a desktop and
 * a phone width, a test to the signed-in member, sending now or at a time, pause and resume, and
 * its progress and report (docs/newsletter.md). Rendered on the server: a reload shows the progress
 * without JavaScript; with it, the page refreshes itself while the send goes out.
 */
export default async function SendPage({ params }: { params: Promise<{ id: string }> }) {
  const gate = await openScreen("newsletter");
  if (gate.kind === "denied") return gate.page;
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const [counts, view, tags] = await Promise.all([navCounts(gate.screens), getSendView(id), blogTags()]);
  if (!view) notFound();
  const { send, progress, post } = view;
  const editable = send.status === "draft" || send.status === "scheduled";
  const preview = await previewLetter(send);
  const live = send.status === "sending";
  const remaining = progress.pending;
  return (
    <DashboardShell screens={gate.screens} current="newsletter" counts={counts}>
      <LiveProgress active={live} />
      <div className="mt-6 grid gap-8">
        <div>
          <Link href={dashboardHref("newsletter")} className="text-sm font-semibold text-brand-700 hover:underline">
            ← All letters
          </Link>
          <h2 className="mt-2 text-xl font-bold">{send.subject}</h2>
          <p className="mt-1 text-sm text-ink-soft" data-testid="send-status">
            {SEND_STATUS_LABELS[send.status]}
            {send.status === "scheduled" && send.scheduledAt && ` for ${formatAdminDate(send.scheduledAt)}`}
            {send.finishedAt && ` on ${formatAdminDate(send.finishedAt)}`}
            {post && (
              <>
                {" · from the post "}
                <a href={`/blog/${post.slug}`} className="text-brand-700 hover:underline">
                  {post.title}
                </a>
              </>
            )}
          </p>
        </div>

        {send.queuedAt && (
          <section aria-labelledby="send-progress" className="rounded-2xl border border-line bg-surface p-5">
            <h3 id="send-progress" className="font-bold">
              {send.status === "sent" ? "Report" : "Progress"}
            </h3>
            <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4 lg:grid-cols-7" data-testid="send-report">
              {[
                ["Recipients", progress.total],
                ["Sent", progress.sent],
                ["Remaining", remaining],
                ["Failed", progress.failed],
                ["Bounced", progress.bounced],
                ["Skipped (left before their turn)", progress.skipped],
                ["Unsubscribed from this send", view.unsubscribed],
              ].map(([label, value]) => (
                <div key={label}>
                  <dt className="text-muted">{label}</dt>
                  <dd className="text-lg font-bold" data-testid={`report-${String(label).split(" ")[0]!.toLowerCase()}`}>
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
            {view.links.length > 0 && (
              <>
                <h4 className="mt-5 text-sm font-bold">Clicks ({view.clickers} recipients clicked)</h4>
                <table className="mt-2 w-full text-left text-sm" data-testid="send-links">
                  <thead>
                    <tr className="border-b border-line">
                      <th scope="col" className="py-1 pr-4">
                        Link
                      </th>
                      <th scope="col" className="py-1 pr-4">
                        Clicks
                      </th>
                      <th scope="col" className="py-1 pr-4">
                        Recipients who clicked
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {view.links.map((l) => (
                      <tr key={l.url} className="border-b border-line">
                        <td className="py-1 pr-4 break-all">{l.url}</td>
                        <td className="py-1 pr-4">{l.clicks}</td>
                        <td className="py-1 pr-4">{l.clickers}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            )}
          </section>
        )}

        <section aria-labelledby="send-actions" className="grid gap-4 rounded-2xl border border-line bg-surface p-5">
          <h3 id="send-actions" className="font-bold">
            Send
          </h3>
          <SendTestForm id={send.id} email={gate.user.email} />
          <SendControls
            id={send.id}
            status={send.status}
            scheduledAt={send.scheduledAt ? toSiteDateTimeInput(send.scheduledAt) : ""}
            recipientsHint={send.topics.length ? `to subscribers of ${send.topics.join(", ")}` : "to every subscriber"}
          />
        </section>

        {editable && (
          <section aria-labelledby="send-edit" className="rounded-2xl border border-line bg-surface p-5">
            <h3 id="send-edit" className="mb-4 font-bold">
              Letter
            </h3>
            <EditSendForm
              id={send.id}
              subject={send.subject}
              previewText={send.previewText ?? ""}
              topics={send.topics}
              tags={tags}
              body={send.postId ? null : (send.body ?? "")}
            />
          </section>
        )}

        <section aria-labelledby="send-preview">
          <h3 id="send-preview" className="font-bold">
            Preview
          </h3>
          <div className="mt-3 flex flex-wrap items-start gap-6">
            <figure>
              <figcaption className="mb-1 text-xs text-muted">Desktop (640 px)</figcaption>
              <iframe
                title="Preview at a desktop width"
                srcDoc={preview.html}
                sandbox=""
                className="h-[720px] w-[640px] max-w-full rounded-lg border border-line bg-white"
                data-testid="preview-desktop"
              />
            </figure>
            <figure>
              <figcaption className="mb-1 text-xs text-muted">Phone (375 px)</figcaption>
              <iframe
                title="Preview at a phone width"
                srcDoc={preview.html}
                sandbox=""
                className="h-[720px] w-[375px] max-w-full rounded-lg border border-line bg-white"
                data-testid="preview-phone"
              />
            </figure>
          </div>
        </section>
      </div>
    </DashboardShell>
  );
}

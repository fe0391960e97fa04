import type { Metadata } from "next";
import { LinkNotValid, NEWSLETTER_PAGE_METADATA, NewsletterPage, PRIMARY, SECONDARY } from "@/components/site/newsletter-page";
import { SUBSCRIBER_STATUS_LABELS } from "@/lib/newsletter";
import { preferencesAction } from "@/server/newsletter/signup-actions";
import { publishedTopics, subscriberForManageToken } from "@/server/newsletter/subscribe";

// The preferences page of every letter's footer (docs/newsletter.md): no account, the signed link
// is the key. Topics, pause and resume, unsubscribe: each a POST form that works without JavaScript
// and comes back here saying what changed.
export const dynamic = "force-dynamic";

export const metadata: Metadata = { ...NEWSLETTER_PAGE_METADATA, title: "Newsletter preferences" };

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const DONE: Record<string, string> = {
  confirmed: "You're subscribed. Thank you! You can choose your topics below.",
  topics: "Your topics are saved.",
  pause: "Your subscription is paused: we will send you nothing until you resume it.",
  resume: "Your subscription is resumed.",
  unsubscribe: "You are unsubscribed: we will send you nothing more.",
};
const FAILED: Record<string, string> = {
  topics: "One of the chosen topics is no longer on the blog. Nothing was changed; please choose again.",
  intent: "That change is not one this page makes. Nothing was changed.",
  link: "Nothing was changed: this subscription is no longer active, or the link was replaced by a newer one.",
};

export default async function PreferencesPage({ params, searchParams }: Props) {
  const token = decodeURIComponent((await params).token);
  const query = await searchParams;
  const row = await subscriberForManageToken(token);
  if (!row) return <LinkNotValid />;
  const done = typeof query.done === "string" ? DONE[query.done] : undefined;
  const failed = typeof query.failed === "string" ? FAILED[query.failed] : undefined;
  const topics = [...new Set([...(await publishedTopics()), ...row.topics])];
  const active = row.status === "pending" || row.status === "confirmed";
  const hidden = <input type="hidden" name="token" value={token} />;
  return (
    <NewsletterPage title={query.done === "confirmed" ? "You're subscribed" : "Newsletter preferences"}>
      {done && (
        <p role="status" className="rounded-xl border border-success/40 bg-success/10 px-4 py-3 font-medium text-ink" data-testid="preferences-done">
          {done}
        </p>
      )}
      {failed && (
        <p role="alert" className="rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 font-medium text-danger">
          {failed}
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold text-ink">Address</dt>
        <dd className="break-all" data-testid="preferences-email">
          {row.email}
        </dd>
        <dt className="font-semibold text-ink">Status</dt>
        <dd data-testid="preferences-status">
          {SUBSCRIBER_STATUS_LABELS[row.status]}
          {row.paused && active ? " (paused)" : ""}
        </dd>
      </dl>
      {active ? (
        <>
          <form action={preferencesAction} className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
            {hidden}
            <input type="hidden" name="intent" value="topics" />
            <fieldset>
              <legend className="text-lg font-bold text-ink">Topics</legend>
              <p className="mt-1 text-sm">Tick the topics you want; tick none to get every article.</p>
              {topics.length ? (
                <ul className="mt-3 flex flex-wrap gap-2">
                  {topics.map((topic) => (
                    <li key={topic}>
                      <label className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border border-line bg-white px-3 text-sm text-ink has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                        <input type="checkbox" name="topics" value={topic} defaultChecked={row.topics.includes(topic)} className="size-4 accent-brand-600" />
                        {topic}
                      </label>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-3 text-sm">The blog has no topics yet: you get every article.</p>
              )}
            </fieldset>
            <button type="submit" className={`${PRIMARY} mt-5`}>
              Save topics
            </button>
          </form>
          <div className="flex flex-col gap-3 sm:flex-row">
            <form action={preferencesAction}>
              {hidden}
              <input type="hidden" name="intent" value={row.paused ? "resume" : "pause"} />
              <button type="submit" className={SECONDARY}>
                {row.paused ? "Resume the newsletter" : "Pause the newsletter"}
              </button>
            </form>
            <form action={preferencesAction}>
              {hidden}
              <input type="hidden" name="intent" value="unsubscribe" />
              <button type="submit" className={`${SECONDARY} text-danger`}>
                Unsubscribe
              </button>
            </form>
          </div>
        </>
      ) : (
        <p>
          {row.status === "unsubscribed"
            ? "This address is unsubscribed. To receive the newsletter again, sign up from the blog: we will ask you to confirm."
            : "We no longer send to this address, since mail to it could not be delivered."}
        </p>
      )}
    </NewsletterPage>
  );
}

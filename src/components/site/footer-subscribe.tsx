import { GUARD_FIELDS } from "@/lib/form-state";
import { footerSubscribeAction } from "@/server/newsletter/signup-actions";

/**
 * The footer's sign-up, on every public page: a plain form with no script of its own, so that no
 * page carries more JavaScript for it (the blog's own sign-up forms answer in place; this one
 * answers with a page, /newsletter/sent or /newsletter). Every topic: the preferences page, linked
 * from the confirmation and every letter, chooses them. The honeypot is the lead forms'; without a
 * script there is no fill time, which the server accepts as it does from any browser without one.
 */
export function FooterSubscribe() {
  return (
    <section aria-labelledby="footer-newsletter-title" data-testid="subscribe-footer">
      <h2 id="footer-newsletter-title" className="text-sm font-semibold tracking-wide text-white">
        Newsletter
      </h2>
      <p className="mt-2 text-sm text-brand-100">New articles from our blog, by e-mail.</p>
      <form action={footerSubscribeAction} aria-label="Newsletter sign-up (footer)" className="mt-4 space-y-3">
        <input type="hidden" name="source" value="footer" />
        <label htmlFor="footer-newsletter-email" className="block text-sm text-brand-100">
          Your e-mail address
        </label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <input
            id="footer-newsletter-email"
            name="email"
            type="email"
            required
            autoComplete="email"
            maxLength={254}
            placeholder="you@example.com"
            className="min-h-11 w-full min-w-0 rounded-full border border-white/25 bg-white/10 px-4 text-sm text-white placeholder:text-brand-200 focus:border-white focus:outline-none"
          />
          <button
            type="submit"
            className="inline-flex min-h-11 items-center justify-center rounded-full bg-white px-6 text-sm font-semibold whitespace-nowrap text-brand-800 transition-colors hover:bg-brand-50"
          >
            Subscribe
          </button>
        </div>
        <p className="text-xs text-brand-200">We will e-mail you a link to confirm. Unsubscribe from any letter with one click.</p>
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="footer-newsletter-hp">Leave this field empty</label>
          <input id="footer-newsletter-hp" name={GUARD_FIELDS.honeypot} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
      </form>
    </section>
  );
}

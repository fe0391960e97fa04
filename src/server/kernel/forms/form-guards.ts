import "server-only";
import { z } from "zod";
import { GUARD_FIELDS } from "@/lib/form-state";
import type { Attribution } from "../db/schema";
import { env } from "../env";
import type { CountedLimit } from "../../leads/data/submissions";
import { giveBackRateLimits, hitRateLimit, peekRateLimit, type RateLimitResult } from "../db/rate-limit";
import { siteConfig } from "../site-config";

/** Spam defence without a captcha: a honeypot, a minimum time to fill, a per-IP rate limit. */
export type Refusal = { ok: false; reason: "honeypot" | "too-fast" | "rate-limited"; message: string };
export type GuardVerdict = { ok: true } | Refusal;

/** The checks that need no database: the honeypot and the fill time. */
export function checkCheapGuards(form: FormData): GuardVerdict {
  const e = env();
  const email = siteConfig().email;
  if (String(form.get(GUARD_FIELDS.honeypot) ?? "").trim() !== "") {
    return {
      ok: false,
      reason: "honeypot",
      message: `This submission looked automated, so it was not sent. If you are a person, please write to us at ${email}.`,
    };
  }
  // Sent by the browser's script; a visitor without JavaScript sends none and is not timed.
  const elapsed = String(form.get(GUARD_FIELDS.elapsedMs) ?? "");
  if (elapsed !== "" && !(Number(elapsed) >= e.FORM_MIN_FILL_SECONDS * 1000)) {
    return {
      ok: false,
      reason: "too-fast",
      message: "That was quicker than a person can fill in this form, so it was not sent. Please check your details and send it again.",
    };
  }
  return { ok: true };
}

/** The per-IP and per-form rate limit: counted by `hitRateLimit`, or in the statement that stores the form. */
export function formRateLimit(formName: string, ip: string): CountedLimit {
  const e = env();
  return { key: `form:${formName}:${ip}`, rule: { limit: e.FORM_RATE_LIMIT, windowMs: e.FORM_RATE_WINDOW_MINUTES * 60_000 } };
}

export function rateLimitedVerdict(limit: RateLimitResult): Refusal {
  const e = env();
  const minutes = Math.ceil(limit.retryAfterSeconds / 60);
  return {
    ok: false,
    reason: "rate-limited",
    message: `This form has been sent ${e.FORM_RATE_LIMIT} times from your connection in the last ${e.FORM_RATE_WINDOW_MINUTES} minutes, so this one was not sent. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or write to us at ${siteConfig().email}.`,
  };
}

/** Every guard, the rate limit counted on its own (a submission that will not be stored counts too). */
export async function checkFormGuards(form: FormData, formName: string, ip: string): Promise<GuardVerdict> {
  const cheap = checkCheapGuards(form);
  if (!cheap.ok) return cheap;
  const { key, rule } = formRateLimit(formName, ip);
  const limit = await hitRateLimit(key, rule);
  return limit.allowed ? { ok: true } : rateLimitedVerdict(limit);
}

/**
 * The guards for a submission that will not be stored (its fields were refused): the limit is
 * checked, not counted. Only what is stored (a lead, a message, a booking, a sign-up, a submission
 * held as spam) counts toward the per-connection limit, so a visitor correcting a typo is never
 * told they sent the form too often.
 */
export async function checkFormGuardsUncounted(form: FormData, formName: string, ip: string): Promise<GuardVerdict> {
  const cheap = checkCheapGuards(form);
  if (!cheap.ok) return cheap;
  const { key, rule } = formRateLimit(formName, ip);
  const limit = await peekRateLimit(key, rule);
  return limit.allowed ? { ok: true } : rateLimitedVerdict(limit);
}

/**
 * Takes back the count `checkFormGuards` made for a submission that was refused after it (fields to
 * correct, a time taken meanwhile): counted first so that requests arriving together cannot pass the
 * limit, given back when nothing was stored.
 */
export async function giveBackFormCount(formName: string, ip: string): Promise<void> {
  await giveBackRateLimits([formRateLimit(formName, ip).key]);
}

/** A random token from the browser: letters, digits and hyphens. Anything else means "none". */
export function submissionKey(form: FormData): string | null {
  const key = String(form.get(GUARD_FIELDS.submissionKey) ?? "");
  return /^[A-Za-z0-9-]{16,100}$/.test(key) ? key : null;
}

const short = z.string().max(500).optional().catch(undefined);
const TouchSchema = z
  .object({
    utm_source: short,
    utm_medium: short,
    utm_campaign: short,
    utm_term: short,
    utm_content: short,
    referrer: short,
    landing_page: short,
    at: short,
  })
  .partial();
const AttributionSchema = z.object({ first_touch: TouchSchema.optional(), last_touch: TouchSchema.optional() });

/** The browser's first/last touch (a bounded JSON field) plus the page the form was sent from. */
export function parseAttribution(form: FormData, referer: string | null): Attribution {
  const raw = String(form.get(GUARD_FIELDS.attribution) ?? "");
  let parsed: Attribution = {};
  if (raw.length > 0 && raw.length <= 4000) {
    try {
      const result = AttributionSchema.safeParse(JSON.parse(raw));
      if (result.success) parsed = JSON.parse(JSON.stringify(result.data)) as Attribution;
    } catch {
      // not JSON: ignore, the lead matters more than its attribution
    }
  }
  let formPage: string | undefined;
  if (referer) {
    try {
      const url = new URL(referer);
      formPage = `${url.pathname}${url.search}`.slice(0, 500);
    } catch {
      formPage = undefined;
    }
  }
  return { ...parsed, ...(formPage ? { form_page: formPage } : {}) };
}

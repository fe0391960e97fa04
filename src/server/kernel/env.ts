import "server-only";
import { z } from "zod";
import { GA4_ID_PATTERN, PIXEL_ID_PATTERN } from "@/lib/measurement.ts";

/**
 * Every value a deployer may change, read from the environment once and validated. A bad value
 * stops start-up with one line naming the variable (see instrumentation.ts).
 */
const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" }).optional());

const emailList = z
  .string()
  .trim()
  .transform((v) =>
    v
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: "must be a comma-separated list of e-mail addresses" })));

const flag = z
  .enum(["1", "0", "true", "false", "on", "off", "yes", "no"], { error: "must be true or false" })
  .transform((v) => ["1", "true", "on", "yes"].includes(v));

const positiveInt = (fallback: number, max: number) =>
  z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(max, `must be at most ${max}`)
    .default(fallback);

// s3://bucket/prefix: a bucket name as S3 allows it, and a key prefix of plain path segments.
const storageUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(
    z
      .string()
      .regex(
        /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/([A-Za-z0-9_-][A-Za-z0-9._-]*)?)*$/,
        "must be s3://bucket or s3://bucket/prefix (a bucket name of lower-case letters, digits, dots and hyphens; a prefix of folders of letters, digits, '.', '_' and '-', none starting with a dot)",
      )
      .transform((v) => {
        const [bucket, ...segments] = v.slice("s3://".length).split("/").filter(Boolean);
        return { bucket: bucket!, prefix: segments.map((s) => `${s}/`).join("") };
      })
      .optional(),
  );

/** An optional identifier of a fixed format: empty counts as unset. */
const optionalMatching = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().regex(pattern, message).optional());

const EnvSchema = z
  .object({
    NODE_ENV: z.string().optional(),
    DATABASE_URL: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(
        z
          .string()
          .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
          .optional(),
      ),
    // PostgreSQL: a query without an answer for this long fails, and its connection is replaced.
    DATABASE_QUERY_TIMEOUT_SECONDS: positiveInt(30, 3600),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    // The port host/server.ts listens on; unset SITE_URL follows it (http://localhost:<PORT>).
    PORT: positiveInt(3000, 65535),
    SITE_URL: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL such as https://example.com" }).optional())
      .transform((v) => v?.replace(/\/+$/, "")),
    SITE_NAME: z.string().trim().min(1).max(80).default("Kinetic Growth"),
    CONTACT_EMAIL: z.email({ error: "must be an e-mail address" }).default("hello@kineticgrowth.in"),
    CONTACT_PHONE: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{7,20}$/, "must be a phone number such as +91 98765 43210")
      .default("+91 98765 43210"),
    OFFICE_LOCATION: z.string().trim().min(1).max(120).default("Mumbai, India"),
    FOOTER_LOCATION: z.string().trim().min(1).max(120).default("Janakpuri, Delhi"),
    BUSINESS_HOURS: z.string().trim().min(1).max(120).default("Mon-Fri 9 AM-7 PM IST"),
    // Unset: "Book Call" opens the site's own booking page, /book (docs/decisions/0065).
    BOOKING_URL: z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" }).optional(),
    WHATSAPP_NUMBER: z
      .string()
      .trim()
      .regex(/^[1-9][0-9]{7,14}$/, "must be the number in international form, digits only, e.g. 919876543210")
      .default("919876543210"),
    WHATSAPP_MESSAGE: z.string().trim().min(1).max(300).default("Hi! I'm interested in your growth marketing services. Could you tell me more?"),
    REVIEWS_URL: z
      .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })
      .default("https://www.google.com/search?q=Kinetic+Growth+Mumbai+reviews"),
    SOCIAL_LINKEDIN_URL: optionalUrl,
    SOCIAL_INSTAGRAM_URL: optionalUrl,
    SOCIAL_X_URL: optionalUrl,
    SOCIAL_YOUTUBE_URL: optionalUrl,
    NOTIFY_EMAILS: emailList.default(["hello@kineticgrowth.in"]),

    // Mail: without SMTP_HOST, messages are written as .eml files to DATA_DIR/outbox and logged.
    SMTP_HOST: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined)),
    SMTP_PORT: positiveInt(587, 65535),
    SMTP_SECURE: flag.default(false),
    SMTP_USER: z
      .string()
      .optional()
      .transform((v) => (v ? v : undefined)),
    SMTP_PASSWORD: z
      .string()
      .optional()
      .transform((v) => (v ? v : undefined)),
    MAIL_FROM: z.string().trim().min(3).default("Kinetic Growth <no-reply@kineticgrowth.in>"),
    MAIL_WORKER: flag.default(true),
    // Activity rows older than this many days are pruned at start-up and daily (docs/decisions/0037).
    ACTIVITY_RETENTION_DAYS: positiveInt(365, 36500),
    // The mail queue's back-off (docs/decisions/0092): the first retry after MAIL_RETRY_SECONDS, doubling, at most MAIL_RETRY_MAX_SECONDS.
    MAIL_RETRY_SECONDS: positiveInt(15, 3600),
    MAIL_RETRY_MAX_SECONDS: positiveInt(3600, 86_400),

    // Public forms
    FORM_RATE_LIMIT: positiveInt(5, 10_000),
    FORM_RATE_WINDOW_MINUTES: positiveInt(10, 1440),
    FORM_MIN_FILL_SECONDS: z.coerce.number({ error: "must be a number" }).min(0).max(600).default(3),
    // An acknowledgement mail to the person who sent a form, at most one per address per day (ADR 0042).
    FORM_ACKNOWLEDGEMENT: flag.default(true),
    // ... and at most this many an hour for forms from one client address (an IPv6 /64), and over all clients.
    FORM_ACKNOWLEDGEMENT_CLIENT_HOURLY_LIMIT: positiveInt(3, 10_000),
    FORM_ACKNOWLEDGEMENT_HOURLY_LIMIT: positiveInt(50, 1_000_000),
    // Bookings from the public page (ADR 0077): held this long until the visitor confirms from the mail,
    // and at most this many an hour per mailbox, per client (an IPv6 /64), per network (IPv4 /24,
    // IPv6 /48) and over the whole site (the owners are told when that is reached).
    BOOKING_HOLD_MINUTES: positiveInt(30, 24 * 60),
    BOOKING_MAILBOX_HOURLY_LIMIT: positiveInt(2, 10_000),
    BOOKING_CLIENT_HOURLY_LIMIT: positiveInt(3, 10_000),
    BOOKING_NETWORK_HOURLY_LIMIT: positiveInt(10, 100_000),
    BOOKING_HOURLY_LIMIT: positiveInt(20, 1_000_000),
    // The lead desk's morning digest: each owner's due follow-ups, once a day at this site time (ADR 0050).
    FOLLOW_UP_DIGEST_AT: z
      .string()
      .trim()
      .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, "must be a time of day as HH:MM, e.g. 08:00")
      .default("08:00"),

    // The REST API (docs/decisions/0059): requests a minute per API key, counted in the database.
    API_RATE_LIMIT: positiveInt(120, 100_000),

    // Accounts
    BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    ADMIN_EMAILS: emailList.default([]),
    AUTH_SIGNUP_ENABLED: flag.default(true),
    AUTH_SESSION_HOURS: positiveInt(12, 24 * 30),
    SIGNIN_MAX_FAILURES: positiveInt(5, 1000),
    SIGNIN_WINDOW_MINUTES: positiveInt(15, 1440),
    // Per address across accounts, and per account from addresses it was never used from (docs/decisions/0020).
    SIGNIN_ADDRESS_MAX_FAILURES: positiveInt(20, 100_000),
    SIGNIN_ACCOUNT_MAX_FAILURES: positiveInt(20, 100_000),
    // Second-factor codes per account from addresses it was never used from, whoever holds the password (docs/decisions/0036).
    SIGNIN_CODE_MAX_FAILURES: positiveInt(5, 1000),

    // Client address (docs/decisions/0015): read by host/client-address.ts, validated here.
    // false: X-Forwarded-For is replaced by the connection's address; true: a proxy in front appends it.
    TRUST_PROXY: flag.default(false),

    // Uploads (docs/decisions/0029): unset, the local folder (UPLOADS_DIR or DATA_DIR/uploads);
    // s3://bucket/prefix, S3-compatible object storage shared by every server process.
    STORAGE_URL: storageUrl,
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{1,40}$/, "must be a region name such as eu-central-1")
      .default("us-east-1"),
    S3_FORCE_PATH_STYLE: flag.default(false),

    // Measurement (docs/decisions/0051): unset, the public pages carry no consent banner, no tag and
    // no third-party host in their policy. Set, a banner asks first and the tags load only after Accept.
    GA4_MEASUREMENT_ID: optionalMatching(GA4_ID_PATTERN, "must be a GA4 measurement ID such as G-ABC123DEF4"),
    META_PIXEL_ID: optionalMatching(PIXEL_ID_PATTERN, "must be a Meta Pixel ID, digits only, such as 1234567890"),

    // The site's own analytics (docs/decisions/0056): page views counted by the server, no cookie.
    // ANALYTICS_ENABLED and ANALYTICS_COUNTRY_HEADER are read by host/analytics.ts, validated here.
    ANALYTICS_ENABLED: flag.default(true),
    // Raw page views older than this many days are deleted daily; the daily rollups are kept for good.
    ANALYTICS_RAW_DAYS: positiveInt(90, 36500),
    // A header a proxy in front sets to the visitor's two-letter country, e.g. CF-IPCountry; unset, no country.
    ANALYTICS_COUNTRY_HEADER: optionalMatching(/^[A-Za-z0-9-]{1,60}$/, "must be a header name such as CF-IPCountry"),

    // Webhooks (docs/decisions/0058): true lets an endpoint name a private, loopback or link-local
    // address and plain http, for a receiver on this machine in tests and development only.
    WEBHOOK_ALLOW_PRIVATE_TARGETS: flag.default(false),
    // Calendar sync (docs/decisions/0066): the same allowance for a member's CalDAV server address,
    // for a Radicale on this machine in tests and development only.
    CALENDAR_ALLOW_PRIVATE_TARGETS: flag.default(false),
    // The link checker (docs/decisions/0098): false checks the site's own links and images only,
    // never another site's. Its external requests follow the webhooks' address rules.
    LINK_CHECK_EXTERNAL: flag.default(true),

    // The newsletter's returns (docs/decisions/0063, docs/newsletter.md). The secret of the signed
    // bounce/complaint endpoint (/api/newsletter/events, Standard Webhooks); unset, it answers 503.
    NEWSLETTER_EVENTS_SECRET: optionalMatching(/^whsec_[A-Za-z0-9+/]{22,}={0,2}$/, "must be a whsec_ secret (whsec_ and at least 16 bytes in base64)"),
    // The Amazon SNS topic(s), comma-separated, whose SES notifications /api/newsletter/events/ses
    // accepts; unset, that endpoint answers 503 (any AWS account can have AWS sign a message).
    NEWSLETTER_SNS_TOPIC_ARN: z
      .string()
      .trim()
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(
              /^arn:aws(?:-cn|-us-gov)?:sns:[a-z]{2}(?:-[a-z]+)+-\d:\d{12}:[A-Za-z0-9_-]{1,256}(?:\.fifo)?$/,
              "must be SNS topic ARNs, comma-separated, such as arn:aws:sns:ap-south-1:123456789012:newsletter-events",
            ),
        ),
      ),
    // The newsletter's sending (docs/decisions/0062): copies sent per minute across every process,
    // and the address of the mailto: target of List-Unsubscribe (unset: unsubscribe@ the domain of MAIL_FROM).
    NEWSLETTER_RATE_PER_MINUTE: positiveInt(600, 1_000_000),
    NEWSLETTER_UNSUBSCRIBE_MAILTO: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(z.email({ error: "must be an e-mail address" }).optional()),

    // Payments through Razorpay (docs/decisions/0109). The key pair creates payment links; unset,
    // payment links are off and the dashboard says so. The webhook secret verifies
    // /api/payments/razorpay; unset, that endpoint answers 503. None of them is ever logged.
    RAZORPAY_KEY_ID: optionalMatching(/^rzp_(test|live)_[A-Za-z0-9]{6,40}$/, "must be a Razorpay key id such as rzp_live_AbCdEf123456"),
    RAZORPAY_KEY_SECRET: optionalMatching(/^[A-Za-z0-9]{8,100}$/, "must be the Razorpay key secret shown beside the key id (letters and digits)"),
    RAZORPAY_WEBHOOK_SECRET: optionalMatching(/^.{8,200}$/, "must be the webhook secret set in Razorpay's dashboard, 8 to 200 characters"),
    // Where Razorpay's REST API is asked; another address only for a fake of it in tests.
    RAZORPAY_API_BASE: optionalUrl,
  })
  .superRefine((value, ctx) => {
    // An endpoint without a bucket would be ignored silently, and uploads would stay on this machine.
    if (value.S3_ENDPOINT && !value.STORAGE_URL) {
      ctx.addIssue({ code: "custom", path: ["S3_ENDPOINT"], message: "is set but STORAGE_URL is not: set STORAGE_URL=s3://bucket/prefix too" });
    }
    // A key id without its secret (or the other way round) would turn payment links on and fail at the first one.
    if (Boolean(value.RAZORPAY_KEY_ID) !== Boolean(value.RAZORPAY_KEY_SECRET)) {
      const missing = value.RAZORPAY_KEY_ID ? "RAZORPAY_KEY_SECRET" : "RAZORPAY_KEY_ID";
      const given = value.RAZORPAY_KEY_ID ? "RAZORPAY_KEY_ID" : "RAZORPAY_KEY_SECRET";
      ctx.addIssue({ code: "custom", path: [given], message: `is set but ${missing} is not: set both, or neither to leave payment links off` });
    }
  });

const EnvWithSiteUrl = EnvSchema.transform(({ SITE_URL, ...rest }) => ({
  ...rest,
  SITE_URL: SITE_URL ?? `http://localhost:${rest.PORT}`,
  /** False when SITE_URL was left unset and the address above was derived from PORT. */
  isSiteUrlSet: SITE_URL !== undefined,
}));

export type Env = z.infer<typeof EnvWithSiteUrl>;

export class ConfigError extends Error {}

/** Renamed variables, each with its former name, which is still read while the new one is unset (ADR 0037). */
const FORMER_NAMES: Record<string, string> = { ACTIVITY_RETENTION_DAYS: "AUDIT_RETENTION_DAYS" };

/** Variables whose values are secrets, named in an error but never shown. */
const SECRET_NAME = /SECRET|PASSWORD/;

/** Parses an environment; throws ConfigError with one line naming the first bad variable. */
export function parseEnv(given: Record<string, string | undefined>): Env {
  const source = { ...given };
  for (const [name, former] of Object.entries(FORMER_NAMES)) if (source[name] === undefined && given[former] !== undefined) source[name] = given[former];
  const result = EnvWithSiteUrl.safeParse(source);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = String(issue.path[0] ?? "environment");
  // A bad value that came under the former name is reported under the name it was set as.
  const name = given[path] === undefined && FORMER_NAMES[path] !== undefined ? FORMER_NAMES[path] : path;
  const got = given[name];
  // A secret's value is never repeated: the line goes to the log of whoever starts the server.
  const shown = got === undefined ? "" : SECRET_NAME.test(name) ? " (its value is not shown)" : ` (got ${JSON.stringify(got)})`;
  throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}`);
}

/**
 * What start-up logs as warnings: settings that work here but are wrong for a public deployment.
 * Every link the site makes (mail links, canonical and Open Graph addresses, the sitemap, shared
 * links) is built on SITE_URL, so in production a SITE_URL left to its local default is named.
 */
export function configWarnings(e: Env): string[] {
  const warnings: string[] = [];
  if (e.NODE_ENV === "production" && !e.isSiteUrlSet) {
    warnings.push(`SITE_URL is not set: links in e-mails, canonical and Open Graph addresses use ${e.SITE_URL}; set SITE_URL to the public address`);
  }
  if (e.NODE_ENV === "production" && e.WEBHOOK_ALLOW_PRIVATE_TARGETS) {
    warnings.push(
      "WEBHOOK_ALLOW_PRIVATE_TARGETS=true: webhooks may be sent to private, loopback and link-local addresses and over plain http; it is meant for tests and development",
    );
  }
  if (e.NODE_ENV === "production" && e.CALENDAR_ALLOW_PRIVATE_TARGETS) {
    warnings.push(
      "CALENDAR_ALLOW_PRIVATE_TARGETS=true: a member's calendar address may name a private, loopback or link-local address and plain http; it is meant for tests and development",
    );
  }
  return warnings;
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

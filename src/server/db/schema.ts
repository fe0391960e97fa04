import { sql, type SQL } from "drizzle-orm";
import {
  boolean,
  date,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { LIMITS, SLUG_PATTERN_SQL } from "../../lib/limits";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Required text: never blank, never longer than the limit. */
function required(column: AnyPgColumn, max: number): SQL {
  return sql`btrim(${column}) <> '' and char_length(${column}) <= ${sql.raw(String(max))}`;
}
/** Optional text: null, or within the limit. */
function bounded(column: AnyPgColumn, max: number): SQL {
  return sql`${column} is null or char_length(${column}) <= ${sql.raw(String(max))}`;
}
/** An optional address: null, or an http(s) URL or a site-relative path. */
function optionalUrl(column: AnyPgColumn): SQL {
  return sql`${column} is null or (char_length(${column}) <= ${sql.raw(String(LIMITS.url))} and ${column} ~* '^(https?://|/)')`;
}

// ---------------------------------------------------------------------------------------------
// Accounts (the tables better-auth needs; mapped to these plural names in its configuration)
// ---------------------------------------------------------------------------------------------

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** SPEC §3 profiles: the role that decides admin access. One row per user. */
export const profiles = pgTable(
  "profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull().default("user"),
    /** When this admin last opened the inbox: what came after is marked new. */
    inboxSeenAt: timestamp("inbox_seen_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("profiles_role_valid", sql`${t.role} in ('user', 'admin')`)],
);

// ---------------------------------------------------------------------------------------------
// Content and inbox (SPEC §3)
// ---------------------------------------------------------------------------------------------

export const LEAD_STATUSES = ["new", "contacted", "qualified", "won", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const MESSAGE_STATUSES = ["new", "replied", "archived"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Where a visitor came from (first and last touch) and where the form was sent from. */
export interface Touch {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
  referrer?: string;
  landing_page?: string;
  at?: string;
}
export interface Attribution {
  first_touch?: Touch;
  last_touch?: Touch;
  form_page?: string;
}

const inList = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(", "))})`;

export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    mobileNumber: text("mobile_number").notNull(),
    websiteUrl: text("website_url"),
    // Required on the public form; optional when staff add a lead by hand (SPEC §5).
    monthlyRevenue: text("monthly_revenue"),
    growthChallenge: text("growth_challenge"),
    /** The service and package a pricing card's button chose (src/content/services.ts), by title and name. */
    service: text("service"),
    package: text("package"),
    status: text("status").$type<LeadStatus>().notNull().default("new"),
    notes: text("notes"),
    attribution: jsonb("attribution").$type<Attribution>().notNull().default({}),
    /** The form's idempotency token: a double submission is stored once. */
    submissionKey: text("submission_key").unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("leads_created_at_idx").on(t.createdAt.desc()),
    index("leads_status_created_at_idx").on(t.status, t.createdAt.desc()),
    check("leads_status_valid", inList(t.status, LEAD_STATUSES)),
    check("leads_notes_valid", bounded(t.notes, LIMITS.longText)),
    check("leads_attribution_object", sql`jsonb_typeof(${t.attribution}) = 'object' and pg_column_size(${t.attribution}) <= 8192`),
    check("leads_submission_key_valid", bounded(t.submissionKey, 100)),
    check("leads_name_valid", required(t.name, LIMITS.personName)),
    check("leads_email_valid", required(t.email, LIMITS.email)),
    check("leads_mobile_valid", required(t.mobileNumber, LIMITS.mobile)),
    check("leads_website_valid", optionalUrl(t.websiteUrl)),
    check("leads_revenue_valid", bounded(t.monthlyRevenue, LIMITS.revenue)),
    check("leads_challenge_valid", bounded(t.growthChallenge, LIMITS.longText)),
    check("leads_service_valid", bounded(t.service, LIMITS.serviceName)),
    check("leads_package_valid", bounded(t.package, LIMITS.serviceName)),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    mobileNumber: text("mobile_number").notNull(),
    company: text("company"),
    message: text("message").notNull(),
    status: text("status").$type<MessageStatus>().notNull().default("new"),
    notes: text("notes"),
    attribution: jsonb("attribution").$type<Attribution>().notNull().default({}),
    submissionKey: text("submission_key").unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("contact_messages_created_at_idx").on(t.createdAt.desc()),
    index("contact_messages_status_created_at_idx").on(t.status, t.createdAt.desc()),
    check("contact_messages_status_valid", inList(t.status, MESSAGE_STATUSES)),
    check("contact_messages_notes_valid", bounded(t.notes, LIMITS.longText)),
    check(
      "contact_messages_attribution_object",
      sql`jsonb_typeof(${t.attribution}) = 'object' and pg_column_size(${t.attribution}) <= 8192`,
    ),
    check("contact_messages_submission_key_valid", bounded(t.submissionKey, 100)),
    check("contact_messages_name_valid", required(t.name, LIMITS.personName)),
    check("contact_messages_email_valid", required(t.email, LIMITS.email)),
    check("contact_messages_mobile_valid", required(t.mobileNumber, LIMITS.mobile)),
    check(
      "contact_messages_company_valid",
      sql`${t.company} is null or (btrim(${t.company}) <> '' and char_length(${t.company}) <= ${sql.raw(String(LIMITS.company))})`,
    ),
    check("contact_messages_message_valid", required(t.message, LIMITS.message)),
  ],
);

export const DEFAULT_CASE_STUDY_TIMEFRAME = "18 months";
export const DEFAULT_CASE_STUDY_SERVICES = ["SEO Optimization", "Paid Ads", "CRO"];

export const caseStudies = pgTable(
  "case_studies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    companyName: text("company_name").notNull(),
    industry: text("industry"),
    challenge: text("challenge"),
    solution: text("solution"),
    results: text("results"),
    featured: boolean("featured").notNull().default(false),
    imageUrl: text("image_url"),
    metrics: jsonb("metrics").$type<Record<string, string>>().notNull().default({}),
    timeframe: text("timeframe").notNull().default(DEFAULT_CASE_STUDY_TIMEFRAME),
    services: text("services")
      .array()
      .notNull()
      .default(sql`'{"SEO Optimization","Paid Ads","CRO"}'::text[]`),
    journey: text("journey").array().notNull().default(sql`'{}'::text[]`),
    testimonialQuote: text("testimonial_quote"),
    testimonialAuthor: text("testimonial_author"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("case_studies_featured_created_at_idx").on(t.featured, t.createdAt.desc()),
    index("case_studies_created_at_idx").on(t.createdAt.desc()),
    check("case_studies_title_valid", required(t.title, LIMITS.title)),
    check("case_studies_company_valid", required(t.companyName, LIMITS.company)),
    check("case_studies_industry_valid", bounded(t.industry, LIMITS.company)),
    check("case_studies_challenge_valid", bounded(t.challenge, LIMITS.longText)),
    check("case_studies_solution_valid", bounded(t.solution, LIMITS.longText)),
    check("case_studies_results_valid", bounded(t.results, LIMITS.longText)),
    check("case_studies_image_valid", optionalUrl(t.imageUrl)),
    check("case_studies_metrics_object", sql`jsonb_typeof(${t.metrics}) = 'object' and pg_column_size(${t.metrics}) <= 8192`),
    check("case_studies_timeframe_valid", required(t.timeframe, LIMITS.timeframe)),
    check("case_studies_services_count", sql`coalesce(array_length(${t.services}, 1), 0) <= ${sql.raw(String(LIMITS.services))}`),
    check("case_studies_journey_count", sql`coalesce(array_length(${t.journey}, 1), 0) <= ${sql.raw(String(LIMITS.journeySteps))}`),
    check("case_studies_quote_valid", bounded(t.testimonialQuote, LIMITS.longText)),
    check("case_studies_quote_author_valid", bounded(t.testimonialAuthor, LIMITS.shortText)),
  ],
);

export const testimonials = pgTable(
  "testimonials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientName: text("client_name").notNull(),
    company: text("company").notNull(),
    role: text("role"),
    content: text("content").notNull(),
    rating: smallint("rating").notNull().default(5),
    featured: boolean("featured").notNull().default(false),
    imageUrl: text("image_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("testimonials_featured_created_at_idx").on(t.featured, t.createdAt.desc()),
    index("testimonials_created_at_idx").on(t.createdAt.desc()),
    check("testimonials_rating_range", sql`${t.rating} between 1 and 5`),
    check("testimonials_client_name_valid", required(t.clientName, LIMITS.personName)),
    check("testimonials_company_valid", required(t.company, LIMITS.company)),
    check("testimonials_role_valid", bounded(t.role, LIMITS.role)),
    check("testimonials_content_valid", required(t.content, LIMITS.longText)),
    check("testimonials_image_valid", optionalUrl(t.imageUrl)),
  ],
);

export const DEFAULT_AUTHOR_NAME = "Kinetic Growth Team";

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    excerpt: text("excerpt"),
    content: text("content").notNull(),
    featuredImageUrl: text("featured_image_url"),
    authorName: text("author_name").notNull().default(DEFAULT_AUTHOR_NAME),
    published: boolean("published").notNull().default(false),
    featured: boolean("featured").notNull().default(false),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    readingTime: integer("reading_time"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("blog_posts_slug_key").on(t.slug),
    index("blog_posts_published_featured_created_at_idx").on(t.published, t.featured, t.createdAt.desc()),
    index("blog_posts_created_at_idx").on(t.createdAt.desc()),
    index("blog_posts_tags_gin_idx").using("gin", t.tags),
    check("blog_posts_title_valid", required(t.title, LIMITS.title)),
    check(
      "blog_posts_slug_valid",
      sql`${t.slug} ~ '${sql.raw(SLUG_PATTERN_SQL)}' and char_length(${t.slug}) <= ${sql.raw(String(LIMITS.slug))}`,
    ),
    check("blog_posts_excerpt_valid", bounded(t.excerpt, LIMITS.excerpt)),
    check("blog_posts_content_valid", required(t.content, LIMITS.blogContent)),
    check("blog_posts_image_valid", optionalUrl(t.featuredImageUrl)),
    check("blog_posts_author_valid", required(t.authorName, LIMITS.personName)),
    check("blog_posts_meta_title_valid", bounded(t.metaTitle, LIMITS.metaTitle)),
    check("blog_posts_meta_description_valid", bounded(t.metaDescription, LIMITS.metaDescription)),
    check("blog_posts_tags_count", sql`coalesce(array_length(${t.tags}, 1), 0) <= ${sql.raw(String(LIMITS.tagsPerPost))}`),
    check("blog_posts_reading_time_positive", sql`${t.readingTime} is null or ${t.readingTime} > 0`),
  ],
);

/** Old addresses of posts whose slug changed: answered with a 301 to the current one. */
export const blogSlugRedirects = pgTable(
  "blog_slug_redirects",
  {
    oldSlug: text("old_slug").primaryKey(),
    postId: uuid("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("blog_slug_redirects_post_id_idx").on(t.postId),
    check("blog_slug_redirects_slug_valid", sql`${t.oldSlug} ~ '${sql.raw(SLUG_PATTERN_SQL)}'`),
  ],
);

export const SHARE_NETWORKS = ["twitter", "facebook", "linkedin"] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

/** One row per real use of an article's share buttons (GUIDE: no made-up share counts). */
export const blogShares = pgTable(
  "blog_shares",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    network: text("network").$type<ShareNetwork>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("blog_shares_post_id_idx").on(t.postId), check("blog_shares_network_valid", inList(t.network, SHARE_NETWORKS))],
);

export const NOTIFICATION_STATUSES = ["pending", "sent", "failed"] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/**
 * Transactional outbox: a mail is written in the same transaction as the row it reports, and a
 * worker sends it later with retries. A claim (locked_until) keeps two processes from sending one mail.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    recipients: text("recipients").array().notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    replyTo: text("reply_to"),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    contactMessageId: uuid("contact_message_id").references(() => contactMessages.id, { onDelete: "set null" }),
    status: text("status").$type<NotificationStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    messageId: text("message_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("notifications_due_idx").on(t.status, t.nextAttemptAt),
    check("notifications_status_valid", inList(t.status, NOTIFICATION_STATUSES)),
    check("notifications_has_recipients", sql`coalesce(array_length(${t.recipients}, 1), 0) > 0`),
  ],
);

/** Fixed-window counters for rate limits, shared by every server process on one database. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

/**
 * Addresses from which an account proved it is its owner's: a sign-in with the right password, a
 * completed password reset, or the e-mailed verification link. The per-account sign-in ceiling does
 * not apply to them (docs/decisions/0020). Kept 90 days after last use.
 */
export const knownSignInAddresses = pgTable(
  "known_sign_in_addresses",
  {
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.email, t.ip] })],
);

/**
 * Work that must be done once across every server process (src/server/jobs.ts): the first process
 * to insert (job, run key) does it; the others find the row and skip.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    job: text("job").notNull(),
    runKey: text("run_key").notNull(),
    claimedBy: text("claimed_by").notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    error: text("error"),
  },
  (t) => [primaryKey({ columns: [t.job, t.runKey] })],
);

/**
 * One acknowledgement mail per sender address per day (in the site's time zone): the row is
 * inserted in the statement that stores the submission, and the mail is queued only when the
 * insert did not conflict, so concurrent submissions naming one address queue one mail (ADR 0042).
 */
export const acknowledgedSenders = pgTable(
  "acknowledged_senders",
  {
    email: text("email").notNull(),
    day: date("day").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.email, t.day] })],
);

/**
 * Submissions the honeypot or the fill-time guard refused, kept 30 days for review (ADR 0043): not
 * notified, not counted; "Not spam" stores one as a lead or message with its notification.
 */
export const spamSubmissions = pgTable(
  "spam_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    form: text("form").$type<"audit" | "contact">().notNull(),
    reason: text("reason").$type<"honeypot" | "too-fast">().notNull(),
    name: text("name"),
    email: text("email"),
    /** The form's own fields as sent, each bounded (src/server/spam.ts). */
    fields: jsonb("fields").$type<Record<string, string>>().notNull(),
    attribution: jsonb("attribution").$type<Attribution>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("spam_submissions_created_at_idx").on(t.createdAt.desc()),
    check("spam_submissions_form_valid", sql`${t.form} in ('audit', 'contact')`),
    check("spam_submissions_reason_valid", sql`${t.reason} in ('honeypot', 'too-fast')`),
    check("spam_submissions_fields_object", sql`jsonb_typeof(${t.fields}) = 'object' and pg_column_size(${t.fields}) <= 16384`),
    check("spam_submissions_attribution_object", sql`jsonb_typeof(${t.attribution}) = 'object' and pg_column_size(${t.attribution}) <= 8192`),
    check("spam_submissions_name_valid", bounded(t.name, LIMITS.personName)),
    check("spam_submissions_email_valid", bounded(t.email, LIMITS.email)),
  ],
);
export type SpamSubmission = typeof spamSubmissions.$inferSelect;

export type Lead = typeof leads.$inferSelect;
export type ContactMessage = typeof contactMessages.$inferSelect;
export type CaseStudy = typeof caseStudies.$inferSelect;
export type NewCaseStudy = typeof caseStudies.$inferInsert;
export type Testimonial = typeof testimonials.$inferSelect;
export type NewTestimonial = typeof testimonials.$inferInsert;
export type BlogPost = typeof blogPosts.$inferSelect;
export type NewBlogPost = typeof blogPosts.$inferInsert;
export type Profile = typeof profiles.$inferSelect;
export type Notification = typeof notifications.$inferSelect;

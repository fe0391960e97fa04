import { sql, type SQL } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  date,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { API_KEY_NAME_MAX, API_SCOPES } from "../../../lib/api-scopes";
import type { RedirectStatus } from "../../../lib/redirect-rules";
import { PAGE_TARGETS, type HeroImageName, type HomeSectionOrderName } from "../../../lib/experiments";
import type { ComputedLine, InvoiceRecipient, InvoiceSupplier } from "../../../lib/gst/invoice";
import { PROPOSAL_LIMITS, type ProposalLine, type ProposalRecipient, type StoredProposalStatus } from "../../../lib/proposals";
import {
  DEAL_VALUE_MAX,
  LIMITS,
  ROLES,
  SLUG_PATTERN_SQL,
  DEFAULT_TEAM_POSITION,
  TEAM_POSITION_MAX,
  STAGE_KEY_PATTERN_SQL,
  STAGE_NAME_MAX,
} from "../../../lib/limits";
import {
  PREVIEW_TEXT_MAX,
  RECIPIENT_STATUSES,
  SEND_STATUSES,
  SUBJECT_MAX,
  SUBSCRIBER_SOURCES,
  SUBSCRIBER_STATUSES,
  SUPPRESSION_REASONS,
  type RecipientStatus,
  type SendStatus,
  type SubscriberSource,
  type SubscriberStatus,
  type SuppressionReason,
} from "../../../lib/newsletter";
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_ENDPOINT_STATUSES,
  WEBHOOK_KINDS,
  type WebhookDeliveryStatus,
  type WebhookEndpointStatus,
  type WebhookKind,
} from "../../../lib/webhooks";

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
  /** better-auth's twoFactor plugin: set once a TOTP secret was confirmed with a code (docs/decisions/0036). */
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
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
    /** Opened with a passkey: possession and user verification in one step (docs/decisions/0046). */
    viaPasskey: boolean("via_passkey").notNull().default(false),
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

const inList = (column: AnyPgColumn, values: readonly string[]) => sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(", "))})`;

/**
 * better-auth's twoFactor plugin: the TOTP secret and the backup codes, both encrypted with the auth
 * secret; one row per member (docs/decisions/0036).
 */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    // The 30-second TOTP step of the last code accepted for this account: a code of that step or an
    // earlier one is refused, so each code works once (server/kernel/session/totp-steps.ts, docs/decisions/0036).
    lastTotpStep: integer("last_totp_step"),
    // When the member said they had saved their backup codes: shown after the set-up is confirmed
    // until then, never after (docs/decisions/0036).
    backupCodesSavedAt: timestamp("backup_codes_saved_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("two_factors_user_id_idx").on(t.userId)],
);

/**
 * better-auth's passkey plugin: one row per registered WebAuthn credential (its public key, never a
 * secret), and what the member named it (docs/decisions/0046).
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    aaguid: text("aaguid"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("passkeys_credential_id_idx").on(t.credentialID),
    index("passkeys_user_id_idx").on(t.userId),
    check("passkeys_name_valid", bounded(t.name, 100)),
  ],
);

/** Profiles: the role that decides dashboard access (docs/decisions/0034). One row per user. */
export const profiles = pgTable(
  "profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull().default("user"),
    /** When this admin last opened the inbox: what came after is marked new. */
    inboxSeenAt: timestamp("inbox_seen_at", { withTimezone: true }),
    /** When a session was last started for this account (the Team tab's "last sign-in"). */
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("profiles_role_valid", inList(t.role, ROLES)), index("profiles_role_idx").on(t.role)],
);

/**
 * An invitation to the team: the e-mailed link carries a random token, of which only the SHA-256
 * is kept. It is used once (accepted_at), can be withdrawn (revoked_at) and ends at expires_at.
 */
export const teamInvitations = pgTable(
  "team_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("team_invitations_email_idx").on(t.email),
    check("team_invitations_role_valid", sql`${t.role} in ('owner', 'admin', 'editor', 'sales')`),
    check("team_invitations_email_valid", required(t.email, LIMITS.email)),
  ],
);

/** Settings changed from the dashboard, one row per key; a missing row means the default. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------------------------------------
// Content and inbox
// ---------------------------------------------------------------------------------------------

/**
 * The built-in stages of a lead, whose keys the API, webhooks, MCP, CSV and filters use. The owner
 * may add stages between them (lead_stages, docs/decisions/0067), so a stored status is any key of
 * that table: `LeadStatus` names the built-ins, `LeadStageKey` any stage.
 */
export const LEAD_STATUSES = ["new", "contacted", "qualified", "won", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export type LeadStageKey = string;
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

export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    mobileNumber: text("mobile_number").notNull(),
    websiteUrl: text("website_url"),
    // Required on the public form; optional when staff add a lead by hand.
    monthlyRevenue: text("monthly_revenue"),
    growthChallenge: text("growth_challenge"),
    /** The service and package a pricing card's button chose (src/content/services.ts), by title and name. */
    service: text("service"),
    package: text("package"),
    /**
     * A stage's key (lead_stages): one of the built-ins or a custom stage (docs/decisions/0067). The
     * foreign key leads_status_stage_fk to lead_stages(key) is added by hand at the end of migration
     * 0020, after the built-in stages are inserted (a generated one would come before them).
     */
    status: text("status").$type<LeadStageKey>().notNull().default("new"),
    notes: text("notes"),
    /** The team member who follows this up (docs/decisions/0050); unset when their account goes. */
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** The day (site time) of the next follow-up; the Due view and the morning digest read it. */
    followUpOn: date("follow_up_on"),
    /** What is to be done on the follow-up day, in a few words (docs/decisions/0101): the board's "next step". */
    nextStep: text("next_step"),
    /**
     * When the lead entered its current stage (docs/decisions/0101): a trigger added by hand in the
     * migration pipeline_stage_since sets it on every status change, whichever path makes it; the
     * board's "days in stage".
     */
    stageChangedAt: timestamp("stage_changed_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the status first moved to a contacted state (a trigger sets it, migrations 0015 and 0020). */
    firstContactedAt: timestamp("first_contacted_at", { withTimezone: true }),
    /** The deal's value in whole rupees (docs/decisions/0067); by default the chosen package's price. */
    dealValue: integer("deal_value"),
    /** The day (site time) the deal is expected to close. */
    expectedCloseOn: date("expected_close_on"),
    /** When the lead last moved to Won (a trigger sets it and clears it when the lead leaves Won, migration 0020): the Overview's won value per month. */
    wonAt: timestamp("won_at", { withTimezone: true }),
    attribution: jsonb("attribution").$type<Attribution>().notNull().default({}),
    /** The visitor id of the submission's request (src/server/analytics/visitor-id.ts): joins the lead to its visit (docs/decisions/0056). */
    visitorId: text("visitor_id"),
    /** The form's idempotency token: a double submission is stored once. */
    submissionKey: text("submission_key").unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("leads_created_at_idx").on(t.createdAt.desc()),
    index("leads_status_created_at_idx").on(t.status, t.createdAt.desc()),
    index("leads_follow_up_on_idx").on(t.followUpOn),
    index("leads_email_lower_idx").on(sql`lower(${t.email})`),
    index("leads_won_at_idx").on(t.wonAt),
    check("leads_deal_value_valid", sql`${t.dealValue} is null or ${t.dealValue} between 0 and ${sql.raw(String(DEAL_VALUE_MAX))}`),
    check("leads_notes_valid", bounded(t.notes, LIMITS.longText)),
    check("leads_next_step_valid", bounded(t.nextStep, LIMITS.nextStep)),
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
    /** The team member who follows this up (docs/decisions/0050); unset when their account goes. */
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** The day (site time) of the next follow-up; the Due view and the morning digest read it. */
    followUpOn: date("follow_up_on"),
    /** When the status first moved to a contacted state (a trigger sets it, migration 0015). */
    firstContactedAt: timestamp("first_contacted_at", { withTimezone: true }),
    attribution: jsonb("attribution").$type<Attribution>().notNull().default({}),
    /** The visitor id of the submission's request: joins the message to its visit (docs/decisions/0056). */
    visitorId: text("visitor_id"),
    submissionKey: text("submission_key").unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("contact_messages_created_at_idx").on(t.createdAt.desc()),
    index("contact_messages_status_created_at_idx").on(t.status, t.createdAt.desc()),
    index("contact_messages_follow_up_on_idx").on(t.followUpOn),
    index("contact_messages_email_lower_idx").on(sql`lower(${t.email})`),
    check("contact_messages_status_valid", inList(t.status, MESSAGE_STATUSES)),
    check("contact_messages_notes_valid", bounded(t.notes, LIMITS.longText)),
    check("contact_messages_attribution_object", sql`jsonb_typeof(${t.attribution}) = 'object' and pg_column_size(${t.attribution}) <= 8192`),
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

export const caseStudies = pgTable(
  "case_studies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    /** The study's address, /case-studies/<slug> (docs/decisions/0103): made from the title, editable; a change leaves a 301. */
    slug: text("slug").notNull(),
    companyName: text("company_name").notNull(),
    industry: text("industry"),
    challenge: text("challenge"),
    solution: text("solution"),
    results: text("results"),
    featured: boolean("featured").notNull().default(false),
    imageUrl: text("image_url"),
    /** The client's logo mark: a library upload (PNG, WebP...) or one of ours under /images/clients/ (SVG, never uploaded). */
    logoUrl: text("logo_url"),
    metrics: jsonb("metrics").$type<Record<string, string>>().notNull().default({}),
    /** Left empty, the page shows no timeframe: a default would publish a claim nobody made (ADR 0069). */
    timeframe: text("timeframe"),
    services: text("services")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    journey: text("journey")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    testimonialQuote: text("testimonial_quote"),
    testimonialAuthor: text("testimonial_author"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("case_studies_slug_key").on(t.slug),
    index("case_studies_featured_created_at_idx").on(t.featured, t.createdAt.desc()),
    index("case_studies_created_at_idx").on(t.createdAt.desc()),
    check("case_studies_title_valid", required(t.title, LIMITS.title)),
    check("case_studies_slug_valid", sql`${t.slug} ~ '${sql.raw(SLUG_PATTERN_SQL)}' and char_length(${t.slug}) <= ${sql.raw(String(LIMITS.slug))}`),
    check("case_studies_company_valid", required(t.companyName, LIMITS.company)),
    check("case_studies_industry_valid", bounded(t.industry, LIMITS.company)),
    check("case_studies_challenge_valid", bounded(t.challenge, LIMITS.longText)),
    check("case_studies_solution_valid", bounded(t.solution, LIMITS.longText)),
    check("case_studies_results_valid", bounded(t.results, LIMITS.longText)),
    check("case_studies_image_valid", optionalUrl(t.imageUrl)),
    check("case_studies_logo_valid", optionalUrl(t.logoUrl)),
    check("case_studies_metrics_object", sql`jsonb_typeof(${t.metrics}) = 'object' and pg_column_size(${t.metrics}) <= 8192`),
    check("case_studies_timeframe_valid", bounded(t.timeframe, LIMITS.timeframe)),
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

/**
 * The people who write the blog (docs/decisions/0069): a post names its author by `author_name`, and
 * the profile whose name matches it (case and outer spaces aside) gives the byline's photo, the
 * author box and the article's JSON-LD Person. A post whose name has no profile keeps its plain byline.
 */
export const authors = pgTable(
  "authors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    role: text("role"),
    bio: text("bio"),
    photoUrl: text("photo_url"),
    linkedinUrl: text("linkedin_url"),
    xUrl: text("x_url"),
    websiteUrl: text("website_url"),
    /** Shown on /team and the home page's team section (docs/decisions/0103); an author is not a team member until ticked. */
    onTeamPage: boolean("on_team_page").notNull().default(false),
    /** Order on the team page, smallest first; people with the same position are listed by name. */
    teamPosition: smallint("team_position").notNull().default(DEFAULT_TEAM_POSITION),
    /** The one line the team page shows under the role. */
    teamLine: text("team_line"),
    /** The service (its slug in src/content/services.ts) this person leads: its page names them as its strategist. */
    leadsService: text("leads_service"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("authors_name_key").on(sql`lower(btrim(${t.name}))`),
    index("authors_team_idx")
      .on(t.teamPosition, t.name)
      .where(sql`${t.onTeamPage}`),
    check("authors_name_valid", required(t.name, LIMITS.personName)),
    check("authors_role_valid", bounded(t.role, LIMITS.role)),
    check("authors_bio_valid", bounded(t.bio, LIMITS.authorBio)),
    check("authors_photo_valid", optionalUrl(t.photoUrl)),
    check("authors_linkedin_valid", optionalUrl(t.linkedinUrl)),
    check("authors_x_valid", optionalUrl(t.xUrl)),
    check("authors_website_valid", optionalUrl(t.websiteUrl)),
    check("authors_team_position_range", sql`${t.teamPosition} between 1 and ${sql.raw(String(TEAM_POSITION_MAX))}`),
    check("authors_team_line_valid", bounded(t.teamLine, LIMITS.teamLine)),
    check("authors_leads_service_valid", sql`${t.leadsService} is null or ${t.leadsService} ~ '${sql.raw(SLUG_PATTERN_SQL)}'`),
  ],
);

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
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    readingTime: integer("reading_time"),
    /** A draft becomes published at this instant (src/server/content/scheduled-publishing.ts), then it is cleared. */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    /** A published post becomes a draft at this instant, then it is cleared. */
    unpublishAt: timestamp("unpublish_at", { withTimezone: true }),
    /**
     * The moment the post first went live (a save with Published ticked, or its scheduled time): the
     * date the article, the lists and the feed show. Null for a post never published, and for posts
     * published before it was kept, which show their creation date instead.
     */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** "Hide from search engines": noindex on the article, left out of the sitemap and the feed (ADR 0041). */
    hiddenFromSearch: boolean("hidden_from_search").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("blog_posts_slug_key").on(t.slug),
    // The publishing job asks every second for due rows: only scheduled ones are indexed.
    index("blog_posts_publish_at_idx")
      .on(t.publishAt)
      .where(sql`${t.publishAt} is not null`),
    index("blog_posts_unpublish_at_idx")
      .on(t.unpublishAt)
      .where(sql`${t.unpublishAt} is not null`),
    index("blog_posts_published_featured_created_at_idx").on(t.published, t.featured, t.createdAt.desc()),
    index("blog_posts_created_at_idx").on(t.createdAt.desc()),
    index("blog_posts_tags_gin_idx").using("gin", t.tags),
    check("blog_posts_title_valid", required(t.title, LIMITS.title)),
    check("blog_posts_slug_valid", sql`${t.slug} ~ '${sql.raw(SLUG_PATTERN_SQL)}' and char_length(${t.slug}) <= ${sql.raw(String(LIMITS.slug))}`),
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

export const REVISION_ACTIONS = ["create", "update", "restore"] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];

/**
 * Every saved version of a post (ADR 0039): written in the same transaction as the save itself, never
 * pruned. `fields` holds the post's other editable fields as they were saved (slug, excerpt, tags...).
 */
export const blogPostRevisions = pgTable(
  "blog_post_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull().default({}),
    /** Who saved it: the account's id and its name and e-mail then (kept after the account is deleted). */
    authorId: text("author_id"),
    authorLabel: text("author_label").notNull(),
    /** "create", "update" or "restore" (then restoredFrom names the revision brought back). */
    action: text("action").$type<RevisionAction>().notNull(),
    restoredFrom: uuid("restored_from"),
    /**
     * Set on a revision the writing room's autosave wrote: the time of its latest autosave. The same
     * person's next autosaves within AUTOSAVE_REVISION_MINUTES of its creation update it in place
     * rather than adding one revision per pause in typing (docs/decisions/0075).
     */
    autosavedAt: timestamp("autosaved_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("blog_post_revisions_post_id_created_at_idx").on(t.postId, t.createdAt.desc()),
    check("blog_post_revisions_action_valid", inList(t.action, REVISION_ACTIONS)),
  ],
);

/**
 * A draft's preview links (docs/decisions/0047): the link's token is shown once and kept only as its
 * SHA-256; a link expires, or is revoked, and never shows a post of another id.
 */
export const blogPreviewLinks = pgTable(
  "blog_preview_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("blog_preview_links_post_id_idx").on(t.postId)],
);

export const SHARE_NETWORKS = ["twitter", "facebook", "linkedin"] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

/** One row per real use of an article's share buttons: the count shown is never made up. */
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

/**
 * A file sent with an outbox mail, its content as text. `method` marks an iCalendar invitation
 * (REQUEST, CANCEL): the mail then carries it as a calendar part that mail programs offer to add.
 */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  method?: string;
}

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
    /** Files sent with the mail (a call's iCalendar invitation, docs/decisions/0065); null: none. */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("notifications_due_idx").on(t.status, t.nextAttemptAt),
    check("notifications_status_valid", inList(t.status, NOTIFICATION_STATUSES)),
    check("notifications_has_recipients", sql`coalesce(array_length(${t.recipients}, 1), 0) > 0`),
    check(
      "notifications_attachments_valid",
      sql`${t.attachments} is null or (jsonb_typeof(${t.attachments}) = 'array' and pg_column_size(${t.attachments}) <= 262144)`,
    ),
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
 * Work that must be done once across every server process (src/server/kernel/jobs/jobs.ts): the first process
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
 * The media library: one row per uploaded image (src/server/media/media.ts), stored once in the storage
 * (src/server/media/storage.ts) without its metadata, with the dimensions the pages need for srcset and
 * layout. Where an image is used is found from the rows that name its URL, never stored twice.
 */
export const media = pgTable(
  "media",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The storage name, also the URL's last segment: /api/media/<name>. */
    name: text("name").notNull().unique(),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    /** Offered as the alt text when the image is placed; each use keeps its own. */
    altText: text("alt_text").notNull().default(""),
    /**
     * The file's name on the uploader's computer, as sent (its folders dropped, at most 200
     * characters): shown in the library, searched, and the name a download of the image suggests.
     * Empty for images uploaded before it was kept.
     */
    originalName: text("original_name").notNull().default(""),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("media_dimensions_positive", sql`${t.width} > 0 and ${t.height} > 0`),
    check("media_original_name_valid", sql`char_length(${t.originalName}) <= 200`),
  ],
);

/**
 * The activity trail (docs/decisions/0037): one row per change made in the dashboard and per sign-in,
 * failure and sign-out. Append-only: a trigger (drizzle/0008_audit_append_only_custom.sql) refuses
 * UPDATE and DELETE except from `prune_audit_events`, the retention prune. No foreign key to users:
 * a row outlives the account it names. The table, its indexes, trigger and functions keep the names
 * they were created with (`audit_*`): renaming them would break servers still running the previous
 * version during a rolling restart (ADR 0037, addendum of 2026-11-27).
 */
export const activityEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // The moment of the write, not the transaction's start (now()): edits that waited for one
    // another's row lock are ordered as they happened.
    at: timestamp("at", { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    /** Null for an anonymous event (a failed sign-in of an unknown address). */
    userId: text("user_id"),
    email: text("email"),
    /** The role the user had when it happened. */
    role: text("role"),
    action: text("action").notNull(),
    /** The SQL table changed, if any (`blog_posts`), and the row's id. */
    tableName: text("table_name"),
    recordId: text("record_id"),
    /** The changed fields only, secrets replaced (src/server/kernel/activity/activity.ts). */
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    requestId: text("request_id"),
    /** The address with its host part zeroed (IPv4 /24, IPv6 /48). */
    ip: text("ip"),
  },
  (t) => [
    index("audit_events_at_idx").on(t.at),
    index("audit_events_record_idx").on(t.tableName, t.recordId, t.at),
    index("audit_events_user_idx").on(t.userId, t.at),
    check("audit_events_action_valid", sql`char_length(${t.action}) between 1 and 100`),
  ],
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
    /** The form's own fields as sent, each bounded (src/server/leads/spam.ts). */
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

// ---------------------------------------------------------------------------------------------
// Analytics (docs/decisions/0056, docs/analytics.md): page views counted by the server, no cookie,
// no stored address or user agent. Days are UTC days.
// ---------------------------------------------------------------------------------------------

export const DEVICE_CLASSES = ["mobile", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/**
 * One random secret per UTC day: a visitor id is HMAC-SHA-256 under it (src/server/analytics/visitor-id.ts).
 * A day's row is created once across processes and deleted once the day is over (plus a grace of
 * a few minutes): from then on nobody, us included, can recompute that day's ids from an address.
 */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day").primaryKey(),
  salt: text("salt").notNull(),
  createdAt: createdAt(),
});

/**
 * The raw page views, kept ANALYTICS_RAW_DAYS days. Visits are not stored: they are derived from
 * (visitor_id, at), a new visit after 30 minutes without a page view (src/server/analytics/rollup.ts).
 * `source` is the visit-independent source of this page view: utm_source, else the referring host,
 * else null (direct, or an internal navigation when `internal`).
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    day: date("day").notNull(),
    /** Hex of HMAC-SHA-256(day's salt, SHA-256(site host, address, user agent)): 64 characters. */
    visitorId: text("visitor_id").notNull(),
    path: text("path").notNull(),
    /** The referring site's host, never our own (an internal navigation has `internal` and no host). */
    referrerHost: text("referrer_host"),
    internal: boolean("internal").notNull().default(false),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    device: text("device").$type<DeviceClass>().notNull(),
    /** The browser's family (Chrome, Safari, Firefox...), never its version or the user agent. */
    browser: text("browser"),
    /** Two letters from ANALYTICS_COUNTRY_HEADER, when configured and sent. */
    country: text("country"),
    /**
     * The A/B experiment this page view showed a variant of (experiments.key) and which variant, 0
     * being the control: the exposure, counted with the page view (docs/decisions/0107). Both or neither.
     */
    experimentKey: text("experiment_key"),
    variant: smallint("variant"),
  },
  (t) => [
    index("analytics_events_experiment_idx")
      .on(t.experimentKey, t.variant)
      .where(sql`${t.experimentKey} is not null`),
    check("analytics_events_variant_valid", sql`(${t.experimentKey} is null) = (${t.variant} is null) and coalesce(${t.variant}, 0) between 0 and 9`),
    index("analytics_events_day_visitor_at_idx").on(t.day, t.visitorId, t.at),
    index("analytics_events_at_idx").on(t.at),
    check("analytics_events_visitor_valid", sql`${t.visitorId} ~ '^[0-9a-f]{64}$'`),
    check("analytics_events_path_valid", sql`char_length(${t.path}) between 1 and 300 and left(${t.path}, 1) = '/'`),
    check("analytics_events_device_valid", inList(t.device, DEVICE_CLASSES)),
    check("analytics_events_country_valid", sql`${t.country} is null or ${t.country} ~ '^[A-Z]{2}$'`),
    check(
      "analytics_events_text_bounded",
      sql`coalesce(char_length(${t.referrerHost}), 0) <= 255 and coalesce(char_length(${t.utmSource}), 0) <= 100
        and coalesce(char_length(${t.utmMedium}), 0) <= 100 and coalesce(char_length(${t.utmCampaign}), 0) <= 100 and coalesce(char_length(${t.browser}), 0) <= 40`,
    ),
  ],
);

/**
 * One row per visit (docs/decisions/0096): the visits `visitsIn` derives from the raw page views,
 * stored so that the Analytics screen reads today and any combination of filters from visits rather
 * than deriving them from page views on every load. Kept as long as the raw page views
 * (ANALYTICS_RAW_DAYS). A visitor-day whose page views changed since its visits were written has a
 * row in analytics_visit_marks (a trigger on analytics_events writes it): until the timed job
 * rewrites it, readers derive that visitor-day from the raw page views instead, so a figure never
 * lags the page views stored.
 */
export const analyticsVisits = pgTable(
  "analytics_visits",
  {
    day: date("day").notNull(),
    visitorId: text("visitor_id").notNull(),
    /** The visit's number among its visitor's visits of the day, from 1. */
    visitNo: integer("visit_no").notNull(),
    started: timestamp("started", { withTimezone: true }).notNull(),
    ended: timestamp("ended", { withTimezone: true }).notNull(),
    pageviews: integer("pageviews").notNull(),
    /** From the first page view to the last, exact (numeric, as the rollup sums it). */
    seconds: numeric("seconds").notNull(),
    entryPath: text("entry_path").notNull(),
    /** Every page view's path, in order. */
    pages: text("pages").array().notNull(),
    /** The first page view's: utm_source lower-cased, else the referring host without www., else null. */
    source: text("source"),
    utmSource: text("utm_source"),
    medium: text("medium"),
    campaign: text("campaign"),
    referrerHost: text("referrer_host"),
    device: text("device").$type<DeviceClass>().notNull(),
    browser: text("browser"),
    country: text("country"),
    /** The lead desk's channel of its first touch (src/lib/channels.ts), named when the visit is written. */
    channel: text("channel").notNull(),
  },
  (t) => [
    primaryKey({ name: "analytics_visits_pk", columns: [t.day, t.visitorId, t.visitNo] }),
    index("analytics_visits_source_idx").on(t.source, t.day),
    index("analytics_visits_campaign_idx").on(t.campaign, t.day),
    index("analytics_visits_pages_idx").using("gin", t.pages),
  ],
);

/** The visitor-days whose page views changed since their rows of analytics_visits were written (see there). */
export const analyticsVisitMarks = pgTable(
  "analytics_visit_marks",
  {
    day: date("day").notNull(),
    visitorId: text("visitor_id").notNull(),
  },
  (t) => [primaryKey({ name: "analytics_visit_marks_pk", columns: [t.day, t.visitorId] })],
);

/** What a row of analytics_daily_rollups groups by; `all` is the whole day (one row, value ''). */
export const ROLLUP_DIMENSIONS = ["all", "page", "entry", "source", "campaign", "country", "device", "channel"] as const;
export type RollupDimension = (typeof ROLLUP_DIMENSIONS)[number];
/**
 * The Analytics screen's filters a rollup row can answer alone: none (''), a page seen, a source, a
 * campaign, and any two or the three together (`source_campaign`, `page_source`, `page_campaign`,
 * `page_source_campaign`: crossed, their value `crossedValue`'s; docs/decisions/0100).
 */
export const ROLLUP_FILTERS = ["", "page", "source", "campaign", "source_campaign", "page_source", "page_campaign", "page_source_campaign"] as const;
/** The filters crossed in the rollup (two or three at once); those with a page are kept as long as the stored visits. */
export const CROSSED_FILTERS = ["source_campaign", "page_source", "page_campaign", "page_source_campaign"] as const;
export type RollupFilter = (typeof ROLLUP_FILTERS)[number];

/** The columns a rollup row has, closed day or open (its seconds differ: summed whole, or unrounded). */
function rollupColumns() {
  return {
    day: date("day").notNull(),
    filterKind: text("filter_kind").$type<RollupFilter>().notNull(),
    filterValue: text("filter_value").notNull(),
    dimension: text("dimension").$type<RollupDimension>().notNull(),
    value: text("value").notNull(),
    visitors: integer("visitors").notNull(),
    visits: integer("visits").notNull(),
    pageviews: integer("pageviews").notNull(),
    /** Visits of one page view. */
    bounces: integer("bounces").notNull(),
  };
}

/**
 * The daily rollup, kept for good (docs/decisions/0056): for one UTC day, one row per dimension
 * and value with the figures of that day's visits. `all` is the day (visitors deduplicated over it);
 * `page` counts the visits that saw the page and the page's own views; `entry`, `source`, `campaign`,
 * `country`, `device` and `channel` group the visits by their first page view's value ('' when it has
 * none: a direct visit, no campaign, no country). The rows with `filter_kind` '' count every visit;
 * the others count only the visits one filter keeps (`page`: that saw the page `filter_value`;
 * `source`, `campaign`: whose first page view had it; crossed: all of them), so every set of
 * filters is read from the rollup.
 * A day is rolled up when its unfiltered `all` row exists.
 */
export const analyticsDailyRollups = pgTable(
  "analytics_daily_rollups",
  {
    ...rollupColumns(),
    /** Sum over the visits of the seconds from their first to their last page view. */
    durationSeconds: bigint("duration_seconds", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ name: "analytics_daily_rollups_pk", columns: [t.filterKind, t.filterValue, t.day, t.dimension, t.value] }),
    index("analytics_daily_rollups_day_idx").on(t.day),
    check("analytics_daily_rollups_dimension_valid", inList(t.dimension, ROLLUP_DIMENSIONS)),
    check("analytics_daily_rollups_filter_valid", inList(t.filterKind, ROLLUP_FILTERS)),
  ],
);

/**
 * The days whose rollup rows (closed or running) were counted before the rollup crossed the filters
 * (docs/decisions/0100): a report with two or three filters counts these days from their stored visits until
 * the timed job adds their crossed rows and removes the day from here.
 */
export const analyticsUncrossedDays = pgTable("analytics_uncrossed_days", {
  day: date("day").primaryKey(),
});

/**
 * The running rollup of each day not rolled up yet (docs/decisions/0096): the rows
 * analytics_daily_rollups will have, counted from the day's stored visits (analytics_visits) and
 * kept equal to them as the timed job rewrites visitor-days, with the seconds unrounded. The
 * Analytics screen reads today from it, corrected by the visitor-days marked since.
 */
export const analyticsOpenRollups = pgTable(
  "analytics_open_rollups",
  {
    ...rollupColumns(),
    durationSeconds: numeric("duration_seconds").notNull(),
  },
  (t) => [primaryKey({ name: "analytics_open_rollups_pk", columns: [t.filterKind, t.filterValue, t.day, t.dimension, t.value] })],
);

/**
 * The visit a lead was sent from, written when its day is rolled up and kept as long as the lead:
 * the funnel of a period whose raw page views are gone still knows each lead's entry page, channel,
 * source, campaign and pages.
 */
export const analyticsLeadVisits = pgTable(
  "analytics_lead_visits",
  {
    leadId: uuid("lead_id")
      .primaryKey()
      .references(() => leads.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    entryPath: text("entry_path").notNull(),
    channel: text("channel").notNull(),
    source: text("source").notNull(),
    campaign: text("campaign").notNull(),
    pages: text("pages").array().notNull(),
  },
  (t) => [index("analytics_lead_visits_day_idx").on(t.day)],
);

/**
 * The visit each contact message was sent from, written with its day's rollup as a lead's is
 * (analytics_lead_visits): the Analytics funnel counts both forms after the raw page views are gone.
 */
export const analyticsMessageVisits = pgTable(
  "analytics_message_visits",
  {
    messageId: uuid("message_id")
      .primaryKey()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    entryPath: text("entry_path").notNull(),
    channel: text("channel").notNull(),
    source: text("source").notNull(),
    campaign: text("campaign").notNull(),
    pages: text("pages").array().notNull(),
  },
  (t) => [index("analytics_message_visits_day_idx").on(t.day)],
);

/**
 * Keys of the REST API (docs/decisions/0059): the key is shown once when it is made and only its
 * SHA-256 is kept (token_hash), with the first characters (shown_prefix) so the list can tell keys
 * apart. Every request reads the row (revoked_at, expires_at), so a revocation holds at once on
 * every process. last_used_at is written at most once a minute.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    shownPrefix: text("shown_prefix").notNull(),
    scopes: text("scopes").array().notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: text("revoked_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("api_keys_created_at_idx").on(t.createdAt.desc()),
    check("api_keys_name_valid", required(t.name, API_KEY_NAME_MAX)),
    check(
      "api_keys_scopes_valid",
      sql`cardinality(${t.scopes}) between 1 and ${sql.raw(String(API_SCOPES.length))} and ${t.scopes} <@ array[${sql.raw(API_SCOPES.map((s) => `'${s}'`).join(", "))}]::text[]`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Webhooks (docs/integrations.md, docs/decisions/0057, 0058)
// ---------------------------------------------------------------------------------------------

/**
 * An address that is sent the site's events. The signing secret is kept encrypted with a key derived
 * from the auth secret (src/server/integrations/webhooks/secret.ts): it is needed to sign, and shown once.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    url: text("url").notNull(),
    kind: text("kind").$type<WebhookKind>().notNull().default("standard"),
    events: text("events").array().notNull(),
    /** AES-256-GCM of the `whsec_...` secret: version, iv, tag and ciphertext, base64url, dot-separated. */
    secretEncrypted: text("secret_encrypted").notNull(),
    status: text("status").$type<WebhookEndpointStatus>().notNull().default("active"),
    /** Failed attempts in a row since the last delivered one; `failing_since` the first of them. */
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    failingSince: timestamp("failing_since", { withTimezone: true }),
    /** Why and when it was paused or disabled: said on the Integrations screen. */
    pausedReason: text("paused_reason"),
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("webhook_endpoints_kind_valid", inList(t.kind, WEBHOOK_KINDS)),
    check("webhook_endpoints_status_valid", inList(t.status, WEBHOOK_ENDPOINT_STATUSES)),
    check("webhook_endpoints_url_valid", sql`char_length(${t.url}) <= ${sql.raw(String(LIMITS.url))} and ${t.url} ~* '^https?://'`),
    check("webhook_endpoints_events_count", sql`coalesce(array_length(${t.events}, 1), 0) between 1 and 50`),
    check("webhook_endpoints_reason_valid", bounded(t.pausedReason, 500)),
  ],
);

/**
 * The webhook outbox: a row per endpoint and event, inserted with its job on the queue in the
 * transaction of the change it reports (src/server/integrations/webhooks/delivery.ts, ADR 0093): the
 * delivery log the Integrations screen shows. `id` is the order: a row is not sent while an earlier
 * one for the same endpoint and record is pending. `locked_until` (and the due index) served the
 * timer's claim and are no longer used.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    recordTable: text("record_table").notNull(),
    recordId: text("record_id").notNull(),
    /** The event's `data`; the envelope ({ type, timestamp, data }) is made at send time from the row. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** The `webhook-id` header: the same for every attempt, so a receiver can drop a repeat. */
    messageId: text("message_id").notNull().unique(),
    status: text("status").$type<WebhookDeliveryStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Failed attempts are retried until this instant (24 hours after the event, or after "Send again"). */
    retryUntil: timestamp("retry_until", { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '24 hours'`),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastResponseCode: integer("last_response_code"),
    lastError: text("last_error"),
    /** The first bytes of the receiver's last answer (at most 1,024 characters kept). */
    lastResponseBody: text("last_response_body"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("webhook_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_record_idx")
      .on(t.endpointId, t.recordTable, t.recordId, t.id)
      .where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.id.desc()),
    check("webhook_deliveries_status_valid", inList(t.status, WEBHOOK_DELIVERY_STATUSES)),
    check("webhook_deliveries_error_valid", bounded(t.lastError, 1000)),
    check("webhook_deliveries_body_valid", bounded(t.lastResponseBody, 1024)),
  ],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;

export type AnalyticsEvent = typeof analyticsEvents.$inferSelect;

export type Lead = typeof leads.$inferSelect;
export type ContactMessage = typeof contactMessages.$inferSelect;
export type Media = typeof media.$inferSelect;
export type CaseStudy = typeof caseStudies.$inferSelect;
export type NewCaseStudy = typeof caseStudies.$inferInsert;
export type Testimonial = typeof testimonials.$inferSelect;
export type Author = typeof authors.$inferSelect;
export type NewTestimonial = typeof testimonials.$inferInsert;
export type BlogPost = typeof blogPosts.$inferSelect;
export type NewBlogPost = typeof blogPosts.$inferInsert;
export type Profile = typeof profiles.$inferSelect;
export type BlogPostRevision = typeof blogPostRevisions.$inferSelect;
export type Notification = typeof notifications.$inferSelect;
export type TeamInvitation = typeof teamInvitations.$inferSelect;
export type ActivityEvent = typeof activityEvents.$inferSelect;
export type ApiKey = typeof apiKeys.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Newsletter (docs/newsletter.md, docs/decisions/0062, 0063)
// ---------------------------------------------------------------------------------------------

/**
 * One address on the list. `email_key` is the address lower-cased: one row per address, so a
 * second sign-up finds the first (and changes nothing once it is confirmed). `topics` are blog tags;
 * an empty list means every topic. Links in mails name the row by id and carry an HMAC
 * (src/server/newsletter/tokens.ts); `token_version` is raised to make every earlier link void.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    emailKey: text("email_key").notNull(),
    status: text("status").$type<SubscriberStatus>().notNull().default("pending"),
    topics: text("topics")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Paused by the subscriber from the preferences page: kept on the list, sent nothing. */
    paused: boolean("paused").notNull().default(false),
    source: text("source").$type<SubscriberSource>().notNull(),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    contactMessageId: uuid("contact_message_id").references(() => contactMessages.id, { onDelete: "set null" }),
    tokenVersion: integer("token_version").notNull().default(1),
    /** When the confirmation mail was last asked for: a pending row older than 7 days is deleted. */
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    suppressedAt: timestamp("suppressed_at", { withTimezone: true }),
    suppressedReason: text("suppressed_reason").$type<SuppressionReason>(),
    /** Soft bounces in a row; three suppress the address, a delivered letter resets it. */
    softBounces: integer("soft_bounces").notNull().default(0),
    /**
     * The send whose one-click unsubscribe link was used (docs/decisions/0063), so a send's report can
     * count who left from it; null when they left from the preferences page or by mail without one.
     */
    unsubscribedFromSendId: uuid("unsubscribed_from_send_id").references((): AnyPgColumn => newsletterSends.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_key").on(t.emailKey),
    index("newsletter_subscribers_status_idx").on(t.status, t.createdAt.desc()),
    index("newsletter_subscribers_topics_idx").using("gin", t.topics),
    index("newsletter_subscribers_unsubscribed_from_idx")
      .on(t.unsubscribedFromSendId)
      .where(sql`${t.unsubscribedFromSendId} is not null`),
    check("newsletter_subscribers_status_valid", inList(t.status, SUBSCRIBER_STATUSES)),
    check("newsletter_subscribers_source_valid", inList(t.source, SUBSCRIBER_SOURCES)),
    check("newsletter_subscribers_reason_valid", sql`${t.suppressedReason} is null or ${inList(t.suppressedReason, SUPPRESSION_REASONS)}`),
    check("newsletter_subscribers_email_valid", required(t.email, LIMITS.email)),
    check("newsletter_subscribers_key_valid", sql`${t.emailKey} = lower(btrim(${t.email}))`),
    check("newsletter_subscribers_topics_count", sql`coalesce(array_length(${t.topics}, 1), 0) <= 100`),
  ],
);

/**
 * One e-mail sent (or to be sent) to the list: made from a published post (`post_id`) or written
 * on its own (`body`, the editor's HTML). `topics` empty means every confirmed subscriber.
 */
export const newsletterSends = pgTable(
  "newsletter_sends",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id").references(() => blogPosts.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    previewText: text("preview_text"),
    /** The letter's own HTML when it is not a post (sanitised like a post's body). */
    body: text("body"),
    topics: text("topics")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text("status").$type<SendStatus>().notNull().default("draft"),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    /** Set when its recipients were written (once: the list is fixed when the send starts). */
    queuedAt: timestamp("queued_at", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** The rendered letter, made once when the send starts so every recipient gets the same one. */
    renderedHtml: text("rendered_html"),
    renderedText: text("rendered_text"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("newsletter_sends_created_idx").on(t.createdAt.desc()),
    index("newsletter_sends_due_idx")
      .on(t.scheduledAt)
      .where(sql`${t.status} in ('scheduled', 'sending')`),
    check("newsletter_sends_status_valid", inList(t.status, SEND_STATUSES)),
    check("newsletter_sends_subject_valid", required(t.subject, SUBJECT_MAX)),
    check("newsletter_sends_preview_valid", bounded(t.previewText, PREVIEW_TEXT_MAX)),
    check("newsletter_sends_source_valid", sql`${t.postId} is not null or ${t.body} is not null`),
  ],
);

/**
 * One copy of a send for one subscriber: written for every recipient when the send starts (unique
 * per send and subscriber), then claimed by its batch's job of the queue, one job of a batch at a
 * time, so each copy is sent once (docs/decisions/0062, 0094). `locked_until` and `next_attempt_at`
 * are no longer used (the queue's lease and back-off replaced them). Erasing a subscriber deletes
 * their rows.
 */
export const newsletterRecipients = pgTable(
  "newsletter_recipients",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    sendId: uuid("send_id")
      .notNull()
      .references(() => newsletterSends.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    status: text("status").$type<RecipientStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** The Message-ID it was sent with: a bounce notification names it. */
    messageId: text("message_id").notNull().unique(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    bouncedAt: timestamp("bounced_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("newsletter_recipients_send_subscriber_key").on(t.sendId, t.subscriberId),
    index("newsletter_recipients_due_idx")
      .on(t.sendId, t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index("newsletter_recipients_subscriber_idx").on(t.subscriberId),
    check("newsletter_recipients_status_valid", inList(t.status, RECIPIENT_STATUSES)),
    check("newsletter_recipients_error_valid", bounded(t.lastError, 1000)),
  ],
);

/**
 * A link in a send, counted through a signed redirect (`/n/c/...`): the address is stored here, so
 * the redirect can only go where the letter pointed (never an open redirect). `clicks` counts every
 * click, anonymously; `newsletter_clicks` has one row per recipient who clicked (erased with them).
 */
export const newsletterLinks = pgTable(
  "newsletter_links",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    sendId: uuid("send_id")
      .notNull()
      .references(() => newsletterSends.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    clicks: integer("clicks").notNull().default(0),
  },
  (t) => [
    uniqueIndex("newsletter_links_send_url_key").on(t.sendId, t.url),
    check("newsletter_links_url_valid", sql`char_length(${t.url}) <= ${sql.raw(String(LIMITS.url))} and ${t.url} ~* '^(https?://|mailto:)'`),
  ],
);

export const newsletterClicks = pgTable(
  "newsletter_clicks",
  {
    linkId: bigint("link_id", { mode: "number" })
      .notNull()
      .references(() => newsletterLinks.id, { onDelete: "cascade" }),
    recipientId: bigint("recipient_id", { mode: "number" })
      .notNull()
      .references(() => newsletterRecipients.id, { onDelete: "cascade" }),
    firstAt: timestamp("first_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.recipientId] }), index("newsletter_clicks_recipient_idx").on(t.recipientId)],
);

export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect;
export type NewsletterSend = typeof newsletterSends.$inferSelect;
export type NewsletterRecipient = typeof newsletterRecipients.$inferSelect;

/**
 * The provider notifications already applied (docs/decisions/0063): an SNS MessageId (`sns:…`) or a
 * signed webhook's id (`wh:…`), claimed in the transaction that applies the event, so a delivery sent
 * twice counts once (the same soft bounce is not two). Rows older than 30 days are pruned daily; a
 * notification older than that is refused on its own signed timestamp, so a pruned id cannot come back.
 */
export const newsletterEventsSeen = pgTable(
  "newsletter_events_seen",
  {
    id: text("id").primaryKey(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("newsletter_events_seen_received_idx").on(t.receivedAt)],
);

// ---------------------------------------------------------------------------------------------
// Pipeline (docs/decisions/0067)
// ---------------------------------------------------------------------------------------------

/**
 * A lead's stages, in the board's order: the five built-ins (rows the migration inserts, never
 * renamed, moved or removed) and the owner's own. `leads.status` references `key`, so a status
 * that names no stage cannot be stored by any path, and a stage that still holds leads cannot be
 * deleted. `countsAsContact` is what the first-contact trigger reads: true for every stage but
 * New and Lost.
 */
export const leadStages = pgTable(
  "lead_stages",
  {
    key: text("key").primaryKey(),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    builtin: boolean("builtin").notNull().default(false),
    countsAsContact: boolean("counts_as_contact").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("lead_stages_key_valid", sql`${t.key} ~ ${sql.raw(`'${STAGE_KEY_PATTERN_SQL}'`)}`),
    check("lead_stages_name_valid", required(t.name, STAGE_NAME_MAX)),
    index("lead_stages_position_idx").on(t.position),
  ],
);

export type LeadStage = typeof leadStages.$inferSelect;

// ---------------------------------------------------------------------------------------------
// People (docs/decisions/0068): one page per person, joined by the lower-cased address
// ---------------------------------------------------------------------------------------------

export const INTERACTION_KINDS = ["call", "email", "whatsapp", "meeting"] as const;
export type InteractionKind = (typeof INTERACTION_KINDS)[number];
/** The longest summary a member may log (a few paragraphs of notes). */
export const INTERACTION_SUMMARY_MAX = 2_000;

/**
 * A call, e-mail, WhatsApp conversation or meeting a member logged by hand on a person's page.
 * `email_key` is the person's address lower-cased and trimmed, the key every part of their
 * timeline is joined on; the row goes with the person when they are erased.
 */
export const personInteractions = pgTable(
  "person_interactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    emailKey: text("email_key").notNull(),
    kind: text("kind").$type<InteractionKind>().notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    summary: text("summary").notNull(),
    /** Who logged it: only they may edit or delete it; unset when their account goes. */
    memberId: text("member_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("person_interactions_email_key_idx").on(t.emailKey, t.occurredAt.desc()),
    check("person_interactions_kind_valid", inList(t.kind, INTERACTION_KINDS)),
    check("person_interactions_summary_valid", required(t.summary, INTERACTION_SUMMARY_MAX)),
    check("person_interactions_email_key_valid", sql`${t.emailKey} = lower(btrim(${t.emailKey})) and ${required(t.emailKey, LIMITS.email)}`),
  ],
);

export type PersonInteraction = typeof personInteractions.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Calendar sync (docs/calendar.md, docs/decisions/0066)
// ---------------------------------------------------------------------------------------------

/** What a queued calendar write does with its event: write it (create or replace) or delete it. */
export const CALENDAR_WRITE_ACTIONS = ["put", "delete"] as const;
export type CalendarWriteAction = (typeof CALENDAR_WRITE_ACTIONS)[number];

/**
 * A member's own CalDAV calendar: the server they named, the calendar chosen among those found, and
 * the password encrypted with a key derived from the auth secret (src/server/booking/calendar-sync/secret.ts), since
 * every sync needs it back. The busy-time sync comes back at `sync_due_at`, as a job of the queue
 * keyed by the member (docs/decisions/0095; `sync_locked_until`, its former claim, is no longer set);
 * `last_error` is the last failure in words, shown on the member's Calendar screen.
 */
export const calendarConnections = pgTable(
  "calendar_connections",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    serverUrl: text("server_url").notNull(),
    username: text("username").notNull(),
    /** AES-256-GCM of the password: version, iv, tag and ciphertext, base64url, dot-separated. */
    passwordEncrypted: text("password_encrypted").notNull(),
    calendarUrl: text("calendar_url").notNull(),
    calendarName: text("calendar_name"),
    /** The account's calendars as last found (connect or test): the screen's choice, checked against this list. */
    calendarsFound: jsonb("calendars_found").$type<{ url: string; name: string }[]>().notNull().default([]),
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    lastError: text("last_error"),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
    /** Failed syncs in a row: the next one waits longer (at most an hour). */
    syncFailures: integer("sync_failures").notNull().default(0),
    syncDueAt: timestamp("sync_due_at", { withTimezone: true }).notNull().defaultNow(),
    syncLockedUntil: timestamp("sync_locked_until", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("calendar_connections_due_idx").on(t.syncDueAt),
    check("calendar_connections_server_url_valid", sql`char_length(${t.serverUrl}) <= ${sql.raw(String(LIMITS.url))} and ${t.serverUrl} ~* '^https?://'`),
    check("calendar_connections_calendar_url_valid", sql`char_length(${t.calendarUrl}) <= 2000 and ${t.calendarUrl} ~* '^https?://'`),
    check("calendar_connections_username_valid", required(t.username, 200)),
    check("calendar_connections_name_valid", bounded(t.calendarName, 200)),
    check("calendar_connections_error_valid", bounded(t.lastError, 1000)),
  ],
);

/**
 * A member's busy intervals as last read from their calendar, over the sync's window: replaced
 * wholesale at each sync (one transaction), so a reader sees one sync's intervals or the next's.
 */
export const calendarBusy = pgTable(
  "calendar_busy",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("calendar_busy_user_range_idx").on(t.userId, t.startsAt, t.endsAt), check("calendar_busy_order", sql`${t.endsAt} > ${t.startsAt}`)],
);

/**
 * The events this site writes into a member's calendar, by their iCalendar UID: where the object is
 * and its last ETag (an update sends If-Match), and the write still to be done, if any. A new write
 * replaces the pending one (the latest state of the event is what counts) and bumps `revision`, so a
 * send already under way for an older revision does not mark the newer one done. Due writes are
 * claimed with `locked_until` by the calendar job (src/server/booking/calendar-sync/job.ts) and retried with
 * doubling waits; a done delete removes the row.
 */
export const calendarEvents = pgTable(
  "calendar_events",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    uid: text("uid").notNull(),
    objectUrl: text("object_url"),
    etag: text("etag"),
    pendingAction: text("pending_action").$type<CalendarWriteAction>(),
    /** The calendar object to write (while a put is pending). */
    icsText: text("ics_text"),
    revision: integer("revision").notNull().default(1),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    writtenAt: timestamp("written_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.uid] }),
    index("calendar_events_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.pendingAction} is not null`),
    check("calendar_events_action_valid", sql`${t.pendingAction} is null or ${inList(t.pendingAction, CALENDAR_WRITE_ACTIONS)}`),
    check("calendar_events_uid_valid", sql`${t.uid} ~ '^[A-Za-z0-9@._-]{1,200}$'`),
    check("calendar_events_ics_valid", sql`${t.icsText} is null or char_length(${t.icsText}) <= 100000`),
    check("calendar_events_error_valid", bounded(t.lastError, 1000)),
  ],
);

export type CalendarConnection = typeof calendarConnections.$inferSelect;
export type CalendarEvent = typeof calendarEvents.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Booking a strategy call (docs/decisions/0065)
// ---------------------------------------------------------------------------------------------

/** One stretch of a member's working week, in the site's time zone: weekday 1 (Monday) to 7 (Sunday), "HH:MM". */
export interface WeeklyHours {
  weekday: number;
  start: string;
  end: string;
}

/**
 * "booked": the slot is taken, held (confirmed_at null, until held_until) or confirmed; "released": a
 * hold that was not confirmed in time (docs/decisions/0077); "cancelled": by the visitor or a member.
 */
export const BOOKING_STATUSES = ["booked", "cancelled", "released"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_OUTCOMES = ["held", "no_show"] as const;
export type BookingOutcome = (typeof BOOKING_OUTCOMES)[number];

/**
 * A member who may take strategy calls: when (weekly hours in the site's time zone), with how much
 * room between calls, how far ahead at least, and how many a day. `last_assigned_at` orders the
 * round-robin (least recently given a call first). The booking transaction locks these rows
 * (FOR UPDATE), so two visitors never get the same member for overlapping times.
 */
export const bookingHosts = pgTable(
  "booking_hosts",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    offersCalls: boolean("offers_calls").notNull().default(false),
    weeklyHours: jsonb("weekly_hours").$type<WeeklyHours[]>().notNull().default([]),
    bufferMinutes: integer("buffer_minutes").notNull().default(15),
    noticeMinutes: integer("notice_minutes").notNull().default(240),
    maxPerDay: integer("max_per_day").notNull().default(4),
    lastAssignedAt: timestamp("last_assigned_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("booking_hosts_hours_valid", sql`jsonb_typeof(${t.weeklyHours}) = 'array' and jsonb_array_length(${t.weeklyHours}) <= 50`),
    check("booking_hosts_buffer_valid", sql`${t.bufferMinutes} between 0 and 240`),
    check("booking_hosts_notice_valid", sql`${t.noticeMinutes} between 0 and 20160`),
    check("booking_hosts_max_valid", sql`${t.maxPerDay} between 1 and 24`),
  ],
);

/** A day (site time) on which a member takes no calls, whatever their weekly hours say. */
export const bookingDaysOff = pgTable(
  "booking_days_off",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * A 30-minute strategy call booked by a visitor. The partial unique index on (host, starts_at) among
 * booked rows backs up the transaction's check: one member is never booked twice for one start.
 * `sequence` is the iCalendar SEQUENCE (raised by each reschedule and the cancel); `token_version`
 * is in every signed manage link, and raising it voids the links sent before. `time_set_at` is when
 * the current time was chosen: a reminder goes only if the call was booked before its mark.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hostId: text("host_id").references(() => users.id, { onDelete: "set null" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    company: text("company"),
    topic: text("topic").notNull(),
    /** The visitor's IANA time zone, for their mails; the site's when unknown. */
    timeZone: text("time_zone").notNull(),
    status: text("status").$type<BookingStatus>().notNull().default("booked"),
    outcome: text("outcome").$type<BookingOutcome>(),
    sequence: integer("sequence").notNull().default(0),
    tokenVersion: integer("token_version").notNull().default(1),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    /** The form's idempotency token: the same form sent twice books once. */
    submissionKey: text("submission_key").unique(),
    timeSetAt: timestamp("time_set_at", { withTimezone: true }).notNull().defaultNow(),
    reminder24hSentAt: timestamp("reminder_24h_sent_at", { withTimezone: true }),
    reminder1hSentAt: timestamp("reminder_1h_sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /**
     * A booking from the public page holds its slot until the visitor confirms it from the link in
     * their mail, or until `held_until` passes; then it is released (docs/decisions/0077).
     * `confirmed_at` null with `held_until` set: held; `confirmed_at` set: confirmed (by default at
     * once: a call a member books, or one made before holds existed).
     */
    heldUntil: timestamp("held_until", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }).defaultNow(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    /** Where a held call's visitor came from, for the lead its confirmation makes (as the forms keep it on the lead). */
    attribution: jsonb("attribution").$type<Attribution>(),
    visitorId: text("visitor_id"),
  },
  (t) => [
    uniqueIndex("bookings_host_start_booked_key")
      .on(t.hostId, t.startsAt)
      .where(sql`${t.status} = 'booked'`),
    index("bookings_starts_at_idx")
      .on(t.startsAt)
      .where(sql`${t.status} = 'booked'`),
    index("bookings_host_starts_idx").on(t.hostId, t.startsAt),
    index("bookings_email_lower_idx").on(sql`lower(${t.email})`),
    index("bookings_lead_idx").on(t.leadId),
    check("bookings_status_valid", inList(t.status, BOOKING_STATUSES)),
    check("bookings_outcome_valid", sql`${t.outcome} is null or ${inList(t.outcome, BOOKING_OUTCOMES)}`),
    check("bookings_times_valid", sql`${t.endsAt} > ${t.startsAt}`),
    check("bookings_name_valid", required(t.name, LIMITS.personName)),
    check("bookings_email_valid", required(t.email, LIMITS.email)),
    check("bookings_phone_valid", required(t.phone, LIMITS.mobile)),
    check(
      "bookings_company_valid",
      sql`${t.company} is null or (btrim(${t.company}) <> '' and char_length(${t.company}) <= ${sql.raw(String(LIMITS.company))})`,
    ),
    check("bookings_topic_valid", required(t.topic, LIMITS.message)),
    check("bookings_time_zone_valid", required(t.timeZone, 64)),
    check("bookings_submission_key_valid", bounded(t.submissionKey, 100)),
    check("bookings_cancelled_valid", sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null)`),
    check("bookings_released_valid", sql`(${t.status} = 'released') = (${t.releasedAt} is not null)`),
    check("bookings_held_valid", sql`${t.confirmedAt} is not null or ${t.heldUntil} is not null`),
    index("bookings_held_idx")
      .on(t.heldUntil)
      .where(sql`${t.status} = 'booked' and ${t.confirmedAt} is null`),
  ],
);

export type BookingHost = typeof bookingHosts.$inferSelect;
export type Booking = typeof bookings.$inferSelect;

/**
 * The site's redirects (docs/decisions/0091), answered by the host before Next (host/redirects.ts).
 * `source` is a path on this site, exact or a prefix rule ending in `/*`; `target` a path or an
 * http(s) URL, empty for 410 Gone. Saved flat: no target is itself a source, so every request takes
 * one hop at most. Hits are counted by the host in batches.
 */
export const redirects = pgTable(
  "redirects",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    source: text("source").notNull(),
    target: text("target").notNull().default(""),
    status: smallint("status").$type<RedirectStatus>().notNull().default(301),
    hits: bigint("hits", { mode: "number" }).notNull().default(0),
    lastHitAt: timestamp("last_hit_at", { withTimezone: true }),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("redirects_source_key").on(t.source),
    check("redirects_source_valid", sql`${t.source} ~ '^/' and char_length(${t.source}) <= 2000`),
    check("redirects_status_valid", sql`${t.status} in (301, 302, 307, 308, 410)`),
    check("redirects_target_valid", sql`(${t.status} = 410) = (${t.target} = '') and char_length(${t.target}) <= 2000`),
  ],
);
export type RedirectRow = typeof redirects.$inferSelect;

/**
 * The 404 monitor (docs/decisions/0097-not-found-monitor.md): public addresses that answered 404 to a
 * person's browser, one row a path, counted by the host in batches. No visitor's address, agent or
 * full referrer is kept: only the host of the last other site that linked to the path.
 */
export const notFoundPaths = pgTable(
  "not_found_paths",
  {
    path: text("path").primaryKey(),
    hits: bigint("hits", { mode: "number" }).notNull().default(0),
    /** Hits that came from another site (a search engine, a site linking to us), not from our own pages or typed. */
    referredHits: bigint("referred_hits", { mode: "number" }).notNull().default(0),
    referrerHost: text("referrer_host"),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("not_found_paths_last_seen").on(t.lastSeenAt),
    check("not_found_paths_path_valid", sql`${t.path} ~ '^/' and char_length(${t.path}) <= 2000`),
    check("not_found_paths_referrer_host_valid", sql`char_length(${t.referrerHost}) <= 255`),
  ],
);
export type NotFoundPathRow = typeof notFoundPaths.$inferSelect;

/**
 * The link checker (docs/decisions/0098-link-checker.md): one row a check of the site's own pages,
 * queued by "Check links now" or the daily tick, with its counts once it ends. The last few are kept.
 */
export const linkCheckRuns = pgTable(
  "link_check_runs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    status: text("status").$type<"queued" | "running" | "done" | "failed">().notNull().default("queued"),
    requestedBy: text("requested_by"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    pages: integer("pages").notNull().default(0),
    links: integer("links").notNull().default(0),
    findings: integer("findings").notNull().default(0),
    error: text("error"),
  },
  (t) => [
    index("link_check_runs_requested").on(t.requestedAt),
    check("link_check_runs_status_valid", sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);
export type LinkCheckRunRow = typeof linkCheckRuns.$inferSelect;

/** What a check found: a page of the site, a link or image on it, and what is wrong with it. */
export const linkCheckFindings = pgTable(
  "link_check_findings",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    runId: bigint("run_id", { mode: "number" })
      .notNull()
      .references(() => linkCheckRuns.id, { onDelete: "cascade" }),
    /** The page's path on this site. */
    page: text("page").notNull(),
    /** The address as the page has it, resolved against the page. */
    url: text("url").notNull(),
    element: text("element").$type<"a" | "img">().notNull(),
    /** The link's text or the image's alt text. */
    label: text("label").notNull().default(""),
    /** Inside the page's <main> (the article, the page's own content), not the header or footer. */
    inMain: boolean("in_main").notNull().default(false),
    problem: text("problem").$type<"broken" | "missing-image" | "redirect" | "unreachable" | "refused">().notNull(),
    status: integer("status"),
    /** A redirect's end: the address to link to instead. */
    target: text("target"),
    detail: text("detail"),
  },
  (t) => [
    index("link_check_findings_run").on(t.runId),
    check("link_check_findings_problem_valid", sql`${t.problem} in ('broken', 'missing-image', 'redirect', 'unreachable', 'refused')`),
    check("link_check_findings_element_valid", sql`${t.element} in ('a', 'img')`),
  ],
);
export type LinkCheckFindingRow = typeof linkCheckFindings.$inferSelect;

export const EXPERIMENT_TARGETS = ["home-hero", "header-cta", "free-audit-hero", "service-hero", "case-study-hero", "article-heading"] as const;
export type ExperimentTarget = (typeof EXPERIMENT_TARGETS)[number];
export const EXPERIMENT_STATUSES = ["draft", "running", "stopped"] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];
export const EXPERIMENT_GOALS = ["free-audit", "contact", "booked-call", "qualified", "won-value"] as const;
export type ExperimentGoal = (typeof EXPERIMENT_GOALS)[number];

/** What a variant changes on its target: each field left out keeps the page's own copy. */
export interface VariantCopy {
  headline?: string;
  subheadline?: string;
  ctaText?: string;
  ctaHref?: string;
  /** The home hero's image, by its key in HERO_IMAGES (src/lib/experiments.ts), in place of the case-study card. */
  heroImage?: HeroImageName;
  /** Home's sections in one of HOME_SECTION_ORDERS, by name. */
  sectionOrder?: HomeSectionOrderName;
}

/**
 * Whether `path` is right for `target`: for a target that names one page (PAGE_TARGETS), an address
 * of that kind of page; for any other, `none` (the value the column holds when no page is named).
 * So a row can neither name a page for the header nor leave a service's hero without its page.
 */
function targetPathValid(target: AnyPgColumn, path: AnyPgColumn, none: SQL): SQL {
  const slug = SLUG_PATTERN_SQL.slice(1, -1);
  const kinds = Object.entries(PAGE_TARGETS).map(
    ([kind, prefix]) => sql`when ${sql.raw(`'${kind}'`)} then coalesce(${path} ~ ${sql.raw(`'^${prefix}${slug}$'`)}, false)`,
  );
  return sql`case ${target} ${sql.join(kinds, sql` `)} else ${path} is not distinct from ${none} end`;
}

export interface ExperimentVariant {
  name: string;
  /** Relative share of the experiment's visitors. */
  weight: number;
  /** The control's is empty: it shows the page as it is. */
  copy: VariantCopy;
}

/**
 * A/B experiments (docs/decisions/0104, 0107). `key` is the experiment's hashing seed and its name in
 * the internal address of a variant's page and in the page views that showed it: eight hex digits,
 * never changed. One experiment runs at a time. Variants are fixed once it has run: changing
 * a weight would move visitors between variants.
 */
export const experiments = pgTable(
  "experiments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull().unique(),
    name: text("name").notNull(),
    target: text("target").$type<ExperimentTarget>().notNull(),
    /** The one page a page target's experiment runs on ("/services/seo"); null for the others. */
    targetPath: text("target_path"),
    status: text("status").$type<ExperimentStatus>().notNull().default("draft"),
    /** Share of visitors in the experiment, in percent; the others see the page as it is and are not counted. */
    trafficPercent: smallint("traffic_percent").notNull().default(100),
    variants: jsonb("variants").$type<ExperimentVariant[]>().notNull(),
    goal: text("goal").$type<ExperimentGoal>().notNull(),
    /** No result is called before the experiment has run this many days. */
    minDays: smallint("min_days").notNull().default(14),
    startedAt: timestamp("started_at", { withTimezone: true }),
    stoppedAt: timestamp("stopped_at", { withTimezone: true }),
    /** The variant whose copy became the page's own (page_copy), when one was shipped. */
    shippedVariant: smallint("shipped_variant"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One experiment runs at a time, site-wide: a page view records one exposure, and two experiments
    // on one page (the header's call to action is on every page) would each be judged on the other's traffic.
    uniqueIndex("experiments_one_running")
      .on(t.status)
      .where(sql`${t.status} = 'running'`),
    check("experiments_key_valid", sql`${t.key} ~ '^[0-9a-f]{8}$'`),
    check("experiments_name_valid", sql`char_length(${t.name}) between 1 and 120`),
    check("experiments_target_valid", inList(t.target, EXPERIMENT_TARGETS)),
    check("experiments_target_path_valid", targetPathValid(t.target, t.targetPath, sql`null`)),
    check("experiments_status_valid", inList(t.status, EXPERIMENT_STATUSES)),
    check("experiments_goal_valid", inList(t.goal, EXPERIMENT_GOALS)),
    check("experiments_traffic_valid", sql`${t.trafficPercent} between 1 and 100`),
    check("experiments_min_days_valid", sql`${t.minDays} between 1 and 365`),
    check("experiments_variants_valid", sql`jsonb_typeof(${t.variants}) = 'array' and jsonb_array_length(${t.variants}) between 2 and 10`),
  ],
);

/**
 * The copy of a page part that the dashboard changed (a shipped experiment's winner), over the static
 * copy of src/content: read by the page, each field falling back to the static copy. A part is its
 * target and, for a page target, its page's path; `path` is '' for the others (a key's columns
 * cannot be null, and '' is no page's address).
 */
export const pageCopy = pgTable(
  "page_copy",
  {
    target: text("target").$type<ExperimentTarget>().notNull(),
    path: text("path").notNull().default(""),
    copy: jsonb("copy").$type<VariantCopy>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by"),
  },
  (t) => [
    primaryKey({ name: "page_copy_pkey", columns: [t.target, t.path] }),
    check("page_copy_target_valid", inList(t.target, EXPERIMENT_TARGETS)),
    check("page_copy_path_valid", targetPathValid(t.target, t.path, sql`''`)),
  ],
);

/** Every version page_copy has had, newest last: what a page part said before a change. */
export const pageCopyRevisions = pgTable(
  "page_copy_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    target: text("target").$type<ExperimentTarget>().notNull(),
    /** As page_copy's: the page's path for a page target, '' for the others. */
    path: text("path").notNull().default(""),
    copy: jsonb("copy").$type<VariantCopy>().notNull(),
    /** Where it came from: "experiment:<key>" for a shipped variant. */
    source: text("source").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    by: text("by"),
  },
  (t) => [index("page_copy_revisions_target_at_idx").on(t.target, t.path, t.at)],
);

// ---------------------------------------------------------------------------------------------
// Billing: GST tax invoices, credit notes and payments (docs/decisions/0106-gst-invoices.md)
// ---------------------------------------------------------------------------------------------

export const INVOICE_STATUSES = ["issued", "paid", "cancelled"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const NUMBERED_DOCUMENTS = ["invoice", "credit_note"] as const;

/** A serial number as Rule 46(b) allows it: at most 16 letters, digits, '/' and '-'. */
function serialNumber(column: AnyPgColumn): SQL {
  return sql`char_length(${column}) <= 16 and ${column} ~ '^[A-Za-z0-9/-]+$'`;
}

/**
 * The last serial number taken of each kind of document in each financial year (its starting
 * calendar year: 2026 for 2026-27). The next number is taken by one upsert that adds 1 and returns
 * it, in the transaction that stores the document: the row stays locked until that commits, so two
 * documents never get one number, and a transaction that fails gives its number back (no gaps).
 */
export const invoiceSeries = pgTable(
  "invoice_series",
  {
    kind: text("kind").$type<(typeof NUMBERED_DOCUMENTS)[number]>().notNull(),
    financialYear: smallint("financial_year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.financialYear] }),
    check("invoice_series_kind_valid", sql`${t.kind} in ('invoice', 'credit_note')`),
    check("invoice_series_last_valid", sql`${t.last} >= 1`),
  ],
);

/**
 * An issued tax invoice, with every particular Rule 46 asks for as it was when issued: the supplier
 * and recipient copied in (a later change of address does not rewrite a past invoice), the lines as
 * computed (src/lib/gst/invoice.ts) and their totals in paise. Never deleted or renumbered: a
 * mistake is cancelled by a credit note. The particulars are those the e-invoice (IRP) schema needs,
 * so its JSON can be made from a row later.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    number: text("number").notNull(),
    financialYear: smallint("financial_year").notNull(),
    serial: integer("serial").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    supplier: jsonb("supplier").$type<InvoiceSupplier>().notNull(),
    recipient: jsonb("recipient").$type<InvoiceRecipient>().notNull(),
    /** The place of supply's state code; its name is in states.ts. */
    placeOfSupply: text("place_of_supply").notNull(),
    lines: jsonb("lines").$type<ComputedLine[]>().notNull(),
    taxablePaise: bigint("taxable_paise", { mode: "number" }).notNull(),
    cgstPaise: bigint("cgst_paise", { mode: "number" }).notNull(),
    sgstPaise: bigint("sgst_paise", { mode: "number" }).notNull(),
    igstPaise: bigint("igst_paise", { mode: "number" }).notNull(),
    totalPaise: bigint("total_paise", { mode: "number" }).notNull(),
    /** Whether the recipient pays the tax (reverse charge); never so for the agency's services yet, but printed either way. */
    reverseCharge: boolean("reverse_charge").notNull().default(false),
    status: text("status").$type<InvoiceStatus>().notNull().default("issued"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** The lead (the deal) the invoice bills, if any; the invoice outlives the lead's deletion. */
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    /**
     * The accepted proposal (its accepted version) the invoice was issued from, if any. At most one
     * invoice stands for each month of a proposal: a second is refused by the unique index below,
     * while a cancelled one (credited in full) leaves its month free to be invoiced again.
     */
    proposalId: uuid("proposal_id").references((): AnyPgColumn => proposals.id, { onDelete: "restrict" }),
    /**
     * Which month of its proposal the invoice bills: 1 the first (the one-time lines and the first
     * month of the monthly ones), 2 and after each later month of the monthly lines alone.
     */
    billingMonth: smallint("billing_month").notNull().default(1),
    /** SHA-256 (hex) of the issued document (billing/document.ts), so a changed record can be told from the one issued. */
    documentSha256: text("document_sha256").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invoices_number_key").on(t.number),
    uniqueIndex("invoices_year_serial_key").on(t.financialYear, t.serial),
    index("invoices_issued_at_idx").on(t.issuedAt.desc()),
    index("invoices_lead_idx").on(t.leadId),
    uniqueIndex("invoices_proposal_month_key")
      .on(t.proposalId, t.billingMonth)
      .where(sql`${t.status} <> 'cancelled'`),
    check("invoices_billing_month_valid", sql`${t.billingMonth} between 1 and 240`),
    check("invoices_number_valid", serialNumber(t.number)),
    check("invoices_serial_valid", sql`${t.serial} >= 1`),
    check("invoices_place_of_supply_valid", sql`${t.placeOfSupply} ~ '^[0-9]{2}$'`),
    check("invoices_status_valid", sql`${t.status} in ('issued', 'paid', 'cancelled')`),
    check("invoices_paid_at_valid", sql`${t.status} <> 'paid' or ${t.paidAt} is not null`),
    check("invoices_cancelled_at_valid", sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null)`),
    check(
      "invoices_amounts_valid",
      sql`${t.taxablePaise} >= 0 and ${t.cgstPaise} >= 0 and ${t.igstPaise} >= 0 and ${t.cgstPaise} = ${t.sgstPaise} and (${t.cgstPaise} = 0 or ${t.igstPaise} = 0) and ${t.totalPaise} = ${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise}`,
    ),
    check("invoices_lines_valid", sql`jsonb_typeof(${t.lines}) = 'array' and jsonb_array_length(${t.lines}) between 1 and 100`),
    check("invoices_document_sha256_valid", sql`${t.documentSha256} ~ '^[0-9a-f]{64}$'`),
  ],
);
export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * A credit note, in its own series (CN/26-27/00001). In this first slice a credit note cancels its
 * invoice whole: it credits every line and tax of it, so one invoice has one at most. The invoice
 * keeps its number; numbers are never reused.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    number: text("number").notNull(),
    financialYear: smallint("financial_year").notNull(),
    serial: integer("serial").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    invoiceId: bigint("invoice_id", { mode: "number" })
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    reason: text("reason").notNull(),
    supplier: jsonb("supplier").$type<InvoiceSupplier>().notNull(),
    recipient: jsonb("recipient").$type<InvoiceRecipient>().notNull(),
    placeOfSupply: text("place_of_supply").notNull(),
    lines: jsonb("lines").$type<ComputedLine[]>().notNull(),
    taxablePaise: bigint("taxable_paise", { mode: "number" }).notNull(),
    cgstPaise: bigint("cgst_paise", { mode: "number" }).notNull(),
    sgstPaise: bigint("sgst_paise", { mode: "number" }).notNull(),
    igstPaise: bigint("igst_paise", { mode: "number" }).notNull(),
    totalPaise: bigint("total_paise", { mode: "number" }).notNull(),
    documentSha256: text("document_sha256").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("credit_notes_number_key").on(t.number),
    uniqueIndex("credit_notes_year_serial_key").on(t.financialYear, t.serial),
    uniqueIndex("credit_notes_invoice_key").on(t.invoiceId),
    check("credit_notes_number_valid", serialNumber(t.number)),
    check("credit_notes_serial_valid", sql`${t.serial} >= 1`),
    check("credit_notes_reason_valid", required(t.reason, 500)),
    check("credit_notes_place_of_supply_valid", sql`${t.placeOfSupply} ~ '^[0-9]{2}$'`),
    check("credit_notes_total_valid", sql`${t.totalPaise} = ${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise}`),
    check("credit_notes_document_sha256_valid", sql`${t.documentSha256} ~ '^[0-9a-f]{64}$'`),
  ],
);
export type CreditNoteRow = typeof creditNotes.$inferSelect;

/**
 * The payment provider's events received, one row each (Razorpay's x-razorpay-event-id), claimed in
 * the transaction that applies the event, so an event delivered twice is applied once. `applied`
 * says whether it changed an invoice; `outcome` why not (an unknown invoice, a different amount).
 * No payload is kept: it carries the payer's mail and phone.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    invoiceId: bigint("invoice_id", { mode: "number" }).references(() => invoices.id, { onDelete: "restrict" }),
    /** The provider's payment id (pay_…). */
    paymentId: text("payment_id"),
    amountPaise: bigint("amount_paise", { mode: "number" }),
    applied: boolean("applied").notNull().default(false),
    outcome: text("outcome"),
  },
  (t) => [
    uniqueIndex("payment_events_provider_event_key").on(t.provider, t.eventId),
    index("payment_events_invoice_idx").on(t.invoiceId),
    check("payment_events_provider_valid", sql`${t.provider} in ('razorpay')`),
    check("payment_events_event_id_valid", required(t.eventId, 100)),
    check("payment_events_event_type_valid", required(t.eventType, 100)),
    check("payment_events_outcome_valid", bounded(t.outcome, 500)),
  ],
);
export type PaymentEventRow = typeof paymentEvents.$inferSelect;

/**
 * The serial of a proposal's number (P-2026-0007): one per proposal, kept by its revisions. A
 * proposal is no tax document, so a number lost to a rolled-back transaction leaves a gap, which
 * a sequence allows and a counter row would avoid at the price of a lock.
 */
export const proposalSerial = pgSequence("proposal_serial_seq", { startWith: 1, minValue: 1 });

/**
 * A priced proposal sent to a lead and accepted or declined online (docs/decisions/0108). A sent
 * version is never changed in place: a revision is the next version, a draft, and the sent one is
 * marked superseded when the revision is sent. The link holds a random token; only its SHA-256 is
 * stored. The document's hash is of the canonical text the public page shows
 * (src/server/proposals/document.ts); acceptance keeps the hash of the document the client saw.
 * "Expired" is not stored: it is read from valid_until.
 */
export const proposals = pgTable(
  "proposals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    number: text("number").notNull(),
    version: integer("version").notNull().default(1),
    status: text("status").$type<StoredProposalStatus>().notNull().default("draft"),
    title: text("title").notNull(),
    lines: jsonb("lines").$type<ProposalLine[]>().notNull(),
    /** The day (site time) the offer is open until, inclusive. */
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    terms: text("terms").notNull().default(""),
    recipient: jsonb("recipient").$type<ProposalRecipient>().notNull(),
    /** Who offers, from the billing configuration; copied in when sent, current while a draft. */
    supplier: jsonb("supplier").$type<InvoiceSupplier>(),
    taxablePaise: bigint("taxable_paise", { mode: "number" }).notNull().default(0),
    cgstPaise: bigint("cgst_paise", { mode: "number" }).notNull().default(0),
    sgstPaise: bigint("sgst_paise", { mode: "number" }).notNull().default(0),
    igstPaise: bigint("igst_paise", { mode: "number" }).notNull().default(0),
    totalPaise: bigint("total_paise", { mode: "number" }).notNull().default(0),
    /** The part of total_paise charged every month (with its tax); the rest is charged once. */
    monthlyTotalPaise: bigint("monthly_total_paise", { mode: "number" }).notNull().default(0),
    tokenHash: text("token_hash"),
    documentSha256: text("document_sha256"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedName: text("accepted_name"),
    /** The accepting request's address without its host part, as the activity trail keeps addresses. */
    acceptedIp: text("accepted_ip"),
    acceptedUserAgent: text("accepted_user_agent"),
    /** The hash of the document shown when the client accepted: always the sent document's. */
    acceptedDocumentSha256: text("accepted_document_sha256"),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    declineReason: text("decline_reason"),
    supersededAt: timestamp("superseded_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("proposals_number_version_key").on(t.number, t.version),
    // One draft per proposal: a second "Revise" finds the draft there is.
    uniqueIndex("proposals_one_draft_key")
      .on(t.number)
      .where(sql`${t.status} = 'draft'`),
    uniqueIndex("proposals_token_hash_key").on(t.tokenHash),
    index("proposals_lead_idx").on(t.leadId),
    index("proposals_created_at_idx").on(t.createdAt.desc()),
    check("proposals_number_valid", sql`${t.number} ~ '^P-[0-9]{4}-[0-9]{4,}$'`),
    check("proposals_version_valid", sql`${t.version} >= 1`),
    check("proposals_status_valid", sql`${t.status} in ('draft', 'sent', 'viewed', 'accepted', 'declined', 'superseded')`),
    check("proposals_title_valid", required(t.title, PROPOSAL_LIMITS.title)),
    check("proposals_terms_valid", sql`char_length(${t.terms}) <= ${sql.raw(String(PROPOSAL_LIMITS.terms))}`),
    check(
      "proposals_lines_valid",
      sql`jsonb_typeof(${t.lines}) = 'array' and jsonb_array_length(${t.lines}) between 1 and ${sql.raw(String(PROPOSAL_LIMITS.lines))}`,
    ),
    check("proposals_recipient_valid", sql`jsonb_typeof(${t.recipient}) = 'object' and pg_column_size(${t.recipient}) <= 4096`),
    check(
      "proposals_amounts_valid",
      sql`${t.taxablePaise} >= 0 and ${t.cgstPaise} >= 0 and ${t.igstPaise} >= 0 and ${t.cgstPaise} = ${t.sgstPaise} and (${t.cgstPaise} = 0 or ${t.igstPaise} = 0) and ${t.totalPaise} = ${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} and ${t.monthlyTotalPaise} between 0 and ${t.totalPaise}`,
    ),
    check("proposals_token_hash_valid", sql`${t.tokenHash} is null or ${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
    check("proposals_document_sha256_valid", sql`${t.documentSha256} is null or ${t.documentSha256} ~ '^[0-9a-f]{64}$'`),
    // Sent once means a link, a document, a supplier and a time, for good.
    check(
      "proposals_sent_valid",
      sql`${t.status} = 'draft' or (${t.tokenHash} is not null and ${t.documentSha256} is not null and ${t.sentAt} is not null and ${t.supplier} is not null)`,
    ),
    check("proposals_draft_unsent", sql`${t.status} <> 'draft' or (${t.tokenHash} is null and ${t.sentAt} is null)`),
    check(
      "proposals_accepted_valid",
      sql`(${t.status} = 'accepted') = (${t.acceptedAt} is not null) and (${t.acceptedAt} is null or (${t.acceptedName} is not null and btrim(${t.acceptedName}) <> '' and char_length(${t.acceptedName}) <= ${sql.raw(String(PROPOSAL_LIMITS.acceptedName))} and ${t.acceptedDocumentSha256} = ${t.documentSha256}))`,
    ),
    check("proposals_declined_valid", sql`(${t.status} = 'declined') = (${t.declinedAt} is not null)`),
    check("proposals_superseded_valid", sql`(${t.status} = 'superseded') = (${t.supersededAt} is not null)`),
    check("proposals_decline_reason_valid", bounded(t.declineReason, PROPOSAL_LIMITS.declineReason)),
    check("proposals_accepted_ip_valid", bounded(t.acceptedIp, 64)),
    check("proposals_accepted_user_agent_valid", bounded(t.acceptedUserAgent, PROPOSAL_LIMITS.userAgent)),
  ],
);
export type ProposalRow = typeof proposals.$inferSelect;

export const PAYMENT_LINK_STATUSES = ["created", "paid", "cancelled", "expired"] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

/**
 * A payment link made for an invoice through the payment provider (docs/decisions/0109): the
 * provider's id (plink_…), the address the client pays at, and its status, which the webhook's
 * paid event moves to paid. An invoice may have several over its life (a link expired, another
 * made); its `reference_id` at the provider is the invoice's number, which is how a payment finds
 * its invoice.
 */
export const paymentLinks = pgTable(
  "payment_links",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    invoiceId: bigint("invoice_id", { mode: "number" })
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    provider: text("provider").notNull(),
    providerLinkId: text("provider_link_id").notNull(),
    url: text("url").notNull(),
    amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
    status: text("status").$type<PaymentLinkStatus>().notNull().default("created"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payment_links_provider_link_key").on(t.provider, t.providerLinkId),
    index("payment_links_invoice_idx").on(t.invoiceId),
    check("payment_links_provider_valid", sql`${t.provider} in ('razorpay')`),
    check("payment_links_provider_link_id_valid", required(t.providerLinkId, 100)),
    check("payment_links_url_valid", sql`char_length(${t.url}) <= 500 and ${t.url} ~ '^https?://'`),
    check("payment_links_amount_valid", sql`${t.amountPaise} > 0`),
    check("payment_links_status_valid", sql`${t.status} in ('created', 'paid', 'cancelled', 'expired')`),
  ],
);
export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

/**
 * Maximum lengths (in characters) of every stored text field. One table serves the Zod schemas
 * (messages that name the limit) and the database CHECK constraints, so the two cannot drift.
 */
export const LIMITS = {
  personName: 120,
  email: 254,
  mobile: 32,
  url: 2048,
  revenue: 40,
  company: 160,
  shortText: 200,
  longText: 5000,
  message: 5000,
  title: 200,
  slug: 120,
  excerpt: 500,
  metaTitle: 60,
  metaDescription: 160,
  blogContent: 200_000,
  tag: 40,
  tagsPerPost: 20,
  role: 120,
  timeframe: 60,
  journeyStep: 300,
  journeySteps: 12,
  serviceName: 80,
  services: 12,
  authorBio: 600,
  /** A lead's next step, a line on its pipeline card (docs/decisions/0101). */
  nextStep: 140,
  /** A person's line on the team page. */
  teamLine: 160,
} as const;

/** Where a person stands on the team page: 1 is first (docs/decisions/0103). */
export const TEAM_POSITION_MAX = 999;
export const DEFAULT_TEAM_POSITION = 100;

/** A deal's value in whole rupees: at most ₹100 crore (docs/decisions/0067). */
export const DEAL_VALUE_MAX = 1_000_000_000;
/** A lead stage's name and key (docs/decisions/0067): a key is lower-case letters and digits joined by hyphens, made from the name once. */
export const STAGE_NAME_MAX = 40;
export const STAGE_KEY_MAX = 40;
export const STAGE_KEY_PATTERN = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
export const STAGE_KEY_PATTERN_SQL = "^[a-z][a-z0-9]*(-[a-z0-9]+)*$";
/** The most custom stages the owner may add: the board stays readable. */
export const CUSTOM_STAGES_MAX = 12;

/** Lower-case letters and digits in groups joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_PATTERN_SQL = "^[a-z0-9]+(-[a-z0-9]+)*$";

/** profiles.role: "user" opens nothing; the others are the staff roles (src/lib/admin-tables/definition.ts). */
export const ROLES = ["user", "owner", "admin", "editor", "sales"] as const;
export type Role = (typeof ROLES)[number];

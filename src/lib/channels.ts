import { sql, type SQL } from "drizzle-orm";
import type { Touch } from "@/server/kernel/db/schema";

// Where a lead came from, from its first touch (docs/decisions/0049): one ordered rule table that both
// the dashboard's SQL (channelSql) and plain TypeScript (classifyTouch, for tests and single records)
// read, so the two cannot disagree. The first rule that matches wins; patterns are POSIX-compatible
// regular expressions matched against lower-cased values, in PostgreSQL (~) and JavaScript alike.

export const CHANNELS = ["organic", "paid", "social", "email", "referral", "direct"] as const;
export type Channel = (typeof CHANNELS)[number];

export const CHANNEL_LABELS: Record<Channel, string> = {
  organic: "Organic search",
  paid: "Paid",
  social: "Social",
  email: "E-mail",
  referral: "Referral",
  direct: "Direct",
};

interface Rule {
  channel: Exclude<Channel, "referral" | "direct">;
  medium?: string;
  source?: string;
  referrerHost?: string;
}

const SOCIAL_HOSTS =
  "(^|\\.)(facebook\\.com|fb\\.me|instagram\\.com|linkedin\\.com|lnkd\\.in|t\\.co|twitter\\.com|x\\.com|youtube\\.com|youtu\\.be|pinterest\\.com|reddit\\.com|quora\\.com|whatsapp\\.com|wa\\.me|threads\\.net)$";
const SEARCH_HOSTS =
  "(^|\\.)(google\\.[a-z.]+|bing\\.com|duckduckgo\\.com|search\\.yahoo\\.com|yandex\\.[a-z.]+|baidu\\.com|ecosia\\.org|search\\.brave\\.com)$";

/** In order: paid before social (a paid social ad is paid), e-mail before the rest. */
export const CHANNEL_RULES: readonly Rule[] = [
  { channel: "paid", medium: "^(cpc|ppc|cpm|cpv|cpa|paid.*|display|retargeting|remarketing)$" },
  { channel: "email", medium: "^(e[-_ ]?mail|newsletter)$", source: "^(newsletter|mailchimp|e[-_ ]?mail)$" },
  {
    channel: "social",
    medium: "^(social|social[-_ ]?(media|network)|sm)$",
    source: "^(facebook|fb|instagram|ig|linkedin|twitter|x|youtube|pinterest|reddit|whatsapp|threads)$",
    referrerHost: SOCIAL_HOSTS,
  },
  { channel: "organic", medium: "^organic$", referrerHost: SEARCH_HOSTS },
];

/** The host of an absolute referrer address, lower-cased; the same pattern as in SQL. */
const HOST = "^[a-z][a-z0-9+.-]*://([^/:?#]+)";

export function referrerHost(referrer: string | undefined): string | null {
  const match = new RegExp(HOST).exec((referrer ?? "").toLowerCase());
  return match?.[1] ?? null;
}

/** `ownHost`: the site's host name without the port (a visit from one of its own pages is direct). */
export function classifyTouch(touch: Touch | undefined, ownHost: string): Channel {
  const medium = (touch?.utm_medium ?? "").toLowerCase();
  const source = (touch?.utm_source ?? "").toLowerCase();
  const host = referrerHost(touch?.referrer);
  for (const rule of CHANNEL_RULES) {
    if (rule.medium && new RegExp(rule.medium).test(medium)) return rule.channel;
    if (rule.source && new RegExp(rule.source).test(source)) return rule.channel;
    if (rule.referrerHost && host && new RegExp(rule.referrerHost).test(host)) return rule.channel;
  }
  if (medium === "referral" || (host && host !== ownHost.toLowerCase())) return "referral";
  return "direct";
}

/** The same classification as an SQL expression over a row's attribution (jsonb) column. */
export function channelSql(attribution: SQL | unknown, ownHost: string): SQL<Channel> {
  const touch = sql`(${attribution} -> 'first_touch')`;
  return channelOfTouchSql(
    {
      medium: sql`${touch} ->> 'utm_medium'`,
      source: sql`${touch} ->> 'utm_source'`,
      host: sql`substring(lower(coalesce(${touch} ->> 'referrer', '')) from ${HOST})`,
    },
    ownHost,
  );
}

/**
 * The same classification over SQL expressions of a touch's utm_medium, utm_source and referring host
 * (null when absent): the analytics rollup passes its columns, without building a jsonb per visit.
 */
export function channelOfTouchSql(touch: { medium: SQL; source: SQL; host: SQL }, ownHost: string): SQL<Channel> {
  const medium = sql`lower(coalesce(${touch.medium}, ''))`;
  const source = sql`lower(coalesce(${touch.source}, ''))`;
  const host = sql`lower(${touch.host})`;
  const whens = CHANNEL_RULES.map((rule) => {
    const tests = [
      rule.medium ? sql`${medium} ~ ${rule.medium}` : null,
      rule.source ? sql`${source} ~ ${rule.source}` : null,
      rule.referrerHost ? sql`coalesce(${host} ~ ${rule.referrerHost}, false)` : null,
    ].filter((t): t is SQL => t !== null);
    return sql`when ${sql.join(tests, sql` or `)} then ${rule.channel}`;
  });
  return sql<Channel>`(case ${sql.join(whens, sql` `)} when ${medium} = 'referral' or coalesce(${host} <> ${ownHost.toLowerCase()}, false) then 'referral' else 'direct' end)`;
}

import { ADMIN_TABLES } from "./admin-tables/registry";
import type { AdminTableDefinition } from "./admin-tables/definition";
import { formatAdminDate } from "./format";

// The Activity screen in a member's words (docs/dashboard.md, "Activity"): the action as a sentence,
// the record by its title, each changed field by its form label, and values as the forms show them
// (yes/no, a date as a date, a status by its label). The stored row keeps the raw keys and values.

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The dashboard table whose database table is `tableName` ("blog_posts" is the Posts table). */
function tableOf(tableName: string | null): AdminTableDefinition | undefined {
  if (!tableName) return undefined;
  return ADMIN_TABLES.find((t) => snake(t.table) === tableName || t.table === tableName);
}

const RECORD_VERBS: Record<string, string> = {
  create: "added",
  update: "edited",
  status: "status changed",
  delete: "deleted",
  restore: "restored from a revision",
  "row-action": "moved",
  "preview-link": "preview link made",
  "preview-revoke": "preview link revoked",
  email: "e-mailed",
};

const ACTIONS: Record<string, string> = {
  "invoice.paid": "Invoice paid through Razorpay",
  "lead.paid": "Payment received for the deal",
  "payment-link.create": "Payment link made",
  "auth.sign-in": "Signed in",
  "auth.sign-in-failure": "Sign-in failed",
  "auth.sign-out": "Signed out",
  "auth.two-factor.enabled": "Two-factor sign-in turned on",
  "auth.two-factor.disabled": "Two-factor sign-in turned off",
  "auth.two-factor.codes-saved": "Backup codes saved",
  "team.invite": "Member invited",
  "team.invitation-withdrawn": "Invitation withdrawn",
  "team.role": "Role changed",
  "team.remove": "Member removed",
  "team.sign-out-everywhere": "Signed out everywhere",
  "team.sign-up-switch": "Sign-up opened or closed",
  "team.require-two-factor": "Two-factor requirement changed",
  "spam.not-spam": "Moved out of Spam",
  "notifications.retry": "Failed notifications sent again",
  "person.export": "A person's data exported",
  "person.erase": "A person's data erased",
  "bulk.note": "Note added to several records",
  "auth.session-end": "Session ended",
  "account.session-end": "Own session ended",
  "account.other-sessions-end": "Other sessions ended",
  "account.password": "Password changed",
  "api_key.create": "API key made",
  "api_key.revoke": "API key revoked",
  "webhook.add": "Webhook added",
  "webhook.delete": "Webhook deleted",
  "webhook.resume": "Webhook resumed",
  "webhook.resend": "Webhook delivery sent again",
  "passkey.add": "Passkey added",
  "passkey.rename": "Passkey renamed",
  "passkey.remove": "Passkey removed",
  "calendar.connect": "Calendar connected",
  "calendar.update": "Calendar settings changed",
  "calendar.disconnect": "Calendar disconnected",
  "booking.availability": "Call availability changed",
  "booking.outcome": "Call outcome recorded",
  "booking.cancel": "Call cancelled",
  "newsletter.create": "Newsletter drafted",
  "newsletter.update": "Newsletter edited",
  "newsletter.test": "Newsletter test sent",
  "newsletter.send": "Newsletter sent",
  "newsletter.schedule": "Newsletter scheduled",
  "newsletter.unschedule": "Newsletter unscheduled",
  "newsletter.pause": "Newsletter paused",
  "newsletter.resume": "Newsletter resumed",
  "newsletter.suppressed": "Address suppressed",
  "newsletter.subscriber-delete": "Subscriber deleted",
  "newsletter.subscriber-erase": "Subscriber erased",
  "person.interaction-create": "Interaction logged",
  "person.interaction-update": "Interaction edited",
  "person.interaction-delete": "Interaction deleted",
  "experiment.start": "Experiment started",
  "experiment.stop": "Experiment stopped",
  "experiment.ship": "Experiment's variant shipped",
};

/** The verbs alone, for the Activity filter's list of actions (which names no table). */
const BARE_VERBS: Record<string, string> = {
  create: "Added",
  update: "Edited",
  status: "Status changed",
  delete: "Deleted",
  restore: "Restored",
  "revision.restore": "Restored from a revision",
  put: "Saved",
};

/** The tables that are no dashboard table of their own, as staff name them. */
const TABLE_WORDS: Record<string, string> = {
  api_keys: "API keys",
  app_settings: "Settings",
  booking_days_off: "Days off",
  booking_hosts: "Call availability",
  bookings: "Calls",
  calendar_connections: "Calendar connections",
  experiments: "Experiments",
  lead_stages: "Pipeline stages",
  newsletter_sends: "Newsletters",
  newsletter_subscribers: "Newsletter subscribers",
  notifications: "Notifications",
  passkeys: "Passkeys",
  person_interactions: "Interactions",
  profiles: "Team roles",
  sessions: "Sessions",
  spam_submissions: "Spam",
  team_invitations: "Invitations",
  users: "Accounts",
  webhook_deliveries: "Webhook deliveries",
  webhook_endpoints: "Webhooks",
};

/** An action for the Activity filter: "API key made", "Added", "Signed in". */
export function activityActionLabel(action: string): string {
  return ACTIONS[action] ?? BARE_VERBS[action] ?? activityActionWords(action, null);
}

/** A table for the Activity filter: "Blog Posts", "Call availability", "Team roles". */
export function activityTableLabel(tableName: string): string {
  const table = tableOf(tableName);
  if (table) return `${table.noun.many.charAt(0).toUpperCase()}${table.noun.many.slice(1)}`;
  if (TABLE_WORDS[tableName]) return TABLE_WORDS[tableName]!;
  const words = tableName.replace(/_/g, " ");
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

/** "Lead added", "Blog Post edited", "Signed in"; an action this file does not know, in readable words. */
export function activityActionWords(action: string, tableName: string | null): string {
  const table = tableOf(tableName);
  if (table) {
    const verb = RECORD_VERBS[action] ?? RECORD_VERBS[action.slice(action.lastIndexOf(".") + 1)];
    if (verb) return `${table.noun.title} ${verb}`;
  }
  if (ACTIONS[action]) return ACTIONS[action]!;
  const [area, ...rest] = action.split(".");
  const what = rest.join(" ").replace(/[-_]/g, " ");
  const head = (area ?? action).replace(/[-_]/g, " ");
  return `${head.charAt(0).toUpperCase()}${head.slice(1)}${what ? `: ${what}` : ""}`;
}

/** The record as a member knows it: its title, name or company, from what the row recorded. */
export function activityRecordName(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string | null {
  for (const key of ["title", "name", "companyName", "clientName", "email"]) {
    const value = after?.[key] ?? before?.[key];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return null;
}

/** A changed field's label on the table's form ("Published" for `published`), else its key in words. */
export function activityFieldLabel(tableName: string | null, key: string): string {
  const field = tableOf(tableName)?.fields.find((f) => f.name === key);
  if (field) return field.label;
  const words = key
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A value as the form shows it: yes/no, a date as a date, a status by its label, a member (an owner)
 * by their name from `members` (user id to name), (empty).
 */
export function activityValueWords(tableName: string | null, key: string, value: unknown, members: Readonly<Record<string, string>> = {}): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string") {
    if (/Id$/.test(key) && Object.hasOwn(members, value)) return members[value]!;
    if (ISO_INSTANT.test(value)) return formatAdminDate(value);
    const table = tableOf(tableName);
    if (table?.filter && table.filter.column === key) {
      const option = Object.values(table.filter.options).find((o) => o.value === value);
      if (option) return option.label;
    }
    return value;
  }
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value.length ? value.join(", ") : "(empty)";
  return JSON.stringify(value);
}

import { z } from "zod";
import { dashboardHref } from "../routes";
import { TEAM_DESK, type TableAccess } from "./definition";

/**
 * The Activity screen: the activity trail (docs/decisions/0037), read-only. It is a screen of the dashboard
 * like the tables of the registry, with the same paging, but its rows are never created or edited
 * from the dashboard, so it has filters instead of a dialog: member, action, table and a date range.
 * A record's dialog links here filtered to that record ("History").
 */
export const ACTIVITY_TAB = {
  id: "activity",
  label: "Activity",
  noun: { one: "event", many: "events" },
  access: TEAM_DESK as TableAccess,
} as const;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()))
  .optional()
  .catch(undefined);
const text = (max: number) => z.string().trim().min(1).max(max).optional().catch(undefined);

/** The tab's URL parameters; anything malformed is dropped (the filter is then not applied). */
export const ActivityFilterSchema = z.object({
  member: text(200),
  action: text(100),
  table: text(100),
  record: text(200),
  from: day,
  to: day,
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});
export type ActivityFilter = z.infer<typeof ActivityFilterSchema>;

/** A record's history: the Activity tab filtered to it. `table` is the schema's table name. */
export function historyHref(table: string, id: string): string {
  return dashboardHref(ACTIVITY_TAB.id, { table, record: id });
}

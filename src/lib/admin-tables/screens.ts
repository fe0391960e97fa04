import { ACTIVITY_TAB } from "./activity";
import { CONTENT_DESK, LEAD_DESK, TEAM_DESK, type AdminTableDefinition, type StaffRole } from "./definition";
import { ADMIN_TABLES } from "./registry";

/**
 * The dashboard's screens, each a route segment under /admin (docs/decisions/0052): the tables of the
 * registry share one dynamic segment (`[table]`); every other screen is a folder of its own, and its
 * id here must be that folder's name.
 */
export interface DashboardScreen {
  id: string;
  label: string;
  /** Set for a table of the registry (its nav entry shows a count). */
  table?: AdminTableDefinition;
}

/** The screens that are not tables, each with the desk that may read it. */
const PANELS = {
  overview: { label: "Overview", read: LEAD_DESK.read },
  due: { label: "Due", read: LEAD_DESK.read },
  pipeline: { label: "Pipeline", read: LEAD_DESK.read },
  // Strategy calls: each member's availability and the calls booked (docs/decisions/0065).
  booking: { label: "Calls", read: LEAD_DESK.read },
  analytics: { label: "Analytics", read: LEAD_DESK.read },
  people: { label: "People", read: LEAD_DESK.read },
  newsletter: { label: "Newsletter", read: CONTENT_DESK.read },
  team: { label: "Team", read: TEAM_DESK.read },
  integrations: { label: "Integrations", read: TEAM_DESK.read },
  [ACTIVITY_TAB.id]: { label: ACTIVITY_TAB.label, read: ACTIVITY_TAB.access.read },
  account: { label: "Your account", read: undefined },
} satisfies Record<string, { label: string; read: readonly StaffRole[] | undefined }>;

export type PanelId = keyof typeof PANELS;
export const PANEL_IDS = Object.keys(PANELS) as PanelId[];

/** Segments under /admin that are not screens: a table id must not take one of them. */
export const RESERVED_SEGMENTS = ["export", "security"] as const;

const panel = (id: PanelId, role: StaffRole): DashboardScreen[] => {
  const { label, read } = PANELS[id];
  return !read || read.includes(role) ? [{ id, label }] : [];
};

/**
 * The screens this role may read, in the navigation's order: the lead desk's Overview, Due, Analytics and People, the
 * tables, then Team, Activity and the member's own account. The first is where /admin opens (the
 * lead desk on its Overview, docs/decisions/0049). Each page checks its own screen against this list
 * and the data functions check the role again.
 */
export function dashboardScreens(role: StaffRole): DashboardScreen[] {
  return [
    ...panel("overview", role),
    ...panel("due", role),
    ...panel("pipeline", role),
    ...panel("booking", role),
    ...panel("analytics", role),
    ...panel("people", role),
    ...ADMIN_TABLES.filter((t) => t.access.read.includes(role)).map((t) => ({ id: t.id, label: t.label, table: t })),
    ...panel("newsletter", role),
    ...panel("team", role),
    ...panel("integrations", role),
    ...panel(ACTIVITY_TAB.id, role),
    ...panel("account", role),
  ];
}

/** Whether an id names a screen for some role (old `?tab=` addresses are redirected only to these). */
export function isScreenId(id: string): boolean {
  return (PANEL_IDS as string[]).includes(id) || ADMIN_TABLES.some((t) => t.id === id);
}

import { ACTIVITY_TAB } from "./activity";
import { CONTENT_DESK, EXPERIMENTS_DESK, LEAD_DESK, TEAM_DESK, type AdminTableDefinition, type StaffRole } from "./definition";
import { ADMIN_TABLES } from "./registry";

/**
 * The dashboard's screens, each a route segment under /admin (docs/decisions/0052): the tables of the
 * registry share one dynamic segment (`[table]`); every other screen is a folder of its own, and its
 * id here must be that folder's name.
 */
export interface DashboardScreen {
  id: string;
  label: string;
  /** The sidebar's group it is listed under (docs/decisions/0072). */
  group: ScreenGroup;
  /** Set for a table of the registry (its nav entry shows a count). */
  table?: AdminTableDefinition;
}

/**
 * The sidebar's groups in order (docs/decisions/0072): the lead desk's work, the site's content, the
 * team, and the member's own settings. A group with no screen this role may read is not shown.
 */
export const SCREEN_GROUPS = ["Leads", "Content", "Team", "You"] as const;
export type ScreenGroup = (typeof SCREEN_GROUPS)[number];

/** Each table's group: the lead desk's tables (inboxes and spam) under Leads, the rest is the site's content. */
const tableGroup = (t: AdminTableDefinition): ScreenGroup => (t.access === LEAD_DESK ? "Leads" : "Content");

/** The screens that are not tables, each with the desk that may read it. */
const PANELS = {
  overview: { label: "Overview", read: LEAD_DESK.read },
  due: { label: "Due", read: LEAD_DESK.read },
  pipeline: { label: "Pipeline", read: LEAD_DESK.read },
  // Proposals sent to leads and answered online (docs/decisions/0108).
  proposals: { label: "Proposals", read: LEAD_DESK.read },
  // Strategy calls: each member's availability and the calls booked (docs/decisions/0065).
  booking: { label: "Calls", read: LEAD_DESK.read },
  analytics: { label: "Analytics", read: LEAD_DESK.read },
  people: { label: "People", read: LEAD_DESK.read },
  newsletter: { label: "Newsletter", read: CONTENT_DESK.read },
  // Old addresses answered by the host before Next (docs/decisions/0091).
  redirects: { label: "Redirects", read: CONTENT_DESK.read },
  // A/B tests of the site's copy, judged on the lead desk's figures (docs/decisions/0104).
  experiments: { label: "Experiments", read: EXPERIMENTS_DESK.read },
  team: { label: "Members", read: TEAM_DESK.read },
  integrations: { label: "Integrations", read: TEAM_DESK.read },
  [ACTIVITY_TAB.id]: { label: ACTIVITY_TAB.label, read: ACTIVITY_TAB.access.read },
  account: { label: "Your account", read: undefined },
} satisfies Record<string, { label: string; read: readonly StaffRole[] | undefined }>;

export type PanelId = keyof typeof PANELS;
export const PANEL_IDS = Object.keys(PANELS) as PanelId[];

/** Segments under /admin that are not screens: a table id must not take one of them. */
export const RESERVED_SEGMENTS = ["export", "security"] as const;

const panel = (id: PanelId, group: ScreenGroup, role: StaffRole): DashboardScreen[] => {
  const { label, read } = PANELS[id];
  return !read || read.includes(role) ? [{ id, label, group }] : [];
};

const tables = (group: ScreenGroup, role: StaffRole): DashboardScreen[] =>
  ADMIN_TABLES.filter((t) => tableGroup(t) === group && t.access.read.includes(role)).map((t) => ({ id: t.id, label: t.label, group, table: t }));

/**
 * The screens this role may read, in the sidebar's order, group by group: Leads (Overview, Due, the
 * inboxes, then Pipeline, People, Calls and Analytics), Content (the content tables, the
 * newsletter, the redirects and the experiments), Team (members, activity, integrations), You (the member's own account). The first is
 * where /admin opens (the lead desk on its Overview, docs/decisions/0049). Each page checks its own
 * screen against this list and the data functions check the role again.
 */
export function dashboardScreens(role: StaffRole): DashboardScreen[] {
  return [
    ...panel("overview", "Leads", role),
    ...panel("due", "Leads", role),
    ...tables("Leads", role),
    ...panel("pipeline", "Leads", role),
    ...panel("proposals", "Leads", role),
    ...panel("people", "Leads", role),
    ...panel("booking", "Leads", role),
    ...panel("analytics", "Leads", role),
    ...tables("Content", role),
    ...panel("newsletter", "Content", role),
    ...panel("redirects", "Content", role),
    ...panel("experiments", "Content", role),
    ...panel("team", "Team", role),
    ...panel(ACTIVITY_TAB.id, "Team", role),
    ...panel("integrations", "Team", role),
    ...panel("account", "You", role),
  ];
}

/** Whether an id names a screen for some role (old `?tab=` addresses are redirected only to these). */
export function isScreenId(id: string): boolean {
  return (PANEL_IDS as string[]).includes(id) || ADMIN_TABLES.some((t) => t.id === id);
}

/**
 * A screen's browser-tab title: its name, as its heading says (the root layout adds the site's name).
 * Several dashboard tabs open side by side are told apart by it; "Dashboard" for an id that names no screen.
 */
export function screenTitle(id: string): string {
  if (id in PANELS) return PANELS[id as PanelId].label;
  return ADMIN_TABLES.find((t) => t.id === id)?.label ?? "Dashboard";
}

import "server-only";
import type { ReactElement } from "react";
import { cache } from "react";
import { notFound, redirect } from "next/navigation";
import { AccessDenied } from "@/components/admin/access-denied";
import type { Metadata } from "next";
import { dashboardScreens, screenTitle, type DashboardScreen } from "@/lib/admin-tables/screens";
import { getViewer, type StaffUser } from "../../server/kernel/session/auth-guard";
import { countRecords } from "../../server/dashboard/data/admin-records";
import { hasOwner } from "../../server/kernel/session/data/profiles";
import { isTwoFactorRequired } from "../../server/kernel/session/data/team-settings";

export type SearchParams = Record<string, string | string[] | undefined>;
export const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

export type DashboardGate = { kind: "member"; user: StaffUser; screens: DashboardScreen[] } | { kind: "denied"; page: ReactElement };

/**
 * Who may open the dashboard, asked once per request (the layout and the page share the answer):
 * nobody signed in goes to /auth, a user without a team role (or unverified) gets Access Denied, and
 * a member without a second factor goes to /admin/security while the team requires one
 * (docs/decisions/0036). Every page calls it (through openScreen) before reading anything: the
 * layout is not re-rendered on a navigation between screens, so it cannot be the check.
 */
export const openDashboard = cache(async (): Promise<DashboardGate> => {
  const viewer = await getViewer();
  if (viewer.kind === "anonymous") redirect("/auth");
  if (viewer.kind === "denied") {
    const hasNoOwner = !(await hasOwner().catch(() => true));
    return { kind: "denied", page: <AccessDenied email={viewer.user.email} isVerified={viewer.user.emailVerified} hasNoOwner={hasNoOwner} /> };
  }
  if (!viewer.user.secondFactor && (await isTwoFactorRequired())) redirect("/admin/security?required=1");
  return { kind: "member", user: viewer.user, screens: dashboardScreens(viewer.user.role) };
});

/**
 * The gate for one screen: as openDashboard, and a screen this role may not read is not found,
 * the same answer as an id that names no screen (docs/decisions/0052).
 */
export async function openScreen(
  id: string,
): Promise<{ kind: "denied"; page: ReactElement } | { kind: "member"; user: StaffUser; screens: DashboardScreen[]; screen: DashboardScreen }> {
  const gate = await openDashboard();
  if (gate.kind === "denied") return gate;
  const screen = gate.screens.find((s) => s.id === id);
  if (!screen) notFound();
  return { ...gate, screen };
}

/**
 * A screen's tab title (its name) for a member who may read it. Whoever may not gets the title of
 * what the page shows them instead: nothing of a screen they cannot open, its name included. Asked
 * through the same per-request gate as the page, so it costs no second lookup.
 */
export async function screenMetadata(id: string): Promise<Metadata> {
  const gate = await openDashboard();
  if (gate.kind === "denied") return { title: "Access Denied" };
  return gate.screens.some((s) => s.id === id) ? { title: screenTitle(id) } : {};
}

/** The mark carried through paging and searching within one visit (?seen=...). */
export function readSeen(raw: SearchParams): Date | null {
  const seen = one(raw.seen);
  const date = seen ? new Date(seen) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** The search every screen's address may carry (the navigation's table links carry it on). */
export function navSearch(raw: SearchParams): string | undefined {
  return one(raw.q)?.trim().slice(0, 200) || undefined;
}

/**
 * Each readable table's count of records, for the navigation's badges (by table id). The whole
 * table, whatever the address searches for: the screen's own list says what matches.
 */
export async function navCounts(screens: DashboardScreen[]): Promise<Record<string, number>> {
  const tables = screens.flatMap((s) => (s.table ? [s.table] : []));
  const counts = await Promise.all(tables.map((t) => countRecords(t, {})));
  return Object.fromEntries(tables.map((t, i) => [t.id, counts[i]!]));
}

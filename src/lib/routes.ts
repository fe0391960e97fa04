/**
 * The hidden segment every public page is rendered under (docs/decisions/0003). Visitors never see
 * it: next.config rewrites "/about" to "/en-IN/about". Cache invalidation must name the internal path.
 */
export const LOCALE_SEGMENT = "en-IN";

/** The internal path of a public page, as revalidatePath needs it. */
export function internalPath(publicPath: string): string {
  return publicPath === "/" ? `/${LOCALE_SEGMENT}` : `/${LOCALE_SEGMENT}${publicPath}`;
}

export interface NavItem {
  href: string;
  label: string;
}

export const MAIN_NAV: NavItem[] = [
  { href: "/", label: "Home" },
  { href: "/about", label: "About" },
  { href: "/services", label: "Services" },
  { href: "/case-studies", label: "Case Studies" },
  { href: "/blog", label: "Blog" },
  { href: "/contact", label: "Contact" },
];

export const COMPANY_LINKS: NavItem[] = [
  { href: "/about", label: "About Us" },
  { href: "/team", label: "Our Team" },
  { href: "/services", label: "Services" },
  { href: "/case-studies", label: "Case Studies" },
  { href: "/contact", label: "Contact" },
];

export const LEGAL_LINKS: NavItem[] = [
  { href: "/privacy", label: "Privacy Policy" },
  { href: "/terms", label: "Terms of Service" },
  { href: "/refund", label: "Refund Policy" },
];

/** Where the dashboard lives; each screen is a segment under it (docs/decisions/0052). */
export const DASHBOARD_PATH = "/admin";
/** The integrations screen (webhooks) and its API keys screen below it (docs/decisions/0059). */
export const INTEGRATIONS_PATH = `${DASHBOARD_PATH}/integrations`;
export const API_KEYS_PATH = `${INTEGRATIONS_PATH}/keys`;
/** The REST API's reference page, a route handler (docs/decisions/0060): linked with a plain <a>. */
export const API_DOCS_PATH = "/api/v1/docs";

export type DashboardQuery = Record<string, string | number | null | undefined>;

/**
 * The one way to address a dashboard screen: `/admin/<screen>` and its query, empty values left
 * out (a link, a form's action, a redirect, a mail's link all build it here).
 */
export function dashboardHref(screen: string, query: DashboardQuery | URLSearchParams = {}): string {
  const params = new URLSearchParams();
  const entries = query instanceof URLSearchParams ? [...query.entries()] : Object.entries(query);
  for (const [key, value] of entries) if (value !== undefined && value !== null && value !== "") params.append(key, String(value));
  const search = params.toString();
  return `${DASHBOARD_PATH}/${encodeURIComponent(screen)}${search ? `?${search}` : ""}`;
}

/** The status a desk mail's one button sets: a lead "contacted", a message "replied". */
export const MARK_DONE = { leads: { status: "contacted", label: "Mark contacted" }, messages: { status: "replied", label: "Mark replied" } } as const;
export type DeskTable = keyof typeof MARK_DONE;

/**
 * A lead's or message's own addresses for a mail (the notification, the morning digest): the record's
 * form, and the page whose one button sets the status of MARK_DONE. Opening either changes nothing;
 * the button posts.
 */
export function deskRecordLinks(table: DeskTable, id: string): { open: string; mark: string } {
  return { open: dashboardHref(table, { edit: id }), mark: dashboardHref(table, { mark: id }) };
}

/**
 * The writing room of a table that has one (blog posts, docs/decisions/0071): a full-screen page of
 * its own for a new record (`/admin/posts/new`) and for one record (`/admin/posts/<id>/edit`),
 * instead of the list's dialog. The list's `?new=1` and `?edit=<id>` addresses redirect here.
 */
export function writingRoomHref(screen: string, id: string | null): string {
  return `${DASHBOARD_PATH}/${encodeURIComponent(screen)}/${id === null ? "new" : `${encodeURIComponent(id)}/edit`}`;
}

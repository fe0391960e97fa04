import { jewelryCaseStudy } from "../src/content/samples";
import { caseStudySlugFromTitle } from "../src/lib/case-studies";
import { PUBLIC_PAGES } from "../src/lib/public-routes";

/**
 * Every public route (src/lib/public-routes.ts, the table the site itself reads) with a word its title
 * must carry, and one case study's own page (docs/decisions/0103): the seed's study every install has.
 */
export const PUBLIC_ROUTES: { path: string; title: RegExp }[] = [
  ...PUBLIC_PAGES.map((page) => ({
    path: page.path,
    title: new RegExp(page.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
  })),
  { path: `/case-studies/${caseStudySlugFromTitle(jewelryCaseStudy.title)}`, title: new RegExp(jewelryCaseStudy.companyName) },
];

export const APP_ROUTES: { path: string; title: RegExp }[] = [
  { path: "/auth", title: /Sign In/ },
  // Without a session the dashboard sends the visitor to sign in.
  { path: "/admin", title: /Sign In/ },
  { path: "/auth/forgot-password", title: /Forgot Password/ },
  { path: "/auth/two-factor", title: /Two-Factor/ },
  { path: "/admin/security", title: /Sign In/ },
  // The writing room (docs/decisions/0071) has the dashboard's gate.
  { path: "/admin/posts/new", title: /Sign In/ },
];

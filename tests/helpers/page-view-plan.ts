// The page views tests/analytics-processes.test.ts has each server process count, and what it
// expects of them: one function both sides call, so that the test's expectation is computed from the
// plan, not copied from a result. Plain module: no app imports.

export const HOST = "site.test";
export const VISITORS = 37;
export const PATHS = ["/", "/services/seo-optimization", "/case-studies", "/blog", "/contact"];
const AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0",
];

/** A visitor: its address and browser. Visitors are shared by the processes (one person, requests on several). */
export function visitor(v: number): { address: string; userAgent: string } {
  return { address: `198.51.100.${v + 1}`, userAgent: AGENTS[v % AGENTS.length]! };
}

/**
 * The i-th page view process p counts: which visitor, which page. Uneven on purpose (a visitor's
 * share depends on i² and on the process), so a view credited to the wrong visitor changes the split.
 */
export function plannedView(p: number, i: number): { v: number; path: string } {
  const v = (i * i + 5 * p) % VISITORS;
  return { v, path: PATHS[(i + v) % PATHS.length]! };
}

/** Page views per visitor and per visitor and page, over `processes` processes counting `perProcess` each. */
export function expectedSplit(processes: number, perProcess: number): { perVisitor: Map<number, number>; perVisitorPage: Map<string, number> } {
  const perVisitor = new Map<number, number>();
  const perVisitorPage = new Map<string, number>();
  for (let p = 0; p < processes; p++) {
    for (let i = 0; i < perProcess; i++) {
      const { v, path } = plannedView(p, i);
      perVisitor.set(v, (perVisitor.get(v) ?? 0) + 1);
      perVisitorPage.set(`${v} ${path}`, (perVisitorPage.get(`${v} ${path}`) ?? 0) + 1);
    }
  }
  return { perVisitor, perVisitorPage };
}

import { vi } from "vitest";

// Stand-ins for Next's request-bound modules, for Server Actions called outside a request. A test
// file mocks with them, each file getting its own copy (vitest loads modules per file):
//
//   vi.mock("next/headers", () => import("./helpers/next-mocks").then((m) => m.nextHeaders));
//   vi.mock("next/cache", () => import("./helpers/next-mocks").then((m) => m.nextCache));
//   vi.mock("next/navigation", () => import("./helpers/next-mocks").then((m) => m.nextNavigation));
//
// and imports `request`, `Redirected`, `redirectOf` from here to steer and read them.

/** The request the actions see: set `request.headers` to change it (origin, address, cookie). */
export const request = { headers: new Headers() };

export const nextHeaders = {
  headers: async () => request.headers,
  cookies: async () => ({ get: () => undefined, set: () => {}, getAll: () => [] }),
};

/** `refresh` is a spy: a test may ask whether an action refreshed the page. */
export const nextCache = { revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {}, refresh: vi.fn() };

/** What the mocked `redirect` throws: the address it was sent to. */
export class Redirected extends Error {
  constructor(readonly url: string) {
    super(`redirect ${url}`);
  }
}

export const nextNavigation = {
  redirect: (url: string): never => {
    throw new Redirected(url);
  },
  notFound: (): never => {
    throw new Error("not found");
  },
};

/** Where the action redirected; fails when it answered instead, rethrows any other error. */
export async function redirectOf(run: Promise<unknown> | (() => Promise<unknown>)): Promise<string> {
  let answer: unknown;
  try {
    answer = await (typeof run === "function" ? run() : run);
  } catch (error) {
    if (error instanceof Redirected) return error.url;
    throw error;
  }
  throw new Error(`no redirect; answer ${JSON.stringify(answer)}`);
}

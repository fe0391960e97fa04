import { expect, test } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { assignUniqueIp, createAccount, STRONG_PASSWORD, uniqueEmail } from "../helpers";

// The sign-in limit under concurrent guesses, through the real server (docs/decisions/0020): the
// HTTP endpoint and the sign-in form's Server Action, 100 wrong passwords at once, then the right
// one, which the lockout must refuse. (Sent among the wrong ones, the right password may arrive
// before the limit is reached: it is then rightly checked, signs in and clears this address's
// failures, so the outcome would depend on arrival order, not on the limit.) The Playwright server
// trusts X-Forwarded-For (TRUST_PROXY=1), so each request names its client address. Defaults: 5
// failures per account and address, 20 per account from new addresses.

const PAIR_LIMIT = 5;
const ACCOUNT_LIMIT = 20;
// Addresses of its own (shared address space, RFC 6598), apart from the 198.18.0.0/15 of the other specs.
const block = () => `100.64.${Math.floor(Math.random() * 250) + 1}`;

async function viaHttp(email: string, password: string, ip: string): Promise<number> {
  const response = await fetch(`${BASE_URL}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE_URL, "x-forwarded-for": ip },
    body: JSON.stringify({ email, password }),
  });
  await response.body?.cancel();
  return response.status;
}

/** The sign-in form's hidden fields (the Server Action's id and state), as a browser without JavaScript sends them. */
async function signInFormFields(): Promise<[string, string][]> {
  const html = await (await fetch(`${BASE_URL}/auth`)).text();
  const form = /<form[^>]*aria-label="Sign in"[^>]*>([\s\S]*?)<\/form>/.exec(html)![1]!;
  const decode = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">");
  return [...form.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/>/g)].map((m) => [m[1]!, decode(m[2] ?? "")]);
}

async function viaAction(fields: [string, string][], email: string, password: string, ip: string): Promise<"signed-in" | "failed" | "throttled" | string> {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  body.append("email", email);
  body.append("password", password);
  const response = await fetch(`${BASE_URL}/auth`, { method: "POST", body, redirect: "manual", headers: { origin: BASE_URL, "x-forwarded-for": ip } });
  if (response.status === 303 && /\/admin/.test(response.headers.get("location") ?? "")) return "signed-in";
  const html = await response.text();
  if (html.includes("Invalid email or password")) return "failed";
  if (html.includes("Too many failed sign-in attempts")) return "throttled";
  return `status ${response.status}`;
}

/** The guesses all at once, then the right password once every guess has been answered; its answer comes last. */
async function guessesThenRight<T>(guesses: (() => Promise<T>)[], right: () => Promise<T>): Promise<T[]> {
  const answered = await Promise.all(guesses.map((guess) => guess()));
  return [...answered, await right()];
}

const tally = (outcomes: (string | number)[]) =>
  Object.entries(outcomes.reduce<Record<string, number>>((acc, o) => ({ ...acc, [o]: (acc[o] ?? 0) + 1 }), {}))
    .map(([k, n]) => `${n}×${k}`)
    .join(" ");

test("HTTP endpoint: 100 guesses at once from one address, then from 100 addresses: the limit holds, the owner still gets in", async ({ page }) => {
  test.setTimeout(120_000);
  const home = await assignUniqueIp(page.context());
  const email = uniqueEmail("limit-http");
  await createAccount(page, email); // verified from `home`: an address the account knows

  const one = block();
  const fromOne = await guessesThenRight(
    Array.from({ length: 100 }, (_, i) => () => viaHttp(email, `Wrong-${i}-http`, `${one}.1`)),
    () => viaHttp(email, STRONG_PASSWORD, `${one}.1`),
  );
  const many = block();
  const fromMany = await guessesThenRight(
    Array.from({ length: 100 }, (_, i) => () => viaHttp(email, `Wrong-${i}-many`, `${many}.${i + 1}`)),
    () => viaHttp(email, STRONG_PASSWORD, `${many}.250`),
  );
  const owner = await viaHttp(email, STRONG_PASSWORD, home);
  console.log(
    `sign-in limit (HTTP): one address, 100 at once then the right one: ${tally(fromOne)} (right password: ${fromOne.at(-1)}); 100 addresses at once then the right one: ${tally(fromMany)} (right password: ${fromMany.at(-1)}); the owner from home: ${owner}`,
  );
  expect(fromOne.filter((s) => s === 401).length).toBeLessThanOrEqual(PAIR_LIMIT);
  expect(fromOne.at(-1)).toBe(429);
  // The failures from the first address count on the account's ceiling for new addresses too.
  expect([...fromOne, ...fromMany].filter((s) => s === 401).length).toBeLessThanOrEqual(ACCOUNT_LIMIT);
  expect(fromMany.at(-1)).toBe(429);
  expect([...fromOne, ...fromMany].every((s) => s === 401 || s === 429)).toBe(true);
  expect(owner).toBe(200);
});

test("Server Action: 100 guesses at once from one address through the sign-in form: at most 5 checked, the right one refused", async ({ page }) => {
  test.setTimeout(120_000);
  await assignUniqueIp(page.context());
  const email = uniqueEmail("limit-action");
  await createAccount(page, email);
  const fields = await signInFormFields();
  expect(fields.map(([name]) => name)).toContain("$ACTION_KEY");

  const ip = `${block()}.7`;
  const outcomes = await guessesThenRight(
    Array.from({ length: 100 }, (_, i) => () => viaAction(fields, email, `Wrong-${i}-form`, ip)),
    () => viaAction(fields, email, STRONG_PASSWORD, ip),
  );
  console.log(`sign-in limit (Server Action): one address, 100 at once then the right one: ${tally(outcomes)} (right password: ${outcomes.at(-1)})`);
  expect(outcomes.filter((o) => o === "failed").length).toBeLessThanOrEqual(PAIR_LIMIT);
  expect(outcomes.every((o) => o === "failed" || o === "throttled")).toBe(true);
  expect(outcomes.at(-1)).toBe("throttled");
});

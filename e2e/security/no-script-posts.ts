import type { APIRequestContext, Browser } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { uniqueIp } from "../helpers";

/** A form as a browser without JavaScript posts it: its page and the hidden fields React rendered into it. */
export type NoScriptForm = { path: string; button: string; hidden: [string, string][] };

/** The hidden fields React renders into a form for a post without JavaScript ($ACTION_… and state). */
export async function noScriptForm(browser: Browser, path: string, button: string): Promise<NoScriptForm> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(path);
  const hidden = await page
    .locator("form", { has: page.getByRole("button", { name: button }) })
    .locator("input[type=hidden]")
    .evaluateAll((inputs) => inputs.map((i) => [(i as HTMLInputElement).name, (i as HTMLInputElement).value] as [string, string]));
  await context.close();
  return { path, button, hidden };
}

/** The form posted as that browser would, from a client address of its own, with `fields` typed in. */
export function postNoScript(request: APIRequestContext, form: NoScriptForm, fields: Record<string, string>) {
  return request.post(form.path, {
    // A keep-alive connection reset as the server closes it idle is sent again, as a browser does (e2e/follow-up.spec.ts).
    maxRetries: 1,
    multipart: { ...Object.fromEntries(form.hidden), ...fields },
    headers: { origin: BASE_URL, "x-forwarded-for": uniqueIp(), accept: "text/html" },
    maxRedirects: 0,
  });
}

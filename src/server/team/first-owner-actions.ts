"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { DASHBOARD_PATH } from "@/lib/routes";
import { getSessionUser } from "../kernel/session/auth-guard";
import { forgetSetupLink, isSetupToken, SETUP_PATH } from "../kernel/session/first-owner";
import { claimFirstOwner } from "../kernel/session/data/profiles";
import { log } from "../kernel/log";
import { ipFromHeaders } from "../kernel/request-info";
import { headers } from "next/headers";

/**
 * "Become the owner" on the set-up page: a POST (a link preview or a prefetch opening the address
 * changes nothing), by a signed-in, verified account, with the install's set-up token, while the
 * install has no owner (docs/decisions/0084). Works without JavaScript: each answer is a redirect.
 */
export async function claimOwnerAction(form: FormData): Promise<void> {
  const token = form.get("token");
  const back = (state: string) => `${SETUP_PATH}?token=${encodeURIComponent(typeof token === "string" ? token.slice(0, 200) : "")}&state=${state}`;
  if (!isSetupToken(token)) {
    log("warn", "first owner: claim with a wrong set-up token", { event: "setup.claim-refused", ip: ipFromHeaders(await headers()) });
    redirect(`${SETUP_PATH}?state=invalid`);
  }
  const user = await getSessionUser();
  if (!user) redirect(back("signed-out"));
  if (!user.emailVerified) redirect(back("unverified"));
  const outcome = await claimFirstOwner(user.id);
  if (outcome !== "owner") {
    log("warn", "first owner: claim refused", { event: "setup.claim-refused", userId: user.id, reason: outcome });
    redirect(back(outcome));
  }
  forgetSetupLink();
  revalidatePath(DASHBOARD_PATH, "layout");
  redirect(DASHBOARD_PATH);
}

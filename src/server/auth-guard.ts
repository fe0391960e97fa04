import "server-only";
import { headers } from "next/headers";
import { getAuth } from "./auth";
import type { StaffRole } from "@/lib/admin-tables/definition";
import { getRole } from "./data/profiles";
import { isTwoFactorRequired } from "./data/team-settings";

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  /** A second factor (TOTP) is set up and confirmed. */
  twoFactorEnabled: boolean;
}

export type Viewer =
  | { kind: "anonymous" }
  | { kind: "denied"; user: SignedInUser }
  | { kind: "admin"; user: SignedInUser };

export async function getSessionUser(requestHeaders?: Headers): Promise<SignedInUser | null> {
  // Headers first: during `next build` reading them ends the prerender before auth (and with it
  // the database) is ever touched.
  const source = requestHeaders ?? (await headers());
  const session = await getAuth().api.getSession({ headers: source });
  if (!session) return null;
  const { id, email, name, emailVerified, twoFactorEnabled } = session.user;
  return { id, email, name, emailVerified, twoFactorEnabled: twoFactorEnabled === true };
}

/** Who is asking: nobody, a user without admin rights (or unverified), or an admin. */
export async function getViewer(requestHeaders?: Headers): Promise<Viewer> {
  const user = await getSessionUser(requestHeaders);
  if (!user) return { kind: "anonymous" };
  if (!user.emailVerified) return { kind: "denied", user };
  return (await getRole(user.id)) === "admin" ? { kind: "admin", user } : { kind: "denied", user };
}

export class AccessDeniedError extends Error {
  constructor(readonly reason: "anonymous" | "denied" | "two-factor") {
    super(
      reason === "anonymous" ? "Sign in to continue." : reason === "two-factor" ? "Set up two-factor sign-in first: the team requires it." : "You don't have admin privileges.",
    );
    this.name = "AccessDeniedError";
  }
}

/**
 * The security boundary (GUIDE rule 2): every admin read and write calls this itself, in the
 * action or data function; layouts and pages only use it for convenience. `roles` is what a table's
 * definition allows (src/lib/admin-tables); a verified e-mail address is required whatever the role.
 */
export async function requireRole(roles: readonly StaffRole[], requestHeaders?: Headers): Promise<SignedInUser> {
  const user = await getSessionUser(requestHeaders);
  if (!user) throw new AccessDeniedError("anonymous");
  const role = user.emailVerified ? await getRole(user.id) : null;
  if (role === null || !(roles as readonly string[]).includes(role)) throw new AccessDeniedError("denied");
  // The team may require a second factor of every member: nothing is read or written until it is set up (docs/decisions/0036).
  if (!user.twoFactorEnabled && (await isTwoFactorRequired())) throw new AccessDeniedError("two-factor");
  return user;
}

export async function requireAdmin(requestHeaders?: Headers): Promise<SignedInUser> {
  return requireRole(["admin"], requestHeaders);
}

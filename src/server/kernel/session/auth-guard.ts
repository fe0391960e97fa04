import "server-only";
import { headers } from "next/headers";
import { getAuth } from "./auth";
import { STAFF_ROLES, type StaffRole } from "@/lib/admin-tables/definition";
import { getRole, noteSessionSeen } from "./data/profiles";
import { isTwoFactorRequired } from "./data/team-settings";
import { apiKeyActorId, apiKeyActorLabel, apiKeyRoles, currentApiKey } from "../activity/api-principal";

const isStaffRole = (role: string | null): role is StaffRole => (STAFF_ROLES as readonly (string | null)[]).includes(role);

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  /** A second factor (TOTP) is set up and confirmed. */
  twoFactorEnabled: boolean;
  /**
   * This session proved two factors: TOTP is on (every password sign-in asks for the code), or it was
   * opened with a passkey, which is possession and user verification in one step (docs/decisions/0046).
   */
  secondFactor: boolean;
}

/** A signed-in member of the team and the role that decides what they may open. */
export interface StaffUser extends SignedInUser {
  role: StaffRole;
}

export type Viewer = { kind: "anonymous" } | { kind: "denied"; user: SignedInUser } | { kind: "staff"; user: StaffUser };

export async function getSessionUser(requestHeaders?: Headers): Promise<SignedInUser | null> {
  // Headers first: during `next build` reading them ends the prerender before auth (and with it
  // the database) is ever touched.
  const source = requestHeaders ?? (await headers());
  const session = await getAuth().api.getSession({ headers: source });
  if (!session) return null;
  await noteSessionSeen(session.session.id);
  const { id, email, name, emailVerified, twoFactorEnabled } = session.user;
  const viaPasskey = (session.session as { viaPasskey?: unknown }).viaPasskey === true;
  return { id, email, name, emailVerified, twoFactorEnabled: twoFactorEnabled === true, secondFactor: twoFactorEnabled === true || viaPasskey };
}

/** Who is asking: nobody, a user without a team role (or unverified), or a member with their role. */
export async function getViewer(requestHeaders?: Headers): Promise<Viewer> {
  const user = await getSessionUser(requestHeaders);
  if (!user) return { kind: "anonymous" };
  if (!user.emailVerified) return { kind: "denied", user };
  const role = await getRole(user.id);
  return isStaffRole(role) ? { kind: "staff", user: { ...user, role } } : { kind: "denied", user };
}

export class AccessDeniedError extends Error {
  constructor(readonly reason: "anonymous" | "denied" | "two-factor") {
    super(
      reason === "anonymous"
        ? "Sign in to continue."
        : reason === "two-factor"
          ? "Set up two-factor sign-in first: the team requires it."
          : "You don't have admin privileges.",
    );
    this.name = "AccessDeniedError";
  }
}

/**
 * The security boundary: every admin read and write calls this itself, in the
 * action or data function; layouts and pages only use it for convenience. `roles` is what a table's
 * definition allows (src/lib/admin-tables); a verified e-mail address is required whatever the role.
 */
export async function requireRole(roles: readonly StaffRole[], requestHeaders?: Headers): Promise<StaffUser> {
  // A request made with an API key (src/server/integrations/api-keys.ts): the key, not a session,
  // acting with the desk role its scopes name (docs/decisions/0059). The API's services check the
  // exact scope (read or write) before they call.
  const key = currentApiKey();
  if (key) {
    const role = apiKeyRoles(key.scopes).find((r) => roles.includes(r));
    if (!role) throw new AccessDeniedError("denied");
    // An empty name: a post's revision is labelled with the e-mail field alone ("API key: <name>").
    return { id: apiKeyActorId(key.id), email: apiKeyActorLabel(key.name), name: "", emailVerified: true, twoFactorEnabled: false, secondFactor: true, role };
  }
  const user = await getSessionUser(requestHeaders);
  if (!user) throw new AccessDeniedError("anonymous");
  const role = user.emailVerified ? await getRole(user.id) : null;
  if (!isStaffRole(role) || !roles.includes(role)) throw new AccessDeniedError("denied");
  // The team may require a second factor of every member: nothing is read or written until it is set up (docs/decisions/0036).
  if (!user.secondFactor && (await isTwoFactorRequired())) throw new AccessDeniedError("two-factor");
  return { ...user, role };
}

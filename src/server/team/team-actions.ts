"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { STAFF_ROLES, TEAM_DESK } from "@/lib/admin-tables/definition";
import type { FormState } from "@/lib/form-state";
import { nameField } from "@/lib/schemas/lead-forms";
import { accountEmailField, passwordField, weakPasswordReason } from "@/lib/schemas/auth";
import { LIMITS, ROLES } from "@/lib/limits";
import { DASHBOARD_PATH } from "@/lib/routes";
import { getAuth, hashPassword } from "../kernel/session/auth";
import { internalAdapterOf } from "../kernel/session/better-auth-internals";
import { authErrorCode } from "../kernel/session/auth-error";
import { accountByEmail } from "../kernel/session/data/users";
import { FieldError, formAnswers as answers, handleForm, deskActions } from "../kernel/forms/form-action";
import { emailFields, log } from "../kernel/log";
import { endMyOtherSessions, endMySession } from "../kernel/session/data/sessions";
import {
  changeMemberRole,
  claimInvitation,
  grantInvitedRole,
  INVITATION_WORDS,
  inviteMember,
  readInvitation,
  releaseInvitation,
  removeMember,
  revokeInvitation,
  setSignUpOpen,
  signOutMemberEverywhere,
} from "./data/team";

const teamDesk = deskActions(TEAM_DESK.write);
const staffRoles = deskActions(STAFF_ROLES);

// The Team tab's and the account section's actions, through the one form wrapper (ADR 0024): the
// role is checked there and again in each data function (src/server/team/data/team.ts, sessions.ts).

const UserId = z.string().trim().min(1).max(100);
const done = (message: string) => {
  // Every screen under /admin shows who is on the team (the nav's screens follow the role).
  revalidatePath(DASHBOARD_PATH, "layout");
  return { status: "success", message } as const;
};

export async function inviteAction(_previous: FormState, form: FormData): Promise<FormState> {
  return teamDesk(
    form,
    {
      schema: z.object({ email: accountEmailField, role: z.enum(STAFF_ROLES, { error: "Choose a role." }) }),
      fields: ["email", "role"],
      activity: "team.invite",
      echo: ["email", "role"],
      failed: "The invitation could not be sent. Please try again.",
    },
    async ({ email, role }) => {
      await inviteMember(email, role);
      log("info", "team: member invited", { event: "team.invited", role, ...emailFields(email) });
      return done(`Invitation sent to ${email}. The link works for 7 days.`);
    },
  );
}

export async function revokeInvitationAction(_previous: FormState, form: FormData): Promise<FormState> {
  return teamDesk(
    form,
    { schema: z.object({ id: z.uuid() }), fields: ["id"], activity: "team.invitation-withdrawn", failed: "The invitation could not be withdrawn." },
    async ({ id }) =>
      (await revokeInvitation(id))
        ? done("Invitation withdrawn: its link no longer works.")
        : { status: "error", title: "Error", message: "This invitation was already used or withdrawn." },
  );
}

export async function changeRoleAction(_previous: FormState, form: FormData): Promise<FormState> {
  return teamDesk(
    form,
    {
      schema: z.object({ userId: UserId, role: z.enum(ROLES, { error: "Choose a role." }) }),
      fields: ["userId", "role"],
      activity: "team.role",
      failed: "The role could not be changed.",
    },
    async ({ userId, role }) => {
      await changeMemberRole(userId, role);
      log("info", "team: role changed", { event: "team.role-changed", userId, role });
      return done("Role changed.");
    },
  );
}

export async function removeMemberAction(_previous: FormState, form: FormData): Promise<FormState> {
  return teamDesk(
    form,
    { schema: z.object({ userId: UserId }), fields: ["userId"], activity: "team.remove", failed: "The member could not be removed." },
    async ({ userId }) => {
      await removeMember(userId);
      log("info", "team: member removed", { event: "team.removed", userId });
      return done("Member removed: their sessions have ended; what they wrote stays under their name.");
    },
  );
}

export async function signOutMemberAction(_previous: FormState, form: FormData): Promise<FormState> {
  return teamDesk(
    form,
    { schema: z.object({ userId: UserId }), fields: ["userId"], activity: "team.sign-out-everywhere", failed: "The member could not be signed out." },
    async ({ userId }) => {
      const ended = await signOutMemberEverywhere(userId);
      log("info", "team: member signed out everywhere", { event: "team.signed-out", userId, ended });
      return done(`Signed out everywhere (${ended} session${ended === 1 ? "" : "s"} ended).`);
    },
  );
}

export async function setSignUpAction(_previous: FormState, form: FormData): Promise<FormState> {
  return teamDesk(
    form,
    { schema: z.object({ open: z.enum(["true", "false"]) }), fields: ["open"], activity: "team.sign-up-switch", failed: "The setting could not be saved." },
    async ({ open }) => {
      const setting = await setSignUpOpen(open === "true");
      log("info", "team: public sign-up switched", { event: "team.signup-switched", open: open === "true" });
      if (setting.source === "environment") return done("Saved, but AUTH_SIGNUP_ENABLED=false keeps sign-up closed on this server.");
      return done(setting.open ? "Public sign-up is open." : "Public sign-up is closed.");
    },
  );
}

export async function endSessionAction(_previous: FormState, form: FormData): Promise<FormState> {
  return staffRoles(
    form,
    { schema: z.object({ id: z.string().trim().min(1).max(100) }), fields: ["id"], activity: "account.session-end", failed: "The session could not be ended." },
    async ({ id }) => ((await endMySession(id)) ? done("Session ended.") : { status: "error", title: "Error", message: "This session has already ended." }),
  );
}

export async function endOtherSessionsAction(_previous: FormState, form: FormData): Promise<FormState> {
  return staffRoles(form, { schema: z.object({}), activity: "account.other-sessions-end", failed: "The sessions could not be ended." }, async () => {
    const ended = await endMyOtherSessions();
    return done(`${ended} other session${ended === 1 ? "" : "s"} ended.`);
  });
}

const ChangePasswordSchema = z
  .object({ currentPassword: z.string().min(1, "Enter your current password.").max(128), newPassword: passwordField })
  .superRefine((value, ctx) => {
    const reason = weakPasswordReason(value.newPassword);
    if (reason) ctx.addIssue({ code: "custom", path: ["newPassword"], message: reason });
  });

/** A new password ends every other session of the account (better-auth's revokeOtherSessions). */
export async function changePasswordAction(_previous: FormState, form: FormData): Promise<FormState> {
  return staffRoles(
    form,
    { schema: ChangePasswordSchema, fields: ["currentPassword", "newPassword"], activity: "account.password", failed: "The password could not be changed." },
    async ({ currentPassword, newPassword }, { headers, user }) => {
      try {
        await getAuth().api.changePassword({ body: { currentPassword, newPassword, revokeOtherSessions: true }, headers });
      } catch (error) {
        if (authErrorCode(error) === "INVALID_PASSWORD") throw new FieldError({ currentPassword: "This is not your current password." });
        throw error;
      }
      log("info", "account: password changed", { event: "auth.password-changed", userId: user?.id });
      return done("Password changed. Your other sessions have ended.");
    },
  );
}

const AcceptSchema = z
  .object({ token: z.string().trim().min(20).max(100), name: nameField.max(LIMITS.personName), password: passwordField })
  .superRefine((value, ctx) => {
    const reason = weakPasswordReason(value.password);
    if (reason) ctx.addIssue({ code: "custom", path: ["password"], message: reason });
  });

/**
 * The invitee chooses a name and password: the link proves the address (verified at once), the
 * account gets the invitation's role, and the invitee is signed in and sent to the dashboard.
 */
export async function acceptInvitationAction(_previous: FormState, form: FormData): Promise<FormState> {
  const answer = await handleForm({
    log: { failed: "team: invitation acceptance failed" },
    input: form,
    fields: ["token", "name", "password"],
    schema: AcceptSchema,
    echo: ["name"],
    answers: {
      ...answers("Your account could not be created. Please try again."),
      foreign: { status: "refused", title: "Error", message: "This form can only be sent from our own website." },
    },
    run: async ({ token, name, password }, { headers }) => {
      const state = await readInvitation(token);
      if (state.kind !== "valid") return { status: "refused", title: "Invitation", message: INVITATION_WORDS[state.kind] };
      const claimed = await claimInvitation(token);
      if (!claimed) return { status: "refused", title: "Invitation", message: INVITATION_WORDS.used };
      const auth = getAuth();
      const adapter = await internalAdapterOf(auth);
      let userId: string | undefined;
      try {
        const existing = await accountByEmail(claimed.email);
        if (existing) {
          await releaseInvitation(claimed.id);
          return {
            status: "refused",
            title: "Invitation",
            message: "An account with this address exists already. Sign in, and ask the person who invited you to give it a role.",
          };
        }
        const user = await adapter.createUser({ email: claimed.email, name, emailVerified: true }, { method: "email-password" });
        userId = user.id;
        await adapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: await hashPassword(password) });
        await grantInvitedRole(user.id, claimed.role);
      } catch (error) {
        if (!userId) await releaseInvitation(claimed.id);
        throw error;
      }
      log("info", "team: invitation accepted", { event: "team.invitation-accepted", userId, role: claimed.role, ...emailFields(claimed.email) });
      await auth.api.signInEmail({ body: { email: claimed.email, password }, headers });
      return { status: "success" };
    },
  });
  if (answer.status === "success") redirect("/admin?welcome=1");
  return answer;
}

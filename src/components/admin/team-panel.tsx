import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from "@/lib/admin-tables/definition";
import type { StaffUser } from "@/server/kernel/session/auth-guard";
import { changeRoleAction, removeMemberAction, revokeInvitationAction, setSignUpAction, signOutMemberAction } from "@/server/team/team-actions";
import { listMembers, listPendingInvitations, signUpSetting } from "@/server/team/data/team";
import { ActionForm, InviteForm, RoleSelect } from "./team-forms";
import { formatAdminDate } from "@/lib/format";
import { PanelSection } from "./panel-section";

const when = (date: Date | null) => (date ? formatAdminDate(date) : "Never");
const roleLabel = (role: string) => ((STAFF_ROLES as readonly string[]).includes(role) ? ROLE_LABELS[role as StaffRole] : "No access");

/**
 * The Team tab: members and their roles, invitations, public sign-up. Its data functions check the
 * team desk's roles themselves (src/server/team/data/team.ts); an admin is not offered what only an
 * owner may do (docs/decisions/0034).
 */
export async function TeamPanel({ viewer }: { viewer: StaffUser }) {
  const [members, invitations, signUp] = await Promise.all([listMembers(), listPendingInvitations(), signUpSetting()]);
  const isOwner = viewer.role === "owner";
  return (
    <div className="space-y-10">
      <PanelSection id="members" title="Members">
        <div className="mt-3 overflow-x-auto rounded-2xl border border-line bg-surface">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-line text-xs text-ink-soft uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Member
                </th>
                <th scope="col" className="px-4 py-3">
                  Role
                </th>
                <th scope="col" className="px-4 py-3">
                  Last sign-in
                </th>
                <th scope="col" className="px-4 py-3">
                  Two-factor
                </th>
                <th scope="col" className="px-4 py-3">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {members.map((m) => {
                const isSelf = m.id === viewer.id;
                const mayChange = isOwner || m.role !== "owner";
                return (
                  <tr key={m.id} className="border-b border-line last:border-0 align-top" data-testid={`member-${m.email}`}>
                    <td className="px-4 py-3">
                      <p className="font-semibold">{m.name}</p>
                      <p className="text-ink-soft">
                        {m.email}
                        {m.emailVerified ? "" : " (not verified)"}
                      </p>
                    </td>
                    <td className="px-4 py-3" data-testid="member-role">
                      {roleLabel(m.role)}
                    </td>
                    <td className="px-4 py-3">{when(m.lastSignInAt)}</td>
                    <td className="px-4 py-3">
                      {m.twoFactor ? "App" : "No app"}
                      {m.passkeys > 0 ? ` · ${m.passkeys} passkey${m.passkeys === 1 ? "" : "s"}` : ""}
                    </td>
                    <td className="space-y-2 px-4 py-3">
                      {mayChange ? (
                        <>
                          <ActionForm action={changeRoleAction} hidden={{ userId: m.id }} label="Change role" testId="change-role">
                            <RoleSelect value={m.role} mayGrantOwner={isOwner} label={`Role of ${m.email}`} includeNone />
                          </ActionForm>
                          {m.activeSessions > 0 && !isSelf && (
                            <ActionForm
                              action={signOutMemberAction}
                              hidden={{ userId: m.id }}
                              label={`Sign out everywhere (${m.activeSessions})`}
                              variant="ghost"
                            />
                          )}
                          {!isSelf && (
                            <ActionForm
                              action={removeMemberAction}
                              hidden={{ userId: m.id }}
                              label="Remove"
                              variant="danger"
                              confirm={`Remove ${m.email}? Their sessions end now; what they wrote stays under their name.`}
                            />
                          )}
                        </>
                      ) : (
                        <span className="text-ink-soft">Only an owner can change an owner.</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </PanelSection>

      <PanelSection id="invite" title="Invite a member">
        <p className="mt-1 text-sm text-ink-soft">
          They receive a link that works once, for 7 days, to choose their name and password. Editors work on posts, case studies and testimonials; Sales on
          leads and messages; Admins on everything and the team; Owners also on other owners.
        </p>
        <div className="mt-4">
          <InviteForm mayGrantOwner={isOwner} />
        </div>
        {invitations.length > 0 && (
          <ul className="mt-6 divide-y divide-line rounded-2xl border border-line bg-surface" aria-label="Pending invitations">
            {invitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm" data-testid={`invitation-${i.email}`}>
                <span>
                  <strong>{i.email}</strong> as {ROLE_LABELS[i.role]} · until {when(i.expiresAt)}
                </span>
                <ActionForm action={revokeInvitationAction} hidden={{ id: i.id }} label="Withdraw" variant="ghost" />
              </li>
            ))}
          </ul>
        )}
      </PanelSection>

      <PanelSection id="signup" title="Public sign-up">
        <p className="mt-1 text-sm text-ink-soft" data-testid="signup-state">
          {signUp.open ? "Open: anyone can create an account at /auth (it has no role until you give it one)." : "Closed: new members join by invitation only."}
          {signUp.source === "environment" && " AUTH_SIGNUP_ENABLED=false on this server keeps it closed."}
        </p>
        <div className="mt-3">
          <ActionForm
            action={setSignUpAction}
            hidden={{ open: signUp.open ? "false" : "true" }}
            label={signUp.open ? "Close public sign-up" : "Open public sign-up"}
          />
        </div>
      </PanelSection>
    </div>
  );
}

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every Server Action and every mutating route is either audited, with a test in
// tests/audit.test.ts that names it, or said here not to be a change made in the dashboard
// (docs/decisions/0037). A new one fails this test until it is one or the other.
const ROOT = path.resolve(__dirname, "..");
const AUDIT_TEST = fs.readFileSync(path.join(ROOT, "tests/audit.test.ts"), "utf8");

type Verdict = { audited: string } | { notAudited: string };

const COVERAGE: Record<string, Verdict> = {
  "src/server/actions/admin.ts#saveRecord": { audited: "saveRecord" },
  "src/server/actions/admin.ts#deleteRecord": { audited: "deleteRecord" },
  "src/server/actions/admin.ts#setStatus": { audited: "setStatus" },
  "src/server/actions/admin.ts#runRowAction": {
    notAudited: "'Not spam' writes spam.not-spam under the lead or message it became, once however many clicks (tests/spam-review.test.ts checks the row)",
  },
  "src/server/actions/admin.ts#bulkAction": {
    notAudited: "one audit row per record it changes, written with the change (recordAuditMany); tests/bulk-actions.test.ts counts 598 rows for 598 records",
  },
  "src/server/actions/admin.ts#retryFailedNotifications": {
    notAudited: "one notifications.retry row per notification queued again, in the same transaction (tests/notification-health.test.ts checks them)",
  },
  "src/server/actions/admin.ts#previewContent": { notAudited: "changes nothing (handleForm audit: false); its test: 'a preview changes nothing'" },
  "src/server/actions/auth.ts#signInAction": { audited: "signInEmail" },
  "src/server/actions/auth.ts#signOutAction": { audited: "signOut" },
  "src/server/actions/auth.ts#signUpAction": { notAudited: "a visitor creating an account: no role yet, logged (auth.sign-up)" },
  "src/server/actions/auth.ts#requestPasswordResetAction": { notAudited: "sends a mail, changes no data; logged" },
  "src/server/actions/auth.ts#resetPasswordAction": { notAudited: "the sessions it ends are audited (auth.session-end, better-auth's session hook)" },
  "src/server/actions/lead-forms.ts#submitFreeAudit": { notAudited: "a visitor's form, not a dashboard change; the lead row is its own record" },
  "src/server/actions/lead-forms.ts#submitContactForm": { notAudited: "a visitor's form, not a dashboard change" },
  "src/app/api/admin/uploads/route.ts#POST": { audited: "api/admin/uploads/route" },
  "src/server/actions/team.ts#inviteAction": { audited: "team.inviteAction" },
  "src/server/actions/team.ts#revokeInvitationAction": { audited: "team.revokeInvitationAction" },
  "src/server/actions/team.ts#changeRoleAction": { audited: "team.changeRoleAction" },
  "src/server/actions/team.ts#removeMemberAction": { audited: "team.removeMemberAction" },
  "src/server/actions/team.ts#signOutMemberAction": { audited: "team.signOutMemberAction" },
  "src/server/actions/team.ts#setSignUpAction": { audited: "team.setSignUpAction" },
  "src/server/actions/team.ts#acceptInvitationAction": {
    notAudited: "a visitor accepting an invitation: the account it creates signs in, which is audited (auth.sign-in)",
  },
  "src/server/actions/team.ts#endSessionAction": {
    notAudited: "the member's own session: endMySession writes auth.session-end for it in the delete's transaction (tests/team.test.ts checks the row)",
  },
  "src/server/actions/team.ts#endOtherSessionsAction": {
    notAudited: "the member's own sessions: endMyOtherSessions writes auth.session-end for each one, in the delete's transaction",
  },
  "src/server/actions/team.ts#changePasswordAction": {
    notAudited: "the member's own password: audited by handleForm as account.password, with auth.session-end for each session it ends; not replayed here",
  },
  "src/server/actions/revisions.ts#postRevisions": { notAudited: "a read (dashboardRead: handleForm with audit: false)" },
  "src/server/actions/revisions.ts#comparePostRevisions": { notAudited: "a read (dashboardRead: handleForm with audit: false)" },
  "src/server/actions/revisions.ts#restorePostRevision": { audited: "restorePostRevision" },
  "src/server/actions/blog-previews.ts#postPreviewLinks": { notAudited: "a read (dashboardRead: handleForm with audit: false)" },
  "src/server/actions/blog-previews.ts#makePreviewLink": {
    notAudited: "audited as blog_posts.preview-link in createPreviewLink, in the same transaction (tests/blog-previews.test.ts checks the row)",
  },
  "src/server/actions/blog-previews.ts#revokePostPreviewLink": {
    notAudited: "audited as blog_posts.preview-revoke in revokePreviewLink, in the same transaction (tests/blog-previews.test.ts checks the row)",
  },
  "src/server/actions/two-factor.ts#setTeamTwoFactorAction": { audited: "twoFactor.setTeamTwoFactorAction" },
  "src/server/actions/two-factor.ts#startTotpAction": { notAudited: "a pending set-up that changes nothing until confirmed" },
  "src/server/actions/two-factor.ts#confirmTotpAction": {
    notAudited: "audited as auth.two-factor.enabled (recordAudit in the action); exercised by tests/two-factor.test.ts, not replayed here",
  },
  "src/server/actions/two-factor.ts#disableTwoFactorAction": {
    notAudited: "audited as auth.two-factor.disabled (recordAudit in the action); not replayed here",
  },
  "src/server/actions/two-factor.ts#verifySecondFactorAction": {
    notAudited: "the second sign-in step: audited as auth.sign-in / auth.sign-in-failure by the auth hooks (tests/two-factor.test.ts checks the rows)",
  },
  "src/server/actions/passkeys.ts#removePasskeyAction": {
    notAudited: "audited as passkey.remove in removeMyPasskey, in the same transaction (tests/passkeys.test.ts checks the row)",
  },
  "src/server/actions/passkeys.ts#renamePasskeyAction": {
    notAudited: "audited as passkey.rename in renameMyPasskey, in the same transaction (tests/passkeys.test.ts checks the row)",
  },
  "src/app/api/auth/[...all]/route.ts#POST": { audited: "signInEmail" },
  "src/app/api/internal/revalidate-blog/route.ts#POST": { notAudited: "the server's own call from its timed job; refreshes cached pages, changes no data" },
  "src/app/api/blog/shares/route.ts#POST": { notAudited: "a visitor's share count" },
  "src/app/api/consent/route.ts#POST": { notAudited: "a visitor's cookie consent: a cookie in their own browser, no row" },
  "src/app/api/forms/[form]/route.ts#POST": { notAudited: "a visitor's form (the same as the lead-forms actions)" },
};

function files(dir: string, match: (name: string) => boolean): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full, match);
    return match(entry.name) ? [full] : [];
  });
}

function found(): string[] {
  const out: string[] = [];
  for (const file of files(path.join(ROOT, "src"), (n) => /\.tsx?$/.test(n))) {
    const text = fs.readFileSync(file, "utf8");
    const rel = path.relative(ROOT, file).split(path.sep).join("/");
    if (/^\s*["']use server["']/m.test(text.split("\n").slice(0, 3).join("\n"))) {
      for (const m of text.matchAll(/^export\s+(?:async\s+)?(?:function|const)\s+(\w+)/gm)) out.push(`${rel}#${m[1]}`);
    }
    if (/\/route\.ts$/.test(rel)) {
      for (const m of text.matchAll(/^export\s+(?:async\s+)?(?:function|const)\s+(POST|PUT|PATCH|DELETE)\b/gm)) out.push(`${rel}#${m[1]}`);
      for (const m of text.matchAll(/^export\s+\{([^}]*)\}/gm)) {
        for (const name of m[1]!.split(",").map((s) =>
          s
            .trim()
            .split(/\s+as\s+/)
            .at(-1)!,
        ))
          if (/^(POST|PUT|PATCH|DELETE)$/.test(name)) out.push(`${rel}#${name}`);
      }
    }
  }
  return out.sort();
}

describe("audit coverage", () => {
  it("every Server Action and mutating route is audited (with a test) or said not to change dashboard data", () => {
    const missing = found().filter((key) => !(key in COVERAGE));
    expect(missing, "classify these in tests/audit-coverage.test.ts and, if they change data, audit and test them").toEqual([]);
    for (const [key, verdict] of Object.entries(COVERAGE)) {
      if ("audited" in verdict) expect(AUDIT_TEST, `${key}: tests/audit.test.ts should exercise ${verdict.audited}`).toContain(verdict.audited);
    }
  });

  it("the list names nothing that no longer exists", () => {
    const present = new Set(found());
    expect(Object.keys(COVERAGE).filter((key) => !present.has(key))).toEqual([]);
  });
});

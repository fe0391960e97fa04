import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every Server Action and every mutating route is either recorded in the activity trail, with a test in
// tests/activity.test.ts that names it, or said here not to be a change made in the dashboard
// (docs/decisions/0037). A new one fails this test until it is one or the other.
const ROOT = path.resolve(__dirname, "..");
const ACTIVITY_TEST = fs.readFileSync(path.join(ROOT, "tests/activity.test.ts"), "utf8");

type Verdict = { recorded: string } | { notRecorded: string };

const COVERAGE: Record<string, Verdict> = {
  "src/server/dashboard/admin-actions.ts#saveRecord": { recorded: "saveRecord" },
  "src/server/dashboard/admin-actions.ts#deleteRecord": { recorded: "deleteRecord" },
  "src/server/dashboard/admin-actions.ts#setStatus": { recorded: "setStatus" },
  "src/server/dashboard/admin-actions.ts#saveRecordForm": {
    notRecorded: "the record form's way in to saveRecord (recorded): it reads the table and record from the form and calls it",
  },
  "src/server/dashboard/writing-room-actions.ts#saveWritingRoom": {
    notRecorded: "the writing room's way in to saveRecordForm and so to saveRecord (recorded): it only moves a new post to its own address",
  },
  "src/server/dashboard/admin-actions.ts#rowFormAction": {
    notRecorded: "a list row's form's way in to setStatus, deleteRecord (recorded) and runRowAction: it reads the intent and calls them",
  },
  "src/server/dashboard/admin-actions.ts#bulkFormAction": {
    notRecorded: "the bulk confirmation page's way in to bulkAction, which writes one activity row per record it changes",
  },
  "src/server/dashboard/admin-actions.ts#runRowAction": {
    notRecorded: "'Not spam' writes spam.not-spam under the lead or message it became, once however many clicks (tests/spam-review.test.ts checks the row)",
  },
  "src/server/dashboard/admin-actions.ts#bulkAction": {
    notRecorded:
      "one activity row per record it changes, written with the change (recordActivityMany); tests/bulk-actions.test.ts counts 598 rows for 598 records",
  },
  "src/server/dashboard/admin-actions.ts#retryFailedNotifications": {
    notRecorded: "one notifications.retry row per notification queued again, in the same transaction (tests/notification-health.test.ts checks them)",
  },
  "src/server/dashboard/admin-actions.ts#previewContent": {
    notRecorded: "changes nothing (handleForm activity: false); its test: 'a preview changes nothing'",
  },
  "src/server/team/auth-actions.ts#signInAction": { recorded: "signInEmail" },
  "src/server/team/auth-actions.ts#signOutAction": { recorded: "signOut" },
  "src/server/team/auth-actions.ts#signUpAction": { notRecorded: "a visitor creating an account: no role yet, logged (auth.sign-up)" },
  "src/server/team/auth-actions.ts#requestPasswordResetAction": { notRecorded: "sends a mail, changes no data; logged" },
  "src/server/team/auth-actions.ts#resetPasswordAction": { notRecorded: "the sessions it ends are recorded (auth.session-end, better-auth's session hook)" },
  "src/server/leads/lead-form-actions.ts#submitFreeAudit": { notRecorded: "a visitor's form, not a dashboard change; the lead row is its own record" },
  "src/server/leads/call-request-actions.ts#submitCallRequest": {
    notRecorded: "a visitor's form (submitFreeAudit's submission), not a dashboard change; the lead row is its own record",
  },
  "src/server/team/first-owner-actions.ts#claimOwnerAction": {
    notRecorded: "claimFirstOwner writes team.role in the claim's transaction (tests/first-owner.test.ts checks the row)",
  },
  "src/server/leads/lead-form-actions.ts#submitContactForm": { notRecorded: "a visitor's form, not a dashboard change" },
  "src/server/newsletter/signup-actions.ts#subscribeAction": { notRecorded: "a visitor's sign-up, not a dashboard change; the row keeps its source and times" },
  "src/server/newsletter/signup-actions.ts#footerSubscribeAction": { notRecorded: "the footer's plain form: the same visitor's sign-up, answered with a page" },
  "src/server/newsletter/signup-actions.ts#confirmSubscriptionAction": {
    notRecorded: "a subscriber confirming by their own signed link; the row keeps confirmed_at",
  },
  "src/server/newsletter/signup-actions.ts#preferencesAction": {
    notRecorded: "a subscriber changing their own preferences by their signed link, not a dashboard change",
  },
  "src/server/newsletter/subscriber-actions.ts#deleteSubscriberAction": {
    notRecorded: "recorded as newsletter.subscriber-delete in deleteSubscriber, in the change's transaction (tests/newsletter-subscribe.test.ts)",
  },
  "src/server/newsletter/subscriber-actions.ts#eraseSubscriberAction": {
    notRecorded:
      "recorded as newsletter.subscriber-erase in eraseSubscriber, without the address, in the change's transaction (tests/newsletter-subscribe.test.ts)",
  },
  "src/server/people/people-actions.ts#logInteractionAction": {
    notRecorded: "recorded as person.interaction-create in createInteraction, in the change's transaction (tests/person.test.ts checks the rows)",
  },
  "src/server/people/people-actions.ts#updateInteractionAction": {
    notRecorded: "recorded as person.interaction-update in updateOwnInteraction, in the change's transaction (tests/person.test.ts checks the rows)",
  },
  "src/server/people/people-actions.ts#deleteInteractionAction": {
    notRecorded: "recorded as person.interaction-delete in deleteOwnInteraction, in the change's transaction (tests/person.test.ts checks the rows)",
  },
  "src/server/people/people-actions.ts#erasePersonAction": {
    notRecorded: "recorded as person.erase in erasePersonRows, counts only, in the erasure's transaction (tests/person.test.ts checks the row)",
  },
  "src/server/pipeline/pipeline-actions.ts#moveLeadCard": {
    notRecorded:
      "a card's move is the lead's status change: changeRecordStatus writes its 'status' row in the change's transaction (tests/pipeline.test.ts compares it with the list's)",
  },
  "src/server/pipeline/pipeline-actions.ts#moveLeadCardForm": {
    notRecorded: "the card's plain form's way in to moveLeadCard (its status row), answered with the board",
  },
  "src/server/pipeline/pipeline-actions.ts#winLeadCardAction": {
    notRecorded:
      "a card won with the value it was asked for: changeRecordStatus writes its one 'status' row with the value beside it, in the change's transaction (tests/pipeline.test.ts checks the row)",
  },
  "src/server/proposals/proposal-actions.ts#newProposalAction": {
    notRecorded: "createProposalForLead records create on proposals in the draft's transaction (tests/proposals.test.ts checks the row)",
  },
  "src/server/proposals/proposal-actions.ts#saveDraftAction": {
    notRecorded: "updateDraft records update on proposals in the change's transaction (tests/proposals.test.ts checks the row)",
  },
  "src/server/proposals/proposal-actions.ts#sendProposalAction": {
    notRecorded: "sendProposal records proposal.send in the transaction that sends it (tests/proposals.test.ts checks the row)",
  },
  "src/server/proposals/proposal-actions.ts#reviseProposalAction": {
    notRecorded: "reviseProposal records proposal.revise on the new version in its transaction (tests/proposals.test.ts checks the row)",
  },
  "src/server/proposals/proposal-actions.ts#issueInvoiceAction": {
    notRecorded: "issueInvoiceForProposal records proposal.invoice in the invoice's transaction (tests/deal-to-cash.test.ts checks the row)",
  },
  "src/server/proposals/proposal-actions.ts#paymentLinkAction": {
    notRecorded: "createPaymentLink records invoice.payment-link in the transaction that keeps the link (tests/deal-to-cash.test.ts checks the row)",
  },
  "src/server/proposals/proposal-actions.ts#acceptProposalAction": {
    notRecorded:
      "the client's answer on the link's page, no account: proposal.accept and the lead's status row in the acceptance's transaction (tests/proposals.test.ts checks both)",
  },
  "src/server/proposals/proposal-actions.ts#declineProposalAction": {
    notRecorded: "the client's answer on the link's page, no account: proposal.decline in its transaction (tests/proposals.test.ts checks the row)",
  },
  "src/server/pipeline/pipeline-actions.ts#createStageAction": {
    notRecorded: "createLeadStage records create on lead_stages in the change's transaction (tests/pipeline.test.ts checks the row)",
  },
  "src/server/pipeline/pipeline-actions.ts#renameStageAction": {
    notRecorded: "renameLeadStage records update on lead_stages in the change's transaction (tests/pipeline.test.ts)",
  },
  "src/server/pipeline/pipeline-actions.ts#moveStageAction": {
    notRecorded: "moveLeadStage records update on lead_stages in the change's transaction (tests/pipeline.test.ts)",
  },
  "src/server/pipeline/pipeline-actions.ts#removeStageAction": {
    notRecorded: "removeLeadStage records delete on lead_stages and a status row per lead it moves, in one transaction (tests/pipeline.test.ts)",
  },
  "src/app/api/admin/uploads/route.ts#POST": { recorded: "api/admin/uploads/route" },
  "src/server/team/team-actions.ts#inviteAction": { recorded: "team.inviteAction" },
  "src/server/newsletter/newsletter-actions.ts#createSendAction": {
    notRecorded: "recorded as newsletter.create in createSend, in the change's transaction (tests/permission-matrix.test.ts replays it for every role)",
  },
  "src/server/newsletter/newsletter-actions.ts#saveSendAction": {
    notRecorded: "recorded as newsletter.update in saveSend, in the change's transaction (tests/permission-matrix.test.ts replays it for every role)",
  },
  "src/server/newsletter/newsletter-actions.ts#sendTestAction": {
    notRecorded:
      "recorded as newsletter.test in queueTestMail, with the test mail, in the change's transaction (tests/permission-matrix.test.ts replays it for every role)",
  },
  "src/server/newsletter/newsletter-actions.ts#sendNowAction": {
    notRecorded: "recorded as newsletter.send in moveSend, in the change's transaction (tests/permission-matrix.test.ts replays it for every role)",
  },
  "src/server/newsletter/newsletter-actions.ts#scheduleAction": {
    notRecorded: "recorded as newsletter.schedule in moveSend, in the change's transaction (tests/permission-matrix.test.ts replays it for every role)",
  },
  "src/server/newsletter/newsletter-actions.ts#unscheduleAction": {
    notRecorded: "recorded as newsletter.unschedule in moveSend, in the change's transaction (tests/permission-matrix.test.ts replays it for every role)",
  },
  "src/server/newsletter/newsletter-actions.ts#pauseAction": {
    notRecorded: "recorded as newsletter.pause in moveSend, in the change's transaction (tests/permission-matrix.test.ts replays it for every role)",
  },
  "src/server/newsletter/newsletter-actions.ts#resumeAction": {
    notRecorded: "recorded as newsletter.resume in moveSend, in the change's transaction (tests/permission-matrix.test.ts replays it for every role)",
  },
  "src/server/integrations/integration-actions.ts#addEndpointAction": {
    notRecorded: "recorded as webhook.add in addWebhookEndpoint, in the insert's transaction (tests/webhook-dashboard.test.ts checks the row holds no secret)",
  },
  "src/server/integrations/integration-actions.ts#deleteEndpointAction": {
    notRecorded: "recorded as webhook.delete in deleteWebhookEndpoint, in the delete's transaction (tests/webhook-dashboard.test.ts checks the row)",
  },
  "src/server/integrations/integration-actions.ts#resumeEndpointAction": {
    notRecorded: "recorded as webhook.resume in resumeWebhookEndpoint, in the update's transaction (tests/webhook-dashboard.test.ts checks the row)",
  },
  "src/server/integrations/integration-actions.ts#resendDeliveryAction": {
    notRecorded: "recorded as webhook.resend in resendWebhookDelivery, in the update's transaction (tests/webhook-dashboard.test.ts checks the row)",
  },
  "src/server/booking/booking-actions.ts#bookCallAction": {
    notRecorded: "a visitor's booking, not a dashboard change; the booking and its lead are their own records (tests/booking.test.ts)",
  },
  "src/server/booking/booking-actions.ts#rescheduleCallAction": {
    notRecorded: "a visitor moving their own call by its signed link; the row keeps its SEQUENCE and times",
  },
  "src/server/booking/booking-actions.ts#cancelCallAction": { notRecorded: "a visitor cancelling their own call by its signed link; the row keeps when" },
  "src/server/booking/booking-actions.ts#confirmCallAction": {
    notRecorded: "a visitor confirming their own held call by its signed link; the row keeps when (confirmed_at) (tests/booking-holds.test.ts)",
  },
  "src/server/redirects/redirect-actions.ts#saveRedirectAction": {
    notRecorded: "recorded as create / update in saveRedirect, in the save's transaction (tests/redirects.test.ts checks the rows)",
  },
  "src/server/redirects/redirect-actions.ts#importRedirectsAction": {
    notRecorded: "recorded as redirects.import with its counts in importRedirects, in the import's transaction (tests/redirects.test.ts checks the row)",
  },
  "src/server/seo/link-check-actions.ts#checkLinksAction": {
    notRecorded: "recorded as links.check in askForLinkCheck, in the request's transaction (tests/link-checker.test.ts checks the row)",
  },
  "src/server/experiments/experiment-actions.ts#saveExperimentAction": {
    notRecorded: "recorded as create / update in createExperiment and updateExperiment, in the save's transaction (tests/experiments.test.ts checks the rows)",
  },
  "src/server/experiments/experiment-actions.ts#startExperimentAction": {
    notRecorded: "recorded as experiment.start in startExperiment, in its transaction (tests/experiments.test.ts checks the row)",
  },
  "src/server/experiments/experiment-actions.ts#stopExperimentAction": {
    notRecorded: "recorded as experiment.stop in stopExperiment, in its transaction (tests/experiments.test.ts checks the row)",
  },
  "src/server/experiments/experiment-actions.ts#shipExperimentAction": {
    notRecorded: "recorded as experiment.ship in shipExperiment, in the ship's transaction (tests/experiments.test.ts checks the row)",
  },
  "src/server/redirects/redirect-actions.ts#deleteRedirectAction": {
    notRecorded: "recorded as delete in deleteRedirect, in its transaction (tests/redirects.test.ts checks the row)",
  },
  "src/server/booking/booking-admin-actions.ts#saveAvailabilityAction": {
    notRecorded: "recorded as booking.availability in saveHostSettings, in the save's transaction (tests/booking-admin.test.ts checks the row)",
  },
  "src/server/booking/booking-admin-actions.ts#dayOffAction": {
    notRecorded: "recorded as booking.day-off / booking.day-off-removed in setDayOff, in its transaction (tests/booking-admin.test.ts checks the row)",
  },
  "src/server/booking/booking-admin-actions.ts#bookingOutcomeAction": {
    notRecorded: "recorded as booking.outcome in setOutcome, in its transaction (tests/booking-admin.test.ts checks the row)",
  },
  "src/server/booking/booking-admin-actions.ts#staffCancelBookingAction": {
    notRecorded: "recorded as booking.cancel in cancelCall, in the cancel's transaction (tests/booking-admin.test.ts checks the row)",
  },
  "src/server/team/team-actions.ts#revokeInvitationAction": { recorded: "team.revokeInvitationAction" },
  "src/server/team/team-actions.ts#changeRoleAction": { recorded: "team.changeRoleAction" },
  "src/server/team/team-actions.ts#removeMemberAction": { recorded: "team.removeMemberAction" },
  "src/server/team/team-actions.ts#signOutMemberAction": { recorded: "team.signOutMemberAction" },
  "src/server/team/team-actions.ts#setSignUpAction": { recorded: "team.setSignUpAction" },
  "src/server/team/team-actions.ts#acceptInvitationAction": {
    notRecorded: "a visitor accepting an invitation: the account it creates signs in, which is recorded (auth.sign-in)",
  },
  "src/server/team/team-actions.ts#endSessionAction": {
    notRecorded: "the member's own session: endMySession writes auth.session-end for it in the delete's transaction (tests/team.test.ts checks the row)",
  },
  "src/server/team/team-actions.ts#endOtherSessionsAction": {
    notRecorded: "the member's own sessions: endMyOtherSessions writes auth.session-end for each one, in the delete's transaction",
  },
  "src/server/team/team-actions.ts#changePasswordAction": {
    notRecorded: "the member's own password: recorded by handleForm as account.password, with auth.session-end for each session it ends; not replayed here",
  },
  "src/server/booking/calendar-actions.ts#connectCalendarAction": {
    notRecorded:
      "recorded as calendar.connect or calendar.update in saveMyCalendarConnection, in the change's transaction, without the password (tests/calendar-dashboard.test.ts checks the row)",
  },
  "src/server/booking/calendar-actions.ts#chooseCalendarAction": {
    notRecorded: "recorded as calendar.update in saveMyCalendarConnection, in the change's transaction (tests/calendar-dashboard.test.ts checks the row)",
  },
  "src/server/booking/calendar-actions.ts#disconnectCalendarAction": {
    notRecorded: "recorded as calendar.disconnect in disconnectMyCalendar, in the delete's transaction (tests/calendar-dashboard.test.ts checks the row)",
  },
  "src/server/booking/calendar-actions.ts#testCalendarAction": {
    notRecorded: "reads the member's calendar server; changes only their own connection's calendars found and last error (handleForm activity: false)",
  },
  "src/server/content/revision-actions.ts#postRevisions": { notRecorded: "a read (dashboardRead: handleForm with activity: false)" },
  "src/server/content/revision-actions.ts#comparePostRevisions": { notRecorded: "a read (dashboardRead: handleForm with activity: false)" },
  "src/server/content/revision-actions.ts#restorePostRevision": { recorded: "restorePostRevision" },
  "src/server/content/preview-actions.ts#postPreviewLinks": { notRecorded: "a read (dashboardRead: handleForm with activity: false)" },
  "src/server/content/link-suggestion-actions.ts#typedPostLinks": { notRecorded: "a read (dashboardRead: handleForm with activity: false)" },
  "src/server/content/preview-actions.ts#makePreviewLink": {
    notRecorded: "recorded as blog_posts.preview-link in createPreviewLink, in the same transaction (tests/blog-previews.test.ts checks the row)",
  },
  "src/server/content/preview-actions.ts#revokePostPreviewLink": {
    notRecorded: "recorded as blog_posts.preview-revoke in revokePreviewLink, in the same transaction (tests/blog-previews.test.ts checks the row)",
  },
  "src/server/team/two-factor-actions.ts#setTeamTwoFactorAction": { recorded: "twoFactor.setTeamTwoFactorAction" },
  "src/server/team/two-factor-actions.ts#startTotpAction": { notRecorded: "a pending set-up that changes nothing until confirmed" },
  "src/server/team/two-factor-actions.ts#confirmTotpAction": {
    notRecorded: "recorded as auth.two-factor.enabled (recordActivity in the action); exercised by tests/two-factor.test.ts, not replayed here",
  },
  "src/server/team/two-factor-actions.ts#backupCodesSavedAction": {
    notRecorded: "recorded as auth.two-factor.codes-saved (recordActivity in the action); exercised by tests/two-factor-actions.test.ts, not replayed here",
  },
  "src/server/team/two-factor-actions.ts#disableTwoFactorAction": {
    notRecorded: "recorded as auth.two-factor.disabled (recordActivity in the action); not replayed here",
  },
  "src/server/team/two-factor-actions.ts#verifySecondFactorAction": {
    notRecorded: "the second sign-in step: recorded as auth.sign-in / auth.sign-in-failure by the auth hooks (tests/two-factor.test.ts checks the rows)",
  },
  "src/server/team/passkey-actions.ts#removePasskeyAction": {
    notRecorded: "recorded as passkey.remove in removeMyPasskey, in the same transaction (tests/passkeys.test.ts checks the row)",
  },
  "src/server/team/passkey-actions.ts#renamePasskeyAction": {
    notRecorded: "recorded as passkey.rename in renameMyPasskey, in the same transaction (tests/passkeys.test.ts checks the row)",
  },
  "src/app/api/auth/[...all]/route.ts#POST": { recorded: "signInEmail" },
  "src/app/api/internal/revalidate-blog/route.ts#POST": { notRecorded: "the server's own call from its timed job; refreshes cached pages, changes no data" },
  "src/app/api/blog/shares/route.ts#POST": { notRecorded: "a visitor's share count" },
  "src/app/api/consent/route.ts#POST": { notRecorded: "a visitor's cookie consent: a cookie in their own browser, no row" },
  "src/app/api/forms/[form]/route.ts#POST": { notRecorded: "a visitor's form (the same as the lead-forms actions)" },
  "src/app/api/newsletter/unsubscribe/[token]/route.ts#POST": {
    notRecorded: "a subscriber leaving by their own signed link, not a dashboard change; the row keeps when and from which send (docs/decisions/0063)",
  },
  "src/app/api/newsletter/events/ses/route.ts#POST": {
    notRecorded:
      "the mail provider's reports; each suppression is recorded as newsletter.suppressed in its transaction (tests/newsletter-events.test.ts checks the row)",
  },
  "src/app/api/newsletter/events/route.ts#POST": {
    notRecorded:
      "the mail provider's reports; each suppression is recorded as newsletter.suppressed in its transaction (tests/newsletter-events.test.ts checks the row)",
  },
  "src/app/api/payments/razorpay/route.ts#POST": {
    notRecorded:
      "Razorpay's payment events, not a dashboard change; an invoice paid is recorded as invoice.paid and its lead's lead.paid in the payment's transaction (tests/payments-webhook.test.ts checks the rows)",
  },
  "src/server/integrations/api-key-actions.ts#createApiKeyAction": {
    notRecorded: "recorded as api_key.create in insertApiKey, in the same transaction, never the key (tests/api-v1.test.ts checks the row)",
  },
  "src/server/integrations/api-key-actions.ts#revokeApiKeyAction": {
    notRecorded: "recorded as api_key.revoke in revokeApiKey, in the same transaction (tests/api-v1.test.ts checks the row)",
  },
  "src/app/api/mcp/route.ts#POST": {
    notRecorded:
      'the MCP tools write through the REST API\'s service functions, which record the change in its transaction under "API key: <name>" (tests/mcp.test.ts checks the rows)',
  },
  "src/app/api/mcp/route.ts#DELETE": { notRecorded: "stateless: the SDK answers a session's end with 405, nothing is kept to end" },
  ...Object.fromEntries(
    ["POST", "PATCH", "PUT", "DELETE"].map((method) => [
      `src/app/api/v1/[...path]/route.ts#${method}`,
      {
        notRecorded:
          'the REST API writes through admin-records\' functions, which record the change in its transaction, under "API key: <name>" (tests/api-v1.test.ts checks every write of its matrix wrote a row)',
      },
    ]),
  ),
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

describe("activity coverage", () => {
  it("every Server Action and mutating route is recorded (with a test) or said not to change dashboard data", () => {
    const missing = found().filter((key) => !(key in COVERAGE));
    expect(missing, "classify these in tests/activity-coverage.test.ts and, if they change data, record and test them").toEqual([]);
    for (const [key, verdict] of Object.entries(COVERAGE)) {
      if ("recorded" in verdict) expect(ACTIVITY_TEST, `${key}: tests/activity.test.ts should exercise ${verdict.recorded}`).toContain(verdict.recorded);
    }
  });

  it("the list names nothing that no longer exists", () => {
    const present = new Set(found());
    expect(Object.keys(COVERAGE).filter((key) => !present.has(key))).toEqual([]);
  });
});

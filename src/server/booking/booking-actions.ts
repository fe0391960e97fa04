"use server";

import { refresh } from "next/cache";
import { redirect } from "next/navigation";
import { FORM_FAILURE } from "@/lib/form-messages";
import type { FormState } from "@/lib/form-state";
import { BOOKING_FIELDS, BookingSchema, RescheduleSchema, TokenSchema } from "@/lib/schemas/booking";
import { visitorIdForRequest } from "../analytics";
import { bookStrategyCall, cancelWithToken, CHANGE_REFUSALS, confirmWithToken, rescheduleWithToken, SLOT_TAKEN_TITLE } from "../booking/book";
import { countBooking, giveBackBooking } from "../booking/limits";
import { bookingToken } from "../booking/tokens";
import { env } from "../kernel/env";
import { handleForm } from "../kernel/forms/form-action";
import { checkFormGuards, giveBackFormCount, parseAttribution, submissionKey } from "../kernel/forms/form-guards";
import { log } from "../kernel/log";

// The booking page's actions (docs/decisions/0065): book a call, and move or cancel it from the
// manage link. Each is a real form's action, so each works without JavaScript; a success opens the
// booking's own page (a redirect after handleForm, which would treat Next's redirect as a failure).

const FOREIGN = { status: "refused", title: "Not sent", message: "This form can only be sent from our own website." } as const;

const answers = {
  foreign: FOREIGN,
  failure: { status: "error" as const, ...FORM_FAILURE },
  invalid: () => ({ status: "invalid" as const, title: "Please check the form", message: "Some fields need your attention." }),
};

/**
 * "Book the call": the lead forms' defences first (honeypot, fill time, the per-connection limit),
 * then the booking page's hourly limits (per mailbox, client, network and site), then the booking,
 * held until the visitor confirms it from the link in their mail (docs/decisions/0077). The answer
 * says so on the page; the manage link goes only to the mailbox, which is what confirming proves.
 */
export async function bookCallAction(_previous: FormState, form: FormData): Promise<FormState> {
  let countedFor: string | null = null;
  let bookingCounts: string[] = [];
  let resent = false;
  const answer = await handleForm({
    log: { failed: "booking failed" },
    input: form,
    fields: BOOKING_FIELDS,
    schema: BookingSchema,
    echo: true,
    answers,
    guard: async (input, { ip }) => {
      const verdict = await checkFormGuards(input as FormData, "booking", ip);
      if (verdict.ok) {
        countedFor = ip;
        return null;
      }
      log("warn", "form submission refused", { form: "booking", reason: verdict.reason, ip });
      return { status: "refused", title: "Not sent", message: verdict.message };
    },
    run: async (data, { headers, ip }) => {
      const allowance = await countBooking(data.email, ip);
      if (!allowance.ok) return { status: "refused", title: "Not booked", message: allowance.message };
      bookingCounts = allowance.keys;
      const outcome = await bookStrategyCall({
        ...data,
        submissionKey: submissionKey(form),
        attribution: parseAttribution(form, headers.get("referer")),
        visitorId: await visitorIdForRequest(headers),
      });
      // The same form sent again (its key) answers as the first did and books nothing new.
      resent = outcome.kind === "again";
      return {
        status: "success",
        title: "Check your e-mail to confirm your call",
        message: `We are holding this time for you for ${env().BOOKING_HOLD_MINUTES} minutes. Open the link in the e-mail we just sent and confirm the call; otherwise the time is released.`,
      };
    },
  });
  // Nothing was booked (fields to correct, the time taken meanwhile, the same form sent again): not
  // counted toward the limits.
  if (countedFor !== null && (answer.status === "invalid" || answer.title === SLOT_TAKEN_TITLE || resent)) {
    await giveBackFormCount("booking", countedFor);
    await giveBackBooking(bookingCounts);
  }
  // Taken meanwhile: the page's list of times is read again, so the taken one is gone from it.
  if (answer.title === SLOT_TAKEN_TITLE) refresh();
  return answer;
}

/** "Confirm the call" on the page the held call's mail links to: a POST with a button (mail scanners follow links). */
export async function confirmCallAction(_previous: FormState, form: FormData): Promise<FormState> {
  let target: string | null = null;
  const answer = await handleForm({
    log: { failed: "booking confirm failed" },
    input: form,
    fields: ["token"],
    schema: TokenSchema,
    answers,
    run: async ({ token }) => {
      const outcome = await confirmWithToken(token);
      if (outcome.kind !== "done" && outcome.kind !== "again")
        return { status: "refused", title: "Not confirmed", message: CHANGE_REFUSALS[outcome.kind as keyof typeof CHANGE_REFUSALS] };
      target = `/book/manage/${bookingToken(outcome.booking)}?done=confirmed`;
      return { status: "success" };
    },
  });
  if (target) redirect(target);
  return answer;
}

/** "Move the call" on the manage page: the new time, with the same guarantee as a booking. */
export async function rescheduleCallAction(_previous: FormState, form: FormData): Promise<FormState> {
  let target: string | null = null;
  const answer = await handleForm({
    log: { failed: "booking move failed" },
    input: form,
    fields: ["token", "start"],
    schema: RescheduleSchema,
    echo: ["start"],
    answers,
    run: async ({ token, start }) => {
      const outcome = await rescheduleWithToken(token, start);
      if (outcome.kind !== "done") return { status: "refused", title: "Not moved", message: CHANGE_REFUSALS[outcome.kind as keyof typeof CHANGE_REFUSALS] };
      target = `/book/manage/${bookingToken(outcome.booking)}?done=rescheduled`;
      return { status: "success" };
    },
  });
  if (target) redirect(target);
  if (answer.title === SLOT_TAKEN_TITLE) refresh();
  return answer;
}

/** "Cancel the call": a POST with a button (a GET never changes anything: mail scanners follow links). */
export async function cancelCallAction(_previous: FormState, form: FormData): Promise<FormState> {
  let target: string | null = null;
  const answer = await handleForm({
    log: { failed: "booking cancel failed" },
    input: form,
    fields: ["token"],
    schema: TokenSchema,
    answers,
    run: async ({ token }) => {
      const outcome = await cancelWithToken(token);
      if (outcome.kind !== "done") return { status: "refused", title: "Not cancelled", message: CHANGE_REFUSALS[outcome.kind as keyof typeof CHANGE_REFUSALS] };
      // A call only held was never booked: the visitor let the time go, and is told so.
      target = `/book/manage/${encodeURIComponent(token)}?done=${outcome.booking.confirmedAt ? "cancelled" : "released"}`;
      return { status: "success" };
    },
  });
  if (target) redirect(target);
  return answer;
}

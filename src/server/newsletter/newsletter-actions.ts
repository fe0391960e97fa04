"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { CONTENT_DESK } from "@/lib/admin-tables/definition";
import type { FormState } from "@/lib/form-state";
import { PREVIEW_TEXT_MAX, SUBJECT_MAX, type SendStatus } from "@/lib/newsletter";
import { fromSiteDateTimeInput } from "@/lib/site-time";
import { dashboardHref } from "@/lib/routes";
import { createSend, moveSend, queueTestMail, saveSend, sendForTest, type SendMove } from "./data/newsletter-sends";
import { FieldError, formAnswers as answers, handleForm, deskActions } from "../kernel/forms/form-action";
import { previewLetter } from "./send";

const contentDesk = deskActions(CONTENT_DESK.write);

// The newsletter screen's actions (docs/newsletter.md), through the one form wrapper (ADR 0055):
// origin and role checked there and again in each data function, which writes the activity row in
// the change's transaction.

const LIST = dashboardHref("newsletter");
const screenOf = (id: string) => `${LIST}/${id}`;
const MISSING = "This letter does not exist (it may have been deleted).";

export async function createSendAction(_previous: FormState, form: FormData): Promise<FormState> {
  let made: string | null = null;
  const answer = await contentDesk(
    form,
    {
      schema: z.object({ kind: z.enum(["post", "letter"]), postId: z.string().optional() }),
      fields: ["postId", "kind"],
      activity: "newsletter.create",
      failed: "The letter could not be created. Please try again.",
    },
    async (data) => {
      if (data.kind === "post") {
        const postId = z.uuid().safeParse(data.postId);
        if (!postId.success) throw new FieldError({ postId: "Choose a published post." });
        made = await createSend({ postId: postId.data });
        if (!made) throw new FieldError({ postId: "This post is not published (or was deleted)." });
      } else {
        made = await createSend({ letter: true });
      }
      revalidatePath(LIST);
      return { status: "success", message: "Draft created." };
    },
  );
  if (answer.status === "success" && made) redirect(screenOf(made));
  return answer;
}

const TOPIC = z.string().trim().min(1).max(60);
const SaveSend = z.object({
  id: z.uuid(),
  subject: z.string().trim().min(1, "Write a subject.").max(SUBJECT_MAX, `A subject is ${SUBJECT_MAX} characters at most.`),
  previewText: z.string().trim().max(PREVIEW_TEXT_MAX, `The preview text is ${PREVIEW_TEXT_MAX} characters at most.`).optional(),
  body: z.string().max(500_000, "The letter is too long.").optional(),
});

export async function saveSendAction(_previous: FormState, form: FormData): Promise<FormState> {
  const topics = form
    .getAll("topics")
    .map((t) => (typeof t === "string" ? t.trim() : ""))
    .filter(Boolean);
  return contentDesk(
    form,
    {
      schema: SaveSend,
      fields: ["id", "subject", "previewText", "body"],
      activity: "newsletter.update",
      echo: ["subject", "previewText", "body"],
      failed: "The letter could not be saved. Please try again.",
    },
    async (data) => {
      if (topics.length > 100 || topics.some((t) => !TOPIC.safeParse(t).success)) throw new FieldError({ topics: "Choose topics from the list." });
      const outcome = await saveSend(data.id, { subject: data.subject, previewText: data.previewText || null, topics, body: data.body });
      if (outcome === "missing") return { status: "error", title: "Not found", message: MISSING };
      if (outcome === "locked") return { status: "error", title: "Error", message: "This letter is already being sent: it can no longer be changed." };
      if (outcome === "empty") throw new FieldError({ body: "The letter is empty after removing unsafe markup." });
      revalidatePath(screenOf(data.id));
      return { status: "success", message: "Saved." };
    },
  );
}

export async function sendTestAction(_previous: FormState, form: FormData): Promise<FormState> {
  return contentDesk(
    form,
    { schema: z.object({ id: z.uuid() }), fields: ["id"], activity: "newsletter.test", failed: "The test could not be sent. Please try again." },
    async ({ id }, context) => {
      const send = await sendForTest(id);
      if (!send) return { status: "error", title: "Not found", message: MISSING };
      const letter = await previewLetter(send);
      const to = context.user!.email;
      await queueTestMail(id, to, { subject: send.subject, ...letter });
      return { status: "success", message: `A test was sent to ${to}.` };
    },
  );
}

/** Where a send is, as the sentence that says why a move was refused. */
const SEND_IS: Record<SendStatus, string> = {
  draft: "is a draft",
  scheduled: "is scheduled",
  sending: "is being sent",
  paused: "is paused",
  sent: "has been sent",
  cancelled: "was cancelled",
};
const MOVE_REFUSED: Record<SendMove, string> = {
  send: "it cannot be sent again",
  schedule: "it can no longer be scheduled",
  unschedule: "it has no schedule to cancel",
  pause: "there is nothing to pause",
  resume: "there is nothing to resume",
};
/** "This letter has been sent: there is nothing to pause." (null: no such send). */
function refusal(which: SendMove, status: SendStatus | null): string {
  return status ? `This letter ${SEND_IS[status]}: ${MOVE_REFUSED[which]}. Reload the page to see where it is.` : MISSING;
}

async function move(form: FormData, which: SendMove, done: string): Promise<FormState> {
  return handleForm({
    log: { failed: `newsletter: ${which} refused` },
    input: form,
    fields: ["id", "at"],
    schema: z.object({ id: z.uuid(), at: z.string().max(40).optional() }),
    roles: CONTENT_DESK.write,
    activity: { action: `newsletter.${which}` },
    answers: answers("That did not work. Please try again."),
    run: async ({ id, at }) => {
      let when: Date | undefined;
      if (which === "schedule") {
        when = at ? (fromSiteDateTimeInput(at) ?? undefined) : undefined;
        if (!when) throw new FieldError({ at: "Choose a date and time." });
        if (when.getTime() < Date.now() + 30_000) throw new FieldError({ at: "Choose a time in the future." });
      }
      const outcome = await moveSend(id, which, when);
      if (!outcome.moved) return { status: "error", title: "Not done", message: refusal(which, outcome.status) };
      revalidatePath(screenOf(id));
      revalidatePath(LIST);
      return { status: "success", message: done };
    },
  });
}

export const sendNowAction = async (_p: FormState, form: FormData) => move(form, "send", "Sending: copies go out in batches; progress shows below.");
export const scheduleAction = async (_p: FormState, form: FormData) => move(form, "schedule", "Scheduled.");
export const unscheduleAction = async (_p: FormState, form: FormData) => move(form, "unschedule", "Back to draft: nothing will be sent.");
export const pauseAction = async (_p: FormState, form: FormData) => move(form, "pause", "Paused: no more copies are sent until you resume.");
export const resumeAction = async (_p: FormState, form: FormData) => move(form, "resume", "Resumed: sending goes on where it stopped.");

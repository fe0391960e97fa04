"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { TEAM_DESK } from "@/lib/admin-tables/definition";
import type { FormState } from "@/lib/form-state";
import { dashboardHref } from "@/lib/routes";
import { CHAT_EVENTS, chatEventsInWords, eventField, WEBHOOK_EVENTS, WEBHOOK_KINDS } from "@/lib/webhooks";
import { addWebhookEndpoint, deleteWebhookEndpoint, resendWebhookDelivery, resumeWebhookEndpoint } from "./data/webhook-endpoints";
import { FieldError, deskActions } from "../kernel/forms/form-action";
import { log } from "../kernel/log";
import { checkWebhookUrl, refusedWebhookHost } from "../kernel/net/address";

const teamDesk = deskActions(TEAM_DESK.write);

// The Integrations screen's actions (docs/integrations.md), through the one form wrapper (ADR 0055):
// origin and role checked there and again in each data function, which writes the activity row in
// the change's transaction. The signing secret is in the answer to the add only, never in the trail.

const SCREEN = dashboardHref("integrations");
const done = (message: string, extra: Partial<FormState> = {}) => {
  revalidatePath(SCREEN);
  return { status: "success", message, ...extra } as const;
};

const EVENT_FIELDS = WEBHOOK_EVENTS.map(eventField);

const AddEndpoint = z.object({
  url: z.string().trim().min(1, "Enter the receiver's address, starting with https://.").max(2048, "The address is too long (2,048 characters at most)."),
  kind: z.enum(WEBHOOK_KINDS, { error: "Choose what kind of endpoint this is." }),
  // A ticked checkbox posts "on"; an unticked one posts nothing.
  ...Object.fromEntries(EVENT_FIELDS.map((name) => [name, z.literal("on").optional()])),
});

export async function addEndpointAction(_previous: FormState, form: FormData): Promise<FormState> {
  return teamDesk(
    form,
    {
      schema: AddEndpoint,
      fields: ["url", "kind", ...EVENT_FIELDS],
      activity: "webhook.add",
      echo: true,
      failed: "The endpoint could not be added. Please try again.",
    },
    async (data) => {
      const ticked = data as Record<string, unknown>;
      const events = WEBHOOK_EVENTS.filter((e) => ticked[eventField(e)] === "on");
      const url = checkWebhookUrl(data.url, data.kind);
      if ("message" in url) throw new FieldError({ url: url.message });
      const refusedHost = await refusedWebhookHost(url.url);
      if (refusedHost) throw new FieldError({ url: refusedHost });
      if (events.length === 0) throw new FieldError({ events: "Choose at least one event to send." });
      if (data.kind !== "standard" && events.some((e) => !CHAT_EVENTS.includes(e))) {
        throw new FieldError({
          events: `A Slack or Teams endpoint is sent a message for ${chatEventsInWords()} only.`,
        });
      }
      const made = await addWebhookEndpoint({ url: url.url, kind: data.kind, events });
      log("info", "integrations: endpoint added", { event: "webhook.endpoint-added", endpoint: made.id, kind: data.kind, events });
      return done("Endpoint added. Copy its signing secret now: it is not shown again.", {
        title: "Endpoint added",
        reveal: { label: "Signing secret", value: made.secret },
      });
    },
  );
}

const EndpointId = z.object({ id: z.uuid() });

export async function deleteEndpointAction(_previous: FormState, form: FormData): Promise<FormState> {
  return teamDesk(form, { schema: EndpointId, fields: ["id"], activity: "webhook.delete", failed: "The endpoint could not be deleted." }, async ({ id }) =>
    (await deleteWebhookEndpoint(id))
      ? done("Endpoint deleted: nothing more is sent to it.")
      : { status: "error", title: "Error", message: "This endpoint was already deleted." },
  );
}

export async function resumeEndpointAction(_previous: FormState, form: FormData): Promise<FormState> {
  return teamDesk(form, { schema: EndpointId, fields: ["id"], activity: "webhook.resume", failed: "The endpoint could not be resumed." }, async ({ id }) =>
    (await resumeWebhookEndpoint(id))
      ? done("Endpoint resumed: what waited for it is being sent.")
      : { status: "error", title: "Error", message: "This endpoint is already active, or was deleted." },
  );
}

export async function resendDeliveryAction(_previous: FormState, form: FormData): Promise<FormState> {
  return teamDesk(
    form,
    {
      schema: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
      fields: ["id"],
      activity: "webhook.resend",
      failed: "The delivery could not be queued again.",
    },
    async ({ id }) =>
      (await resendWebhookDelivery(id))
        ? done("Queued to be sent again, with the same webhook-id.")
        : { status: "error", title: "Error", message: "This delivery is still waiting to be sent, or is gone." },
  );
}

import "server-only";
import { deskRecordLinks, MARK_DONE } from "@/lib/routes";
import { SITE_TIME_ZONE } from "@/lib/site-time";
import type { Acknowledgement } from "../../leads/data/submissions";
import type { Attribution, Touch } from "../db/schema";
import { env } from "../env";
import { composeMail, type ComposedMail, type MailLink } from "./compose";
import { clientKey, mailboxKey } from "./mailbox";
import { siteConfig } from "../site-config";
import { callLength } from "@/content/company-facts";

/**
 * What a public form asked for: a free audit, a call (/book's "Ask for a call", stored as an audit
 * lead all the same), or a message. Decides only the words of the notification and acknowledgement.
 */
export type FormIntent = "audit" | "call" | "contact";

/**
 * The original's send-lead-notification: every field, the type and the attribution, then the record's
 * phone to call, the record itself, and the page whose one button marks it done.
 */
export function leadNotification(
  type: FormIntent,
  subject: string,
  fields: [label: string, value: string | null | undefined][],
  attribution: Attribution,
  record: { id: string; phone: string },
): ComposedMail {
  const touchLines = (label: string, t?: Touch) =>
    t
      ? [
          [`${label} source`, t.utm_source],
          [`${label} medium`, t.utm_medium],
          [`${label} campaign`, t.utm_campaign],
          [`${label} term`, t.utm_term],
          [`${label} content`, t.utm_content],
          [`${label} referrer`, t.referrer],
          [`${label} landing page`, t.landing_page],
        ].filter((pair): pair is [string, string] => Boolean(pair[1]))
      : [];
  const attributionLines: [string, string][] = [
    ...touchLines("First touch", attribution.first_touch),
    ...touchLines("Last touch", attribution.last_touch),
    ...(attribution.form_page ? [["Form page", attribution.form_page] as [string, string]] : []),
  ];
  const rows: [string, string][] = [["Type", type], ...fields.map(([k, v]) => [k, v ?? "(not given)"] as [string, string]), ...attributionLines];
  const table = type === "contact" ? "messages" : "leads";
  return composeMail({ subject, rows, links: deskLinks(table, record.id, record.phone) });
}

/** A desk record's three links: call the number, open the record, mark it done. */
export function deskLinks(
  table: "leads" | "messages",
  id: string,
  phone: string,
  openLabel = `Open the ${table === "leads" ? "lead" : "message"}`,
): MailLink[] {
  const site = siteConfig();
  const links = deskRecordLinks(table, id);
  return [
    { label: "Call", url: `tel:${phone.replace(/[^+\d]/g, "")}` },
    { label: openLabel, url: `${site.url}${links.open}` },
    { label: MARK_DONE[table].label, url: `${site.url}${links.mark}` },
  ];
}

const NEXT_STEPS: Record<FormIntent, (replyPromise: string) => string> = {
  audit: (replyPromise) =>
    `We will look at your website and marketing and send you 3 custom growth ideas ${replyPromise}. If there is a fit, we will also offer you a ${callLength} strategy call.`,
  call: (replyPromise) => `A growth strategist will call you ${replyPromise} to agree a time for a ${callLength} strategy call.`,
  contact: (replyPromise) => `One of our team will read your message and reply ${replyPromise}.`,
};

const FORM_NAMES: Record<FormIntent, string> = { audit: "Free growth audit", call: "Call request", contact: "Contact" };

const THANKS: Record<FormIntent, { intro: string; subject: string }> = {
  audit: { intro: "Thank you for requesting a free growth audit.", subject: "We received your growth audit request" },
  call: { intro: "Thank you for asking us to call you.", subject: "We received your call request" },
  contact: { intro: "Thank you for your message.", subject: "We received your message" },
};

const receivedDate = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: SITE_TIME_ZONE });

/**
 * The acknowledgement to the person who sent a form (ADR 0042): which form we received and when, the
 * package they chose from our list, what happens next, how to reach the agency; a reply goes to the
 * agency's address. Undefined when switched off (FORM_ACKNOWLEDGEMENT). Sent through the outbox with
 * the submission, at most once per mailbox a day and within the hourly limits.
 *
 * Nobody has shown that they own the address it goes to, so it is written in our own words only:
 * nothing a stranger typed (name, message, company, website, challenge, mobile) is repeated in a mail
 * that leaves from the agency's address, and the greeting names nobody. Otherwise anyone could
 * send "Your account is suspended, log in at …" to any inbox with the agency as its sender.
 */
export function acknowledgementMail(
  type: FormIntent,
  to: string,
  options: { package?: { service: string; package: string } | null; client?: string; receivedAt?: Date } = {},
): Acknowledgement | undefined {
  if (!env().FORM_ACKNOWLEDGEMENT) return undefined;
  const site = siteConfig();
  const next = NEXT_STEPS[type](site.replyPromise);
  // Our own words: the form's name, the date, and a package only as our catalogue names it (the schema
  // accepts only packages of src/content/services.ts).
  const received: [string, string][] = [
    ["Form", FORM_NAMES[type]],
    ["Received", receivedDate.format(options.receivedAt ?? new Date())],
    ...(options.package
      ? ([
          ["Service", options.package.service],
          ["Package", options.package.package],
        ] as [string, string][])
      : []),
  ];
  const contacts: [string, string][] = [
    ["E-mail", site.email],
    ["Phone", site.phone],
    ["Office", site.office],
    ["Hours", site.hours],
    ["Website", site.url],
  ];
  const body = composeMail({
    subject: `${THANKS[type].subject}: ${site.name}`,
    paragraphs: ["Hello,", THANKS[type].intro],
    sections: [
      { title: "What we received", rows: received },
      { title: "What happens next", paragraphs: [next] },
      { title: "To reach us", paragraphs: ["To add anything, reply to this e-mail, or:"], rows: contacts },
    ],
    footer: ["If you did not fill in a form on our website, someone gave your address by mistake: you can ignore this e-mail."],
  });
  return {
    mail: {
      kind: "acknowledgement",
      recipients: [to],
      ...body,
      replyTo: site.email,
    },
    mailbox: mailboxKey(to),
    client: options.client ? clientKey(options.client) : undefined,
  };
}

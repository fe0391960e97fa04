import "server-only";
import { deskRecordLinks, MARK_DONE } from "@/lib/routes";
import { SITE_TIME_ZONE } from "@/lib/site-time";
import type { Acknowledgement } from "../../leads/data/submissions";
import type { Attribution, Touch } from "../db/schema";
import { env } from "../env";
import { escapeHtml } from "./mail";
import { clientKey, mailboxKey } from "./mailbox";
import { siteConfig } from "../site-config";
import { callLength } from "@/content/company-facts";

/** The body of the original's send-lead-notification: every field, the type and the attribution. */
export function leadNotification(
  type: "audit" | "contact",
  fields: [label: string, value: string | null | undefined][],
  attribution: Attribution,
  record: { id: string; phone: string },
) {
  const site = siteConfig();
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
  const all: [string, string][] = [["Type", type], ...fields.map(([k, v]) => [k, v ?? "(not given)"] as [string, string]), ...attributionLines];
  // The record itself, its phone to call, and the page whose one button marks it done.
  const table = type === "audit" ? "leads" : "messages";
  const links = deskRecordLinks(table, record.id);
  const open = `${site.url}${links.open}`;
  const mark = `${site.url}${links.mark}`;
  const noun = type === "audit" ? "lead" : "message";
  const text = `${all.map(([k, v]) => `${k}: ${v}`).join("\n")}\n\nCall: ${record.phone}\nOpen the ${noun}: ${open}\n${MARK_DONE[table].label}: ${mark}\n`;
  const html = `<table cellpadding="6" style="border-collapse:collapse;font-family:sans-serif;font-size:14px">${all
    .map(([k, v]) => `<tr><th align="left" valign="top" style="color:#555">${escapeHtml(k)}</th><td style="white-space:pre-wrap">${escapeHtml(v)}</td></tr>`)
    .join("")}</table>${deskButtons(record.phone, open, mark, MARK_DONE[table].label, noun)}`;
  return { text, html };
}

/** A mail's row of three links: call the number, open the record, mark it done. */
export function deskButtons(phone: string, open: string, mark: string, markLabel: string, noun: string): string {
  const button = "display:inline-block;margin:0 8px 8px 0;padding:10px 14px;border-radius:8px;text-decoration:none;font-weight:bold";
  return `<p style="font-family:sans-serif;font-size:14px"><a href="tel:${escapeHtml(phone.replace(/[^+\d]/g, ""))}" style="${button};background:#eef;color:#225">Call ${escapeHtml(phone)}</a><a href="${escapeHtml(open)}" style="${button};background:#4b2bb8;color:#fff">Open the ${noun}</a><a href="${escapeHtml(mark)}" style="${button};background:#e7f6ec;color:#135">${escapeHtml(markLabel)}</a></p>`;
}

const NEXT_STEPS: Record<"audit" | "contact", (replyPromise: string) => string> = {
  audit: (replyPromise) =>
    `We will look at your website and marketing and send you 3 custom growth ideas ${replyPromise}. If there is a fit, we will also offer you a ${callLength} strategy call.`,
  contact: (replyPromise) => `One of our team will read your message and reply ${replyPromise}.`,
};

const FORM_NAMES: Record<"audit" | "contact", string> = { audit: "Free growth audit", contact: "Contact" };

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
  type: "audit" | "contact",
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
  const intro = type === "audit" ? "Thank you for requesting a free growth audit." : "Thank you for your message.";
  const notYou = `If you did not fill in a form on our website, someone gave your address by mistake: you can ignore this e-mail.`;
  const text = [
    "Hello,",
    "",
    intro,
    "",
    "What we received:",
    ...received.map(([k, v]) => `${k}: ${v}`),
    "",
    "What happens next:",
    next,
    "",
    `To add anything, reply to this e-mail. To reach us:`,
    ...contacts.map(([k, v]) => `${k}: ${v}`),
    "",
    notYou,
    "",
    site.name,
    "",
  ].join("\n");
  const rows = (pairs: [string, string][]) =>
    `<table cellpadding="6" style="border-collapse:collapse;font-family:sans-serif;font-size:14px">${pairs
      .map(([k, v]) => `<tr><th align="left" valign="top" style="color:#555">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
      .join("")}</table>`;
  const html = `<div style="font-family:sans-serif;font-size:15px"><p>Hello,</p><p>${escapeHtml(intro)}</p><h2 style="font-size:16px">What we received</h2>${rows(received)}<h2 style="font-size:16px">What happens next</h2><p>${escapeHtml(next)}</p><h2 style="font-size:16px">To reach us</h2><p>Reply to this e-mail, or:</p>${rows(contacts)}<p style="color:#555">${escapeHtml(notYou)}</p><p>${escapeHtml(site.name)}</p></div>`;
  return {
    mail: {
      kind: "acknowledgement",
      recipients: [to],
      subject: type === "audit" ? `We received your growth audit request: ${site.name}` : `We received your message: ${site.name}`,
      text,
      html,
      replyTo: site.email,
    },
    mailbox: mailboxKey(to),
    client: options.client ? clientKey(options.client) : undefined,
  };
}

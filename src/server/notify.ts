import "server-only";
import type { Attribution, Touch } from "./db/schema";
import { env } from "./env";
import { escapeHtml } from "./mail";
import { siteConfig } from "./site-config";

/** The body of the original's send-lead-notification: every field, the type and the attribution. */
export function leadNotification(
  type: "audit" | "contact",
  fields: [label: string, value: string | null | undefined][],
  attribution: Attribution,
  adminPath: string,
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
  const all: [string, string][] = [
    ["Type", type],
    ...fields.map(([k, v]) => [k, v ?? "(not given)"] as [string, string]),
    ...attributionLines,
  ];
  const link = `${site.url}${adminPath}`;
  const text = `${all.map(([k, v]) => `${k}: ${v}`).join("\n")}\n\nOpen in the dashboard: ${link}\n`;
  const html = `<table cellpadding="6" style="border-collapse:collapse;font-family:sans-serif;font-size:14px">${all
    .map(
      ([k, v]) =>
        `<tr><th align="left" valign="top" style="color:#555">${escapeHtml(k)}</th><td style="white-space:pre-wrap">${escapeHtml(v)}</td></tr>`,
    )
    .join("")}</table><p><a href="${escapeHtml(link)}">Open in the dashboard</a></p>`;
  return { text, html };
}

const NEXT_STEPS: Record<"audit" | "contact", (replyPromise: string) => string> = {
  audit: (replyPromise) =>
    `We will look at your website and marketing and send you 3 custom growth ideas ${replyPromise}. If there is a fit, we will also offer you a 15-minute strategy call.`,
  contact: (replyPromise) => `One of our team will read your message and reply ${replyPromise}.`,
};

/**
 * The acknowledgement to the person who sent a form (ADR 0042): what they sent, what happens next,
 * how to reach the agency; a reply goes to the agency's address. Undefined when switched off
 * (FORM_ACKNOWLEDGEMENT). Sent through the outbox with the submission, at most once per address a day.
 */
export function acknowledgementMail(
  type: "audit" | "contact",
  to: string,
  name: string,
  fields: [label: string, value: string | null | undefined][],
): { kind: string; recipients: string[]; subject: string; text: string; html: string; replyTo: string } | undefined {
  if (!env().FORM_ACKNOWLEDGEMENT) return undefined;
  const site = siteConfig();
  const sent = fields.filter((pair): pair is [string, string] => Boolean(pair[1]));
  const next = NEXT_STEPS[type](site.replyPromise);
  const contacts: [string, string][] = [
    ["E-mail", site.email],
    ["Phone", site.phone],
    ["Office", site.office],
    ["Hours", site.hours],
    ["Website", site.url],
  ];
  const intro = type === "audit" ? "Thank you for requesting a free growth audit." : "Thank you for your message.";
  const text = [
    `Hello ${name},`,
    "",
    intro,
    "",
    "What happens next:",
    next,
    "",
    "What you sent us:",
    ...sent.map(([k, v]) => `${k}: ${v}`),
    "",
    `To add anything, reply to this e-mail. To reach us:`,
    ...contacts.map(([k, v]) => `${k}: ${v}`),
    "",
    site.name,
    "",
  ].join("\n");
  const rows = (pairs: [string, string][]) =>
    `<table cellpadding="6" style="border-collapse:collapse;font-family:sans-serif;font-size:14px">${pairs
      .map(
        ([k, v]) =>
          `<tr><th align="left" valign="top" style="color:#555">${escapeHtml(k)}</th><td style="white-space:pre-wrap">${escapeHtml(v)}</td></tr>`,
      )
      .join("")}</table>`;
  const html = `<div style="font-family:sans-serif;font-size:15px"><p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(intro)}</p><h2 style="font-size:16px">What happens next</h2><p>${escapeHtml(next)}</p><h2 style="font-size:16px">What you sent us</h2>${rows(sent)}<h2 style="font-size:16px">To reach us</h2><p>Reply to this e-mail, or:</p>${rows(contacts)}<p>${escapeHtml(site.name)}</p></div>`;
  return {
    kind: "acknowledgement",
    recipients: [to],
    subject: type === "audit" ? `We received your growth audit request: ${site.name}` : `We received your message: ${site.name}`,
    text,
    html,
    replyTo: site.email,
  };
}

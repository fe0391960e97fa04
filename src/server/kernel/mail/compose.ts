import "server-only";
import { siteConfig } from "../site-config";

/**
 * Every transactional mail is written as a MailMessage and turned into its subject, HTML and plain
 * text here (docs/decisions/0090-one-mail-module.md). One layout for all of them: nested tables and
 * inline styles, which Outlook's Word engine and Gmail's stripped <style> both display; the system's
 * own fonts, so opening a mail fetches nothing; every piece of text escaped, so a name or a message
 * typed on a form can never become markup. The plain-text part is written from the same message, so
 * the two parts say the same words and carry the same links.
 */

/** A link a mail offers: an http(s) address, or a phone number or address to write to (tel:, mailto:). */
export interface MailLink {
  label: string;
  url: string;
}

/** A labelled value: "Name: Asha". */
export type MailRow = readonly [label: string, value: string];

/** A part of a mail under its own title (or none): its paragraphs, then its rows, then its links. */
export interface MailSection {
  title?: string;
  paragraphs?: readonly string[];
  rows?: readonly MailRow[];
  links?: readonly MailLink[];
}

export interface MailMessage {
  subject: string;
  heading?: string;
  paragraphs?: readonly string[];
  rows?: readonly MailRow[];
  links?: readonly MailLink[];
  sections?: readonly MailSection[];
  /** The one thing the mail asks the reader to do, as a button with its address written out below it. */
  button?: MailLink;
  /** Small print after the button: how long a link works, what to do if the mail was not expected. */
  footer?: readonly string[];
}

export interface ComposedMail {
  subject: string;
  html: string;
  text: string;
}

/** HTML escaping of text and attribute values: the one escaper of every mail we write. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

// A mail program shows whatever address a link holds: only these schemes are written into a mail, so
// a mistaken `javascript:` or relative address fails where the mail is written rather than in an inbox.
const LINK_SCHEMES = /^(https?:\/\/|tel:|mailto:)/i;

function checkedUrl(link: MailLink): string {
  if (!LINK_SCHEMES.test(link.url)) throw new Error(`mail link "${link.label}" is not an http(s), tel: or mailto: address`);
  return link.url;
}

/** What a reader reads or dials: a phone number or an address without its scheme. */
function readable(url: string): string {
  return url.replace(/^(tel|mailto):/i, "");
}

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, sans-serif";
const INK = "#1f2937";
const MUTED = "#6b7280";
const ACCENT = "#4338ca";

const TEXT_STYLE = `font-family:${FONT};font-size:15px;line-height:1.6;color:${INK}`;
const PARAGRAPH_STYLE = "margin:0 0 16px";

// Escaped, with the line breaks of the text (a message typed on a form) kept.
const lines = (value: string) => escapeHtml(value).replace(/\r?\n/g, "<br>");

function paragraphsHtml(paragraphs: readonly string[] = []): string {
  return paragraphs.map((p) => `<p style="${PARAGRAPH_STYLE}">${lines(p)}</p>`).join("");
}

function rowsHtml(rows: readonly MailRow[] = []): string {
  if (rows.length === 0) return "";
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:4px 16px 4px 0;font-family:${FONT};font-size:14px;font-weight:600;color:${MUTED};white-space:nowrap">${escapeHtml(label)}</th>` +
        `<td valign="top" style="padding:4px 0;font-family:${FONT};font-size:14px;color:${INK};white-space:pre-wrap;word-break:break-word">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 16px">${cells}</table>`;
}

/** A phone link's button shows the number too: people dial what they read. */
function linkLabel(link: MailLink): string {
  return /^tel:/i.test(link.url) ? `${link.label} ${readable(link.url)}` : link.label;
}

function linksHtml(links: readonly MailLink[] = []): string {
  if (links.length === 0) return "";
  const cells = links
    .map(
      (link) =>
        `<td style="padding:0 8px 8px 0"><a href="${escapeHtml(checkedUrl(link))}" style="display:inline-block;padding:8px 12px;border:1px solid #c7d2fe;border-radius:6px;background:#eef2ff;color:${ACCENT};font-family:${FONT};font-size:14px;font-weight:600;text-decoration:none">${escapeHtml(linkLabel(link))}</a></td>`,
    )
    .join("");
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 8px"><tr>${cells}</tr></table>`;
}

// The button is a table cell with its colour as bgcolor too: Outlook draws the cell, not the link's padding.
function buttonHtml(button: MailLink | undefined): string {
  if (!button) return "";
  const url = escapeHtml(checkedUrl(button));
  const written = /^https?:/i.test(button.url)
    ? `<p style="margin:0 0 16px;font-size:13px;color:${MUTED}">Or paste this address into your browser:<br><span style="word-break:break-all">${url}</span></p>`
    : "";
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px"><tr><td bgcolor="${ACCENT}" style="border-radius:6px;background:${ACCENT}">` +
    `<a href="${url}" style="display:inline-block;padding:12px 20px;border-radius:6px;color:#ffffff;font-family:${FONT};font-size:15px;font-weight:600;text-decoration:none">${escapeHtml(linkLabel(button))}</a>` +
    `</td></tr></table>${written}`
  );
}

function sectionHtml(section: MailSection): string {
  const title = section.title
    ? `<h2 style="margin:24px 0 8px;font-family:${FONT};font-size:16px;line-height:1.4;color:${INK}">${escapeHtml(section.title)}</h2>`
    : "";
  return `${title}${paragraphsHtml(section.paragraphs)}${rowsHtml(section.rows)}${linksHtml(section.links)}`;
}

function textSection(section: MailSection): string {
  const blocks = [
    ...(section.paragraphs ?? []),
    (section.rows ?? []).map(([label, value]) => `${label}: ${value}`).join("\n"),
    (section.links ?? []).map((link) => `${link.label}: ${readable(checkedUrl(link))}`).join("\n"),
  ].filter((block) => block !== "");
  return section.title ? `${section.title}:\n${blocks.join("\n\n")}` : blocks.join("\n\n");
}

/** A message as the mail that is sent: its subject, its HTML in the site's one layout, and its plain text. */
export function composeMail(message: MailMessage): ComposedMail {
  const site = siteConfig();
  const main: MailSection = { paragraphs: message.paragraphs, rows: message.rows, links: message.links };
  const sections = [main, ...(message.sections ?? [])];
  const heading = message.heading
    ? `<h1 style="margin:0 0 16px;font-family:${FONT};font-size:22px;line-height:1.3;color:${INK}">${escapeHtml(message.heading)}</h1>`
    : "";
  const footer = (message.footer ?? []).map((note) => `<p style="margin:0 0 8px;font-size:13px;color:${MUTED}">${lines(note)}</p>`).join("");
  const html =
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="x-apple-disable-message-reformatting"><title>${escapeHtml(message.subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f3f4f6">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f3f4f6" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px">` +
    `<tr><td style="padding:0 4px 12px;font-family:${FONT};font-size:15px;font-weight:700;color:${ACCENT}">${escapeHtml(site.name)}</td></tr>` +
    `<tr><td bgcolor="#ffffff" style="padding:28px;border-radius:8px;background:#ffffff;${TEXT_STYLE}">` +
    `${heading}${sections.map(sectionHtml).join("")}${buttonHtml(message.button)}${footer}` +
    `</td></tr>` +
    `<tr><td style="padding:12px 4px 0;font-family:${FONT};font-size:12px;color:${MUTED}">${escapeHtml(site.name)}</td></tr>` +
    `</table></td></tr></table></body></html>`;
  const text = [
    message.heading,
    ...sections.map(textSection),
    message.button ? `${message.button.label}: ${readable(checkedUrl(message.button))}` : "",
    ...(message.footer ?? []),
    site.name,
  ]
    .filter((part): part is string => Boolean(part))
    .join("\n\n");
  return { subject: message.subject, html, text: `${text}\n` };
}

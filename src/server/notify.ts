import "server-only";
import type { Attribution, Touch } from "./db/schema";
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

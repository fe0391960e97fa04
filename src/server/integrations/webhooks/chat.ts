import "server-only";
import { formatPaise } from "@/lib/proposals";

// A chat endpoint (Slack or Teams incoming webhook) gets a message a person reads, in its service's
// own format, for a new lead or contact message, and for a deal's two good moments: a proposal
// accepted and an invoice paid (docs/integrations.md). The text is the visitor's:
// each service's markup characters are escaped, and long text is cut.

type Data = Record<string, unknown>;

const text = (value: unknown, max = 300): string | null => {
  if (typeof value !== "string" || !value.trim()) return null;
  const flat = value.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

interface Summary {
  title: string;
  fallback: string;
  facts: [string, string][];
  link: string | null;
}

/** An amount in whole paise as the dashboard prints it; null for anything that is not one. */
const amount = (value: unknown): string | null => (typeof value === "number" && Number.isSafeInteger(value) ? formatPaise(value) : null);

function summarise(event: string, data: Data): Summary {
  const name = text(data.name, 120) ?? "Someone";
  const facts: [string, string][] = [];
  const add = (label: string, value: string | null) => value && facts.push([label, value]);
  if (event === "proposal.accepted") {
    const number = text(data.number, 40) ?? "A proposal";
    const label = typeof data.version === "number" && data.version > 1 ? `${number} v${data.version}` : number;
    const client = text(data.acceptedName, 120) ?? "the client";
    add("Proposal", label);
    add("Title", text(data.title, 200));
    add("Accepted by", client);
    add("Total (incl. GST)", amount(data.totalPaise));
    add("Of which monthly", data.monthlyTotalPaise ? amount(data.monthlyTotalPaise) : null);
    return { title: "Proposal accepted", fallback: `Proposal ${label} accepted by ${client}`, facts, link: text(data.dashboardUrl, 500) };
  }
  if (event === "invoice.paid") {
    const number = text(data.number, 40) ?? "An invoice";
    const paid = amount(data.totalPaise);
    add("Invoice", number);
    add("Amount", paid);
    return { title: "Invoice paid", fallback: `Invoice ${number} paid${paid ? `: ${paid}` : ""}`, facts, link: text(data.dashboardUrl, 500) };
  }
  if (event === "lead.created") {
    add("Name", name);
    add("Company website", text(data.websiteUrl, 200));
    add("Service", text(data.service, 120));
    add("Package", text(data.package, 120));
    add("Monthly revenue", text(data.monthlyRevenue, 60));
    add("Growth challenge", text(data.growthChallenge, 300));
    const service = [text(data.service, 120), text(data.package, 120)].filter(Boolean).join(": ");
    return {
      title: "New growth audit request",
      fallback: `New growth audit request from ${name}${service ? ` (${service})` : ""}`,
      facts,
      link: text(data.dashboardUrl, 500),
    };
  }
  add("Name", name);
  add("Company", text(data.company, 120));
  add("Message", text(data.message, 300));
  const company = text(data.company, 120);
  return {
    title: "New contact message",
    fallback: `New contact message from ${name}${company ? ` (${company})` : ""}`,
    facts,
    link: text(data.dashboardUrl, 500),
  };
}

/** Slack's mrkdwn treats &, < and > as markup (links, mentions): they are escaped as its documentation says. */
const slackEscape = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A Slack incoming webhook message: `text` for notifications and old clients, `blocks` for the layout. */
export function slackMessage(event: string, data: Data): Record<string, unknown> {
  const s = summarise(event, data);
  const blocks: Record<string, unknown>[] = [
    { type: "header", text: { type: "plain_text", text: s.title, emoji: false } },
    { type: "section", fields: s.facts.slice(0, 10).map(([label, value]) => ({ type: "mrkdwn", text: `*${label}*\n${slackEscape(value)}` })) },
  ];
  if (s.link) blocks.push({ type: "actions", elements: [{ type: "button", text: { type: "plain_text", text: "Open in the dashboard" }, url: s.link }] });
  return { text: slackEscape(s.fallback), blocks };
}

/** Teams renders a subset of Markdown in a card's text: its markup characters are escaped. */
const teamsEscape = (value: string) => value.replace(/([\\`*_{}[\]()#+\-.!<>|~])/g, "\\$1");

/** A Teams incoming webhook message: one Adaptive Card attachment. */
export function teamsMessage(event: string, data: Data): Record<string, unknown> {
  const s = summarise(event, data);
  return {
    type: "message",
    summary: s.fallback,
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body: [
            { type: "TextBlock", text: s.title, weight: "Bolder", size: "Medium", wrap: true },
            { type: "FactSet", facts: s.facts.map(([title, value]) => ({ title, value: teamsEscape(value) })) },
          ],
          actions: s.link ? [{ type: "Action.OpenUrl", title: "Open in the dashboard", url: s.link }] : [],
        },
      },
    ],
  };
}

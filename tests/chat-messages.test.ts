import { describe, expect, it } from "vitest";
import { slackMessage, teamsMessage } from "@/server/integrations/webhooks/chat";
import { CHAT_EVENTS, chatEventsInWords } from "@/lib/webhooks";

// The chat messages for a deal's two good moments, built from the events' own payloads (the fields
// src/server/kernel/events/events.ts names for proposals and invoices).

const link = "https://agency.example/admin/leads?edit=5b0c2d8e-8f43-4d5e-9a39-4d1c1f7d2a10";

type Card = { content: { body: { text?: string; facts?: { title: string; value: string }[] }[]; actions: { url: string }[] } };

describe("chat messages for proposals and invoices", () => {
  it("a Slack or Teams endpoint may be sent a proposal accepted and an invoice paid", () => {
    expect(CHAT_EVENTS).toEqual(expect.arrayContaining(["proposal.accepted", "invoice.paid"]));
    // The form's hint and its refusal say the same list, in words, from the one constant.
    expect(chatEventsInWords()).toBe("a new lead, a new contact message, a proposal accepted or an invoice paid");
  });

  it("a proposal accepted names the proposal, the client as they typed their name (escaped), and the total in rupees", () => {
    const data = {
      number: "P-2026-0007",
      version: 2,
      title: "SEO for <Acme>",
      acceptedName: "Meera <b>&</b> Rao",
      totalPaise: 11_800_000,
      monthlyTotalPaise: 5_900_000,
      dashboardUrl: link,
    };
    const slack = slackMessage("proposal.accepted", data) as {
      text: string;
      blocks: { type: string; fields?: { text: string }[]; elements?: { url: string }[] }[];
    };
    expect(slack.text).toBe("Proposal P-2026-0007 v2 accepted by Meera &lt;b&gt;&amp;&lt;/b&gt; Rao");
    const fields = slack.blocks[1]!.fields!.map((f) => f.text);
    expect(fields).toContain("*Total (incl. GST)*\n₹1,18,000.00");
    expect(fields).toContain("*Of which monthly*\n₹59,000.00");
    expect(fields).toContain("*Title*\nSEO for &lt;Acme&gt;");
    expect(slack.blocks[2]!.elements![0]!.url).toBe(link);

    const teams = (teamsMessage("proposal.accepted", data) as { summary: string; attachments: Card[] }).attachments[0]!;
    expect(teams.content.body[0]!.text).toBe("Proposal accepted");
    expect(teams.content.body[1]!.facts).toContainEqual({ title: "Accepted by", value: "Meera <b>&</b> Rao".replace(/([<>])/g, "\\$1") });
    expect(teams.content.actions[0]!.url).toBe(link);
  });

  it("an invoice paid names its number and amount; a payload without an amount still makes a message", () => {
    const slack = slackMessage("invoice.paid", { number: "INV/26-27/00012", totalPaise: 11_800_000, dashboardUrl: link }) as { text: string };
    expect(slack.text).toBe("Invoice INV/26-27/00012 paid: ₹1,18,000.00");
    const bare = slackMessage("invoice.paid", { number: "INV/26-27/00013", totalPaise: "lots" }) as { text: string; blocks: { type: string }[] };
    expect(bare.text).toBe("Invoice INV/26-27/00013 paid");
    expect(bare.blocks.map((b) => b.type)).toEqual(["header", "section"]);
  });
});

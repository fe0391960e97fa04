import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CHANNELS } from "@/lib/channels";
import { OverviewView } from "@/components/admin/overview-view";
import type { Overview } from "@/server/dashboard/data/overview";

// The Overview's states the end-to-end database cannot show (it always has leads): a period with no
// lead and no message says what will appear and how submissions arrive (docs/decisions/0072).

const weeks = ["2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"];

function overview(perWeek: Overview["perWeek"]): Overview {
  const channels = CHANNELS.map((channel) => ({
    channel,
    leads: perWeek.filter((r) => r.channel === channel).reduce((n, r) => n + r.leads, 0),
    messages: perWeek.filter((r) => r.channel === channel).reduce((n, r) => n + r.messages, 0),
  }));
  const total = channels.reduce((n, c) => n + c.leads, 0);
  return {
    weeks: 4,
    weekStarts: weeks,
    perWeek,
    channels,
    funnel: { total, messages: 0, byStatus: { new: total, contacted: 0, qualified: 0, won: 0, lost: 0 }, reached: { contacted: 0, qualified: 0, won: 0 } },
    revenue: [],
    landingPages: [],
    campaigns: [],
    firstContact: { medianSeconds: null, contacted: 0, waiting: total },
    newLeads: { lastSevenDays: total, sevenDaysBefore: 0 },
    newMessages: { lastSevenDays: 0, sevenDaysBefore: 0 },
    won: { count: 0, value: 0, paidPaise: 0 },
    pipeline: { open: [], wonByMonth: [] },
  };
}

const render = (o: Overview) => renderToStaticMarkup(createElement(OverviewView, { overview: o }));

describe("overview states", () => {
  it("an empty period: the key figures at zero, and what will appear and how to get it instead of empty charts", () => {
    const html = render(overview([]));
    expect(html).toContain('data-testid="overview-empty"');
    expect(html).toContain("No leads or messages in the last 4 weeks");
    expect(html).toContain("this screen shows each week&#x27;s leads and messages by channel");
    expect(html).toContain('href="/free-audit"');
    expect(html).toContain('href="/contact"');
    expect(html).toContain("utm_campaign");
    expect(html).toContain('href="/admin/leads?new=1"');
    expect(html).toContain('data-testid="overview-new-leads">0<');
    expect(html).not.toContain("Leads and messages per week, by channel");
    expect(html).not.toContain("Top landing pages");
  });

  it("with submissions: the chart and tables, no empty state; each channel's bar segment in its own colour", () => {
    const html = render(
      overview([
        { week: "2026-11-23", channel: "paid", leads: 2, messages: 0 },
        { week: "2026-11-23", channel: "social", leads: 1, messages: 1 },
      ]),
    );
    expect(html).not.toContain('data-testid="overview-empty"');
    expect(html).toContain("Leads and messages per week, by channel");
    expect(html).toContain("Top landing pages");
    const paid = /data-channel="paid"[^>]*style="[^"]*background:(#[0-9a-f]{6})/.exec(html)?.[1];
    const social = /data-channel="social"[^>]*style="[^"]*background:(#[0-9a-f]{6})/.exec(html)?.[1];
    expect(paid).toBeDefined();
    expect(social).toBeDefined();
    expect(paid).not.toBe(social);
  });
});

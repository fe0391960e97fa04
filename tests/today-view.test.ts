import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TodayView } from "@/components/admin/today-view";
import type { TodayWork } from "@/server/dashboard/data/today";

// Today's work with nothing to do (docs/decisions/0102): each list says what fills it, not a table of zeros.

const none = { items: [], total: 0 };
const work = (whose: TodayWork["whose"], unowned = { uncontacted: 0, replies: 0 }): TodayWork => ({
  whose,
  ownsWork: whose === "mine",
  today: "2026-11-24",
  due: none,
  calls: [],
  uncontacted: none,
  replies: none,
  noNextStep: none,
  unowned,
});
const render = (w: TodayWork, takesCalls = true) => renderToStaticMarkup(createElement(TodayView, { work: w, stages: [], takesCalls }));

describe("today's work, empty", () => {
  it("says what fills each list", () => {
    const html = render(work("all"));
    expect(html).toContain("Nothing is due. Set a next follow-up day on a lead");
    expect(html).toContain("No call is booked for today.");
    expect(html).toContain("Every new lead has been contacted.");
    expect(html).toContain("No message waits for a reply.");
    expect(html).toContain("Every open deal has a next follow-up day.");
    expect(html).not.toContain("<table");
  });

  it("nobody takes calls: the notice that leads to the Calls screen; mine: nobody's new work is one link away", () => {
    const html = render(work("mine", { uncontacted: 2, replies: 1 }), false);
    expect(html).toContain('data-testid="no-calls-notice"');
    expect(html).toContain("2 new leads have no owner yet");
    expect(html).toContain("1 unanswered message has no owner yet");
    expect(html).toContain('href="/admin/overview?whose=all"');
    expect(html).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/admin\/overview\?whose=mine"|<a[^>]*href="\/admin\/overview\?whose=mine"[^>]*aria-current="page"/,
    );
  });
});

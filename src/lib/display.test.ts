import { describe, expect, it } from "vitest";
import { getService } from "@/content/services";
import { anchorId, headlineMetricLabel, initials, metricLabel, packagePrice, splitJourneyStep } from "./display";

describe("metricLabel", () => {
  it.each([
    ["revenue_growth", "Revenue Growth"],
    ["monthly_revenue", "Monthly Revenue"],
    ["roas", "ROAS"],
    ["cac_reduction", "CAC Reduction"],
    ["aov_increase", "AOV Increase"],
    ["rto_reduction", "RTO Reduction"],
    ["Organic traffic", "Organic Traffic"],
  ])("%s -> %s", (key, label) => {
    expect(metricLabel(key)).toBe(label);
  });
});

describe("headlineMetricLabel (matches headlineMetric)", () => {
  it("prefers revenue growth, then monthly revenue", () => {
    expect(headlineMetricLabel({ revenue_growth: "300%", monthly_revenue: "₹2Cr" })).toBe("Revenue Growth");
    expect(headlineMetricLabel({ monthly_revenue: "₹2Cr" })).toBe("Monthly Revenue");
    // No figure, no label: the card shows neither rather than a phrase standing in for one.
    expect(headlineMetricLabel({ roas: "4x" })).toBeNull();
  });
});

describe("initials", () => {
  it.each([
    ["GemsMantra", "GM"],
    ["TechCorp", "TC"],
    ["AshrayLiving", "AL"],
    ["Arjun Mehta", "AM"],
    ["acme", "AC"],
    ["", ""],
  ])("%j -> %j", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe("splitJourneyStep", () => {
  it("splits a leading period label", () => {
    expect(splitJourneyStep("Month 1-2: Audited tracking.")).toEqual({ period: "Month 1-2", text: "Audited tracking." });
  });
  it("keeps a step without a label whole", () => {
    expect(splitJourneyStep("Launched the new site")).toEqual({ text: "Launched the new site" });
    expect(splitJourneyStep("Note this: a sentence with a colon much later in the text: ok").period).toBeUndefined();
  });
});

describe("packagePrice (from the numbers in the content module)", () => {
  it("monthly retainer with a share of ad spend", () => {
    const pkg = getService("paid-advertising")!.detail.packages[1]!;
    expect(packagePrice(pkg)).toEqual({ amount: "₹1,50,000", cadence: "/month", extras: ["+ 12% of monthly ad spend"] });
  });
  it("monthly fee with a setup fee", () => {
    const pkg = getService("whatsapp-automation")!.detail.packages[2]!;
    expect(packagePrice(pkg)).toEqual({ amount: "₹1,07,835", cadence: "/month", extras: ["+ ₹6,22,500 one-time setup"] });
  });
  it("project and one-time fees", () => {
    expect(packagePrice(getService("growth-consulting")!.detail.packages[1]!).amount).toBe("₹12,45,000");
    expect(packagePrice(getService("growth-consulting")!.detail.packages[1]!).cadence).toBe("per project");
    expect(packagePrice(getService("conversion-optimization")!.detail.packages[0]!).cadence).toBe("one-time");
  });
});

describe("anchorId", () => {
  it("makes stable fragment ids", () => {
    expect(anchorId("Changes to This Policy")).toBe("changes-to-this-policy");
    expect(anchorId("Service-Specific Terms")).toBe("service-specific-terms");
  });
});

import { describe, expect, it } from "vitest";
import { parsePercent, RESULT_CHART_MAX_BARS, resultBars, resultChartSummary } from "./result-chart";

describe("a percentage as entered", () => {
  it("reads signs, grouping and decimals", () => {
    expect(parsePercent("212%")).toEqual({ magnitude: 212, negative: false });
    expect(parsePercent("+54%")).toEqual({ magnitude: 54, negative: false });
    expect(parsePercent("-34%")).toEqual({ magnitude: 34, negative: true });
    expect(parsePercent("−46 %")).toEqual({ magnitude: 46, negative: true });
    expect(parsePercent("1,200%")).toEqual({ magnitude: 1200, negative: false });
    expect(parsePercent("2.5%")).toEqual({ magnitude: 2.5, negative: false });
  });

  it("leaves everything else out: multiples, amounts, words, zero", () => {
    for (const value of ["3.9x", "₹62L", "Significant growth", "", "%", "0%", "12", "1,20%", "50% more"]) expect(parsePercent(value), value).toBeNull();
  });
});

describe("a case study's result bars", () => {
  it("draws the study's own percentages, largest first, each with its value as entered", () => {
    const bars = resultBars({ revenue_growth: "212%", roas: "3.9x", repeat_rate: "27%", cac_reduction: "-34%" });
    expect(bars.map((b) => [b.label, b.value])).toEqual([
      ["Revenue Growth", "212%"],
      ["CAC Reduction", "-34%"],
      ["Repeat Rate", "27%"],
    ]);
    expect(bars[0]!.share).toBe(1);
    expect(bars[1]!.share).toBeCloseTo(34 / 212);
  });

  it("marks a reported fall, by its sign or by its name", () => {
    const bars = resultBars({ rto_reduction: "46%", conversion_rate: "+54%", cac: "-10%" });
    expect(Object.fromEntries(bars.map((b) => [b.key, b.decrease]))).toEqual({ conversion_rate: false, rto_reduction: true, cac: true });
  });

  it("has nothing to draw for a study without percentages: no bar is made up", () => {
    expect(resultBars({})).toEqual([]);
    expect(resultBars({ roas: "4.5x", monthly_revenue: "₹62L" })).toEqual([]);
  });

  it("draws at most five bars", () => {
    const metrics = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`metric_${i}`, `${(i + 1) * 10}%`]));
    const bars = resultBars(metrics);
    expect(bars).toHaveLength(RESULT_CHART_MAX_BARS);
    expect(bars[0]!.value).toBe("80%");
  });

  it("is named by what it shows", () => {
    expect(resultChartSummary(resultBars({ revenue_growth: "340%", roas: "5.2x", aov_increase: "+24%" }))).toBe(
      "Results: Revenue Growth 340%, AOV Increase +24%.",
    );
  });
});

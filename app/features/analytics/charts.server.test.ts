import { describe, expect, it } from "vitest";
import { barChart, lineChart, stackedBar } from "./charts.server";

describe("chart geometry", () => {
  it("draws one line per series across the plot, highest value at the top", () => {
    const chart = lineChart(
      ["2026-11-20", "2026-11-21", "2026-11-22"],
      [{ key: "visitors", label: "Visitors", values: [0, 5, 10] }],
    );
    const d = chart.series[0]!.d;
    expect(d.startsWith(`M${chart.plot.left},${chart.plot.bottom}`)).toBe(true);
    expect(d.endsWith(`${chart.plot.right},${chart.plot.top}`)).toBe(true);
    expect(chart.yTicks.map((t) => t.label)).toContain("10");
  });

  it("has a gridline at or above every value: no line runs above the top gridline", () => {
    for (let max = 1; max <= 120; max++) {
      const chart = lineChart(
        ["2026-11-20", "2026-11-21"],
        [{ key: "visitors", label: "Visitors", values: [0, max] }],
      );
      const top = Math.max(...chart.yTicks.map((tick) => Number(tick.label)));
      expect(top, `max ${max}`).toBeGreaterThanOrEqual(max);
      expect(Math.min(...chart.yTicks.map((tick) => tick.at))).toBeCloseTo(chart.plot.top);
    }
  });

  it("scales bars to the largest value", () => {
    const chart = barChart([
      { label: "Visitors", value: 4 },
      { label: "Leads", value: 1 },
    ]);
    expect(chart.bars.map((bar) => bar.share)).toEqual([1, 0.25]);
    expect(chart.bars.map((bar) => bar.label)).toEqual(["Visitors", "Leads"]);
  });

  it("lays a stacked bar's parts end to end across the width", () => {
    const bar = stackedBar([
      { key: "paid", value: 3 },
      { key: "held", value: 1 },
      { key: "left", value: 6 },
    ]);
    expect(bar.segments.map((s) => Math.round(s.x))).toEqual([0, 192, 256]);
    expect(bar.segments.reduce((sum, s) => sum + s.width, 0)).toBeCloseTo(bar.width);
  });
});

import { scaleLinear, scaleUtc } from "d3-scale";
import { line, stack } from "d3-shape";

/**
 * Chart geometry, worked out on the server with d3's scales and path generators: the page gets
 * plain numbers and path strings to draw as SVG, and no chart code goes to the browser. Sizes are
 * in viewBox units; the SVG stretches to its container, so the same chart fits a phone and paper.
 * Text is not drawn in the SVG (it would shrink with it on a phone): the page sets the labels in
 * HTML, placed at each tick's share of the width or height.
 */

export interface Tick {
  at: number;
  label: string;
}

export interface LineSeries {
  key: string;
  label: string;
  d: string;
}

export interface LineChartModel {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  series: LineSeries[];
  xTicks: Tick[];
  yTicks: Tick[];
}

const WIDTH = 640;
/** Room for the lines' strokes at the edges; the labels sit outside the drawing. */
const MARGIN = { top: 6, right: 4, bottom: 4, left: 4 };
/** Gridlines of a line chart; the scale is rounded to them, so the top one is above every value. */
const Y_TICKS = 4;

const shortDay = (date: Date) =>
  date.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** One line per series over consecutive days (YYYY-MM-DD). */
export function lineChart<K extends string>(
  days: readonly string[],
  series: readonly { key: K; label: string; values: readonly number[] }[],
  height = 220,
): LineChartModel {
  const dates = days.map((day) => new Date(`${day}T00:00:00.000Z`));
  const x = scaleUtc()
    .domain([dates[0] ?? new Date(0), dates.at(-1) ?? new Date(0)])
    .range([MARGIN.left, WIDTH - MARGIN.right]);
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const y = scaleLinear()
    .domain([0, max])
    .nice(Y_TICKS)
    .range([height - MARGIN.bottom, MARGIN.top]);
  const path = line<number>()
    .x((_value, i) => x(dates[i]!))
    .y((value) => y(value));
  return {
    width: WIDTH,
    height,
    plot: {
      left: MARGIN.left,
      right: WIDTH - MARGIN.right,
      top: MARGIN.top,
      bottom: height - MARGIN.bottom,
    },
    series: series.map((s) => ({ key: s.key, label: s.label, d: path([...s.values]) ?? "" })),
    xTicks: x.ticks(6).map((date) => ({ at: x(date), label: shortDay(date) })),
    yTicks: y
      .ticks(Y_TICKS)
      .filter(Number.isInteger)
      .map((value) => ({ at: y(value), label: String(value) })),
  };
}

export interface Bar {
  label: string;
  value: number;
  /** The bar's length as a share of the longest (0 to 1). */
  share: number;
}

export interface BarChartModel {
  bars: Bar[];
}

/** Horizontal bars, one per item, longest for the largest value. */
export function barChart(items: readonly { label: string; value: number }[]): BarChartModel {
  const x = scaleLinear()
    .domain([0, Math.max(1, ...items.map((item) => item.value))])
    .range([0, 1]);
  return {
    bars: items.map((item) => ({ label: item.label, value: item.value, share: x(item.value) })),
  };
}

export interface Segment<K extends string> {
  key: K;
  value: number;
  x: number;
  width: number;
}

/** One bar split into parts, laid end to end across the full width. */
export function stackedBar<K extends string>(
  parts: readonly { key: K; value: number }[],
): { width: number; height: number; segments: Segment<K>[] } {
  const keys = parts.map((p) => p.key);
  const total = parts.reduce((sum, p) => sum + p.value, 0);
  const x = scaleLinear()
    .domain([0, Math.max(1, total)])
    .range([0, WIDTH]);
  const row = Object.fromEntries(parts.map((p) => [p.key, p.value])) as Record<K, number>;
  const layers = stack<Record<K, number>, K>().keys(keys)([row]);
  return {
    width: WIDTH,
    height: 40,
    segments: layers.map((layer, i) => {
      const [start, end] = layer[0]!;
      return { key: keys[i]!, value: parts[i]!.value, x: x(start), width: x(end) - x(start) };
    }),
  };
}

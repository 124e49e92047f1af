import { Fragment, type ReactNode } from "react";
import type { BarChartModel, LineChartModel, Segment } from "./charts.server";
import { funnelText } from "./funnel.words";
import { cn } from "~/components/ui/cn";
import { DataTable, HeadedRow } from "~/components/ui/table";

/**
 * Server-rendered SVG charts: the geometry comes from the loader (d3 on the server), so these
 * components only draw. Each chart is an image with a one-line summary for screen readers, and
 * its numbers follow in a table ("The numbers"), which also prints.
 */

const SERIES_STYLE: Record<string, string> = {
  visitors: "stroke-slate-500",
  leads: "stroke-brand-600 [stroke-dasharray:6_4]",
  applications: "stroke-amber-600 [stroke-dasharray:2_3]",
  enrollments: "stroke-emerald-700",
};

function ChartFigure({
  summary,
  children,
  numbers,
}: {
  summary: string;
  children: ReactNode;
  numbers?: ReactNode;
}) {
  return (
    <figure className="break-inside-avoid">
      {children}
      <figcaption className="mt-2 text-sm text-slate-700">
        <p>{summary}</p>
        {numbers ? (
          <details className="mt-2">
            <summary className="cursor-pointer text-brand-700">{funnelText.charts.numbers}</summary>
            {numbers}
          </details>
        ) : null}
      </figcaption>
    </figure>
  );
}

interface Size {
  width: number;
  height: number;
}

/** The drawing of a chart, scaled to its box and announced as one image by its label. */
function ChartImage({
  size,
  label,
  className = "h-auto w-full",
  stretch = false,
  children,
}: {
  size: Size;
  label: string;
  className?: string;
  /** Fill the box's width and height (a line chart, its labels set apart in HTML). */
  stretch?: boolean;
  children: ReactNode;
}) {
  return (
    <svg
      viewBox={`0 0 ${size.width} ${size.height}`}
      preserveAspectRatio={stretch ? "none" : undefined}
      className={cn("block", className)}
      role="img"
      aria-label={label}
    >
      {children}
    </svg>
  );
}

const percent = (share: number) => `${(share * 100).toFixed(2)}%`;

/** Where a label under the chart sits: centered on its tick, kept inside at either end. */
const tickAlign = (share: number) =>
  share < 0.08 ? "" : share > 0.92 ? "-translate-x-full" : "-translate-x-1/2";

export function LineChart({
  model,
  summary,
  numbers,
}: {
  model: LineChartModel;
  summary: string;
  numbers: ReactNode;
}) {
  const { plot } = model;
  return (
    <ChartFigure summary={summary} numbers={numbers}>
      <ul className="mb-2 flex flex-wrap gap-4 text-sm text-slate-700" aria-hidden="true">
        {model.series.map((s) => (
          <li key={s.key} className="flex items-center gap-2">
            <svg width="24" height="8" viewBox="0 0 24 8">
              <line x1="0" x2="24" y1="4" y2="4" strokeWidth="3" className={SERIES_STYLE[s.key]} />
            </svg>
            {s.label}
          </li>
        ))}
      </ul>
      {/* The labels are HTML at the page's size (12 px on a phone too), beside the drawing. */}
      <div className="pb-6 pl-8">
        <div className="relative">
          <ChartImage size={model} label={summary} className="h-48 w-full" stretch>
            {model.yTicks.map((tick) => (
              <line
                key={`y${tick.label}`}
                x1={plot.left}
                x2={plot.right}
                y1={tick.at}
                y2={tick.at}
                vectorEffect="non-scaling-stroke"
                className="stroke-slate-200"
              />
            ))}
            {model.series.map((s) => (
              <path
                key={s.key}
                d={s.d}
                fill="none"
                strokeWidth="2.5"
                vectorEffect="non-scaling-stroke"
                className={cn(SERIES_STYLE[s.key])}
              />
            ))}
          </ChartImage>
          <div aria-hidden="true" className="text-xs leading-none text-slate-600">
            {model.yTicks.map((tick) => (
              <span
                key={`y${tick.label}`}
                className="absolute right-full mr-2 -translate-y-1/2"
                style={{ top: percent(tick.at / model.height) }}
              >
                {tick.label}
              </span>
            ))}
            {model.xTicks.map((tick, index) => (
              <span
                key={`x${tick.label}`}
                // Every other date on a phone, so they never run into each other.
                className={cn(
                  "absolute top-full mt-2 whitespace-nowrap",
                  tickAlign(tick.at / model.width),
                  index % 2 === 1 && "max-sm:hidden",
                )}
                style={{ left: percent(tick.at / model.width) }}
              >
                {tick.label}
              </span>
            ))}
          </div>
        </div>
      </div>
    </ChartFigure>
  );
}

/**
 * Horizontal bars with their label and value beside each, in HTML: the text keeps the page's
 * size on a phone. One image to screen readers, named by `summary`; the numbers follow as text.
 */
export function BarChart({
  model,
  summary,
  numbers,
}: {
  model: BarChartModel;
  summary: string;
  numbers?: ReactNode;
}) {
  return (
    <ChartFigure summary={summary} numbers={numbers}>
      <div
        role="img"
        aria-label={summary}
        className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] items-center gap-x-3 gap-y-2 text-sm"
      >
        {model.bars.map((bar) => (
          <Fragment key={bar.label}>
            <span className="truncate text-right text-slate-800" title={bar.label}>
              {bar.label}
            </span>
            <span className="flex items-center gap-2">
              <span
                className="h-6 shrink-0 rounded-sm bg-brand-600"
                style={{ width: `max(1px, calc((100% - 3.5rem) * ${bar.share.toFixed(4)}))` }}
              />
              <span className="font-semibold text-slate-900">{bar.value}</span>
            </span>
          </Fragment>
        ))}
      </div>
    </ChartFigure>
  );
}

const SEGMENT_STYLE: Record<string, string> = {
  paid: "fill-emerald-700",
  held: "fill-amber-500",
  offered: "fill-brand-600",
  emptied: "fill-slate-500",
  left: "fill-slate-200",
};

/** One bar in parts (the seats of a cohort), with the parts listed as text below it. */
export function StackedBar<K extends string>({
  model,
  labels,
  summary,
}: {
  model: { width: number; height: number; segments: Segment<K>[] };
  labels: Record<K, string>;
  summary: string;
}) {
  const text = `${summary} ${model.segments.map((s) => `${labels[s.key]} ${s.value}`).join(", ")}.`;
  return (
    <figure className="break-inside-avoid">
      <ChartImage size={model} label={text}>
        {model.segments.map((s) =>
          s.width > 0 ? (
            <rect
              key={s.key}
              x={s.x}
              y={0}
              width={s.width}
              height={model.height}
              className={SEGMENT_STYLE[s.key]}
            />
          ) : null,
        )}
      </ChartImage>
      <figcaption>
        <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          {model.segments.map((s) => (
            <div key={s.key} className="flex items-center gap-1">
              <dt className="flex items-center gap-1">
                <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
                  <rect width="12" height="12" className={SEGMENT_STYLE[s.key]} />
                </svg>
                {labels[s.key]}
              </dt>
              <dd className="font-semibold" data-testid={`seat-${s.key}`}>
                {s.value}
              </dd>
            </div>
          ))}
        </dl>
      </figcaption>
    </figure>
  );
}

/** A simple two-column table of labelled counts: the text alternative of a bar chart. */
export function CountTable({
  columns,
  label,
  rows,
}: {
  columns: readonly [string, string];
  label: string;
  rows: readonly { label: string; value: number | string }[];
}) {
  return (
    <DataTable columns={columns} label={label} frame="none">
      {rows.map((row) => (
        <HeadedRow key={row.label} header={row.label} cells={[row.value]} />
      ))}
    </DataTable>
  );
}

import type { ReactNode } from "react";
import type { BarChartModel, LineChartModel, Segment } from "~/analytics/charts.server";
import { funnelText } from "~/content/funnel";
import { cn } from "./ui/cn";
import { DataTable, HeadedRow } from "./ui/table";

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
function ChartImage({ size, label, children }: { size: Size; label: string; children: ReactNode }) {
  return (
    <svg
      viewBox={`0 0 ${size.width} ${size.height}`}
      className="h-auto w-full"
      role="img"
      aria-label={label}
    >
      {children}
    </svg>
  );
}

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
      <ChartImage size={model} label={summary}>
        {model.yTicks.map((tick) => (
          <g key={`y${tick.label}`}>
            <line
              x1={plot.left}
              x2={plot.right}
              y1={tick.at}
              y2={tick.at}
              className="stroke-slate-200"
            />
            <text
              x={plot.left - 6}
              y={tick.at}
              textAnchor="end"
              dominantBaseline="middle"
              className="fill-slate-600 text-[11px]"
            >
              {tick.label}
            </text>
          </g>
        ))}
        {model.xTicks.map((tick) => (
          <text
            key={`x${tick.label}`}
            x={tick.at}
            y={plot.bottom + 18}
            textAnchor="middle"
            className="fill-slate-600 text-[11px]"
          >
            {tick.label}
          </text>
        ))}
        {model.series.map((s) => (
          <path
            key={s.key}
            d={s.d}
            fill="none"
            strokeWidth="2.5"
            className={cn(SERIES_STYLE[s.key])}
          />
        ))}
      </ChartImage>
    </ChartFigure>
  );
}

/** Horizontal bars with their label and value beside each. */
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
      <ChartImage size={model} label={summary}>
        {model.bars.map((bar) => (
          <g key={bar.label}>
            <text
              x={model.labelWidth - 8}
              y={bar.y + model.barHeight / 2}
              textAnchor="end"
              dominantBaseline="middle"
              className="fill-slate-800 text-[13px]"
            >
              {bar.label.length > 24 ? `${bar.label.slice(0, 23)}…` : bar.label}
            </text>
            <rect
              x={model.labelWidth}
              y={bar.y}
              width={Math.max(bar.width, 1)}
              height={model.barHeight}
              rx="3"
              className="fill-brand-600"
            />
            <text
              x={model.labelWidth + bar.width + 6}
              y={bar.y + model.barHeight / 2}
              dominantBaseline="middle"
              className="fill-slate-900 text-[13px] font-semibold"
            >
              {bar.value}
            </text>
          </g>
        ))}
      </ChartImage>
    </ChartFigure>
  );
}

const SEGMENT_STYLE: Record<string, string> = {
  paid: "fill-emerald-700",
  held: "fill-amber-500",
  offered: "fill-brand-600",
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
  rows,
}: {
  columns: readonly [string, string];
  rows: readonly { label: string; value: number | string }[];
}) {
  return (
    <DataTable columns={columns} frame="none">
      {rows.map((row) => (
        <HeadedRow key={row.label} header={row.label} cells={[row.value]} />
      ))}
    </DataTable>
  );
}

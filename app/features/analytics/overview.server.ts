import type { DB } from "~/db/database.server";
import { sourceWords } from "~/content/console-words";
import { funnelText } from "./funnel.words";
import { addDays } from "~/lib/calendar-date";
import { FUNNEL_STEPS, funnelTotal, type FunnelRow } from "./funnel";
import { barChart, lineChart, stackedBar } from "./charts.server";
import { dailyCounts, funnelReport } from "./funnel.server";
import type { SeatFigures } from "~/features/enrollment/seats";
import { countConfirmedOffers } from "~/features/outcomes/offer-count.server";

const c = funnelText.charts;
const TOP_SOURCES = 5;
/** The seats' parts in the bar's order; `left` is the free seats. */
const SEAT_PARTS = ["paid", "offered", "emptied", "held", "left"] as const;

/**
 * The dashboard's pictures for the last 30 days and the current cohort: the daily counts, the
 * funnel, the seats and the top sources, each as chart geometry with the numbers behind it.
 */
export async function overviewCharts(db: DB, now: Date, seats: SeatFigures) {
  const to = now.toISOString().slice(0, 10);
  const from = addDays(to, -29);
  const [days, rows, confirmedOffers] = await Promise.all([
    dailyCounts(db, from, to),
    funnelReport(db, { from, to, group: "source" }),
    countConfirmedOffers(db),
  ]);
  const total: FunnelRow = funnelTotal(rows, funnelText.total);
  const series = (["visitors", "leads", "applications", "enrollments"] as const).map((key) => ({
    key,
    label: c.series[key],
    values: days.map((d) => d[key]),
  }));
  const sum = (key: (typeof series)[number]["key"]) => days.reduce((n, d) => n + d[key], 0);
  const steps = FUNNEL_STEPS.map((step) => ({ label: funnelText.steps[step], value: total[step] }));
  const sources = rows
    .filter((row) => row.visitors > 0)
    .slice(0, TOP_SOURCES)
    .map((row) => ({ label: sourceWords(row.group), value: row.visitors }));
  return {
    from,
    to,
    days,
    daily: {
      model: lineChart(
        days.map((d) => d.day),
        series,
      ),
      summary: c.dailySummary(
        days.length,
        sum("visitors"),
        sum("leads"),
        sum("applications"),
        sum("enrollments"),
      ),
    },
    funnel: {
      model: barChart(steps),
      steps,
      summary: c.funnelSummary(total.visitors, total.leads, total.paid),
      confirmedOffers,
    },
    seats: {
      model: stackedBar(
        SEAT_PARTS.map((key) => ({ key, value: key === "left" ? seats.free : seats[key] })),
      ),
      summary: c.seatsSummary(seats.capacity),
    },
    sources: { model: barChart(sources), sources },
  };
}

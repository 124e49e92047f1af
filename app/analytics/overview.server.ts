import type { DB } from "~/db/database.server";
import { sourceWords } from "~/content/console-words";
import { funnelText } from "~/content/funnel";
import { addDays, FUNNEL_STEPS, funnelTotal, type FunnelRow } from "~/domain/funnel";
import { barChart, lineChart, stackedBar } from "./charts.server";
import { dailyCounts, funnelReport } from "./funnel.server";
import { takesSeat } from "~/enrollment/seats.server";

const c = funnelText.charts;
const TOP_SOURCES = 5;

export interface SeatCounts {
  paid: number;
  held: number;
  offered: number;
  left: number;
}

/** Seats of the cohort by state: paid, held in checkout, offered from the queue, left. */
export async function seatCounts(
  db: DB,
  cohort: { id: string; enrolledCount: number; seatsLeft: number },
  heldSeats: number,
  nowIso: string,
): Promise<SeatCounts> {
  const offers = await db
    .selectFrom("seat_holds")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("cohort_id", "=", cohort.id)
    .where("kind", "=", "offer")
    .where(takesSeat(nowIso))
    .executeTakeFirstOrThrow();
  const offered = Number(offers.n);
  return {
    paid: cohort.enrolledCount,
    held: heldSeats - offered,
    offered,
    left: cohort.seatsLeft,
  };
}

/**
 * The dashboard's pictures for the last 30 days and the current cohort: the daily counts, the
 * funnel, the seats and the top sources, each as chart geometry with the numbers behind it.
 */
export async function overviewCharts(db: DB, now: Date, seats: SeatCounts) {
  const to = now.toISOString().slice(0, 10);
  const from = addDays(to, -29);
  const [days, rows] = await Promise.all([
    dailyCounts(db, from, to),
    funnelReport(db, { from, to, group: "source" }),
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
    },
    seats: {
      model: stackedBar(
        (["paid", "held", "offered", "left"] as const).map((key) => ({ key, value: seats[key] })),
      ),
      summary: c.seatsSummary(seats.paid + seats.held + seats.offered + seats.left),
    },
    sources: { model: barChart(sources), sources },
  };
}

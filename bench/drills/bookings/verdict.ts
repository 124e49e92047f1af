import { sql } from "kysely";
import type { DB } from "../../../app/db/database.server";
import { programmeWeekAt } from "../../../app/features/bookings/slots";
import { sleep } from "../../lib/server";

/** Live bookings that overlap another of the same mentor, and students with two in one week. */
export async function violations(db: DB) {
  const { rows: overlaps } = await sql<{ n: number | string }>`
    select count(*) as n from bookings a join bookings b
      on a.mentor_id = b.mentor_id and a.id < b.id
    where a.status = 'booked' and b.status = 'booked'
      and a.starts_at < b.ends_at and b.starts_at < a.ends_at`.execute(db);
  const { rows: twice } = await sql<{ n: number | string }>`
    select count(*) as n from (select person_id from bookings
      where status = 'booked' and kind = 'one_on_one'
      group by person_id, cohort_id, week having count(*) > 1) as w`.execute(db);
  return { overlaps: Number(overlaps[0]?.n ?? 0), twice: Number(twice[0]?.n ?? 0) };
}

/** Sampled while the students book (every `everyMs`): what must never be true, even for a moment. */
export async function sampleViolations(db: DB, running: () => boolean, everyMs: number) {
  const seen = { samples: 0, worstOverlaps: 0, worstTwice: 0 };
  while (running()) {
    const now = await violations(db);
    seen.samples += 1;
    seen.worstOverlaps = Math.max(seen.worstOverlaps, now.overlaps);
    seen.worstTwice = Math.max(seen.worstTwice, now.twice);
    await sleep(everyMs);
  }
  return seen;
}

interface LiveBooking {
  person_id: string;
  mentor_id: string;
  week: number | string;
  starts_at: string;
}

/**
 * The live 1-on-1s against the cohort: each in the week its instant falls in (not only its stored
 * week), with the student's assigned mentor, and no student twice in a week by instant.
 */
export async function weekVerdict(
  db: DB,
  live: readonly LiveBooking[],
  assigned: Map<string, string>,
  siteZone: string,
) {
  const cohort = await db
    .selectFrom("cohorts")
    .select("start_date")
    .where("is_current", "=", 1)
    .executeTakeFirstOrThrow();
  const weeksOf = new Set<string>();
  const verdict = { wrongWeek: 0, wrongMentor: 0, sameWeekByInstant: 0 };
  for (const b of live) {
    const week = programmeWeekAt(cohort.start_date, new Date(b.starts_at), siteZone);
    if (week !== Number(b.week)) verdict.wrongWeek += 1;
    if (assigned.get(b.person_id) !== b.mentor_id) verdict.wrongMentor += 1;
    const key = `${b.person_id}:${week}`;
    if (weeksOf.has(key)) verdict.sameWeekByInstant += 1;
    weeksOf.add(key);
  }
  return verdict;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

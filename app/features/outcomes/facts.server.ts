import { recordAudit } from "~/features/accounts/audit.server";
import type { DB } from "~/db/database.server";
import {
  DEFAULT_OUTCOME_SETTINGS,
  type OfferFact,
  type OutcomeSettings,
  type StudentFacts,
} from "./outcomes";
import { dateInZone } from "~/lib/time-zone";
import type { Services } from "~/context";
import { PAID_SEAT } from "~/features/enrollment/seat-queries.server";

/**
 * What the outcomes report and the funnel read about students (issue 36): their seats, and what
 * the programme's record says about each (attendance, 1-on-1s held, assignments submitted,
 * interviews, confirmed offers, job seeking, the end survey). Read only: the features that write these rows live elsewhere.
 */

const SETTINGS_ID = "programme";
/** Ids per `in (...)` list, well under every engine's limit on bound values. */
const CHUNK = 500;

/** The owner's graduation minimums, or the defaults (4, 4 and 0) before the first save. */
export async function outcomeSettings(db: DB): Promise<OutcomeSettings> {
  const row = await db
    .selectFrom("outcome_settings")
    .select(["min_group_sessions", "min_one_on_ones", "min_assignments"])
    .where("id", "=", SETTINGS_ID)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_OUTCOME_SETTINGS };
  return {
    minGroupSessions: Number(row.min_group_sessions),
    minOneOnOnes: Number(row.min_one_on_ones),
    minAssignments: Number(row.min_assignments),
  };
}

/** Saves the minimums (the row is created on the first save) and audits who changed them. */
export async function saveOutcomeSettings(
  services: Services,
  actor: string,
  settings: OutcomeSettings,
): Promise<void> {
  const now = services.clock.now();
  const values = {
    min_group_sessions: settings.minGroupSessions,
    min_one_on_ones: settings.minOneOnOnes,
    min_assignments: settings.minAssignments,
    updated_at: now.toISOString(),
  };
  await services.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("outcome_settings")
      .values({ id: SETTINGS_ID, ...values })
      .onConflict((oc) => oc.column("id").doUpdateSet(values))
      .execute();
    await recordAudit(trx, actor, "outcomes.settings", { ...settings }, now);
  });
}

/** Whose facts to read: every seat, the seats of some cohorts, or the seats of some people. */
export type FactsScope = { all: true } | { cohortIds: readonly string[] } | { personIds: string[] };

async function inChunks<T>(
  ids: readonly string[] | null,
  read: (chunk: string[] | null) => Promise<T[]>,
): Promise<T[]> {
  if (ids === null) return read(null);
  const rows: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) rows.push(...(await read(ids.slice(i, i + CHUNK))));
  return rows;
}

const seatKey = (personId: string, cohortId: string) => `${personId}\u0000${cohortId}`;

/**
 * One StudentFacts per paid (or since refunded) seat in scope; a person with two seats in one
 * cohort (refunded, then paid again) counts once, by the paid one. Refunds and offers are dated
 * in `timeZone` (the site's).
 */
export async function outcomeFacts(
  db: DB,
  timeZone: string,
  scope: FactsScope,
): Promise<StudentFacts[]> {
  const cohortIds = "cohortIds" in scope ? scope.cohortIds : null;
  const scopeIds = "personIds" in scope ? scope.personIds : cohortIds;
  const byPerson = "personIds" in scope;
  const seatRows = await inChunks(scopeIds, (chunk) => {
    let query = db
      .selectFrom("payments as pay")
      .innerJoin("cohorts as c", "c.id", "pay.cohort_id")
      .select([
        "pay.person_id",
        "pay.cohort_id",
        "pay.mentor_id",
        "pay.status",
        "pay.refunded_at",
        "pay.created_at",
        "c.start_date",
      ])
      .where("pay.status", "in", [PAID_SEAT, "refunded"])
      .where("pay.person_id", "is not", null);
    if (chunk) query = query.where(byPerson ? "pay.person_id" : "pay.cohort_id", "in", chunk);
    return query.orderBy("pay.created_at").execute();
  });
  const seats = new Map<string, StudentFacts>();
  for (const row of seatRows) {
    const key = seatKey(row.person_id!, row.cohort_id);
    const known = seats.get(key);
    if (known && known.withdrawnOn === null) continue;
    seats.set(key, {
      personId: row.person_id!,
      cohortId: row.cohort_id,
      mentorId: row.mentor_id,
      startDate: row.start_date,
      withdrawnOn:
        row.status === "refunded"
          ? dateInZone(new Date(row.refunded_at ?? row.created_at), timeZone)
          : null,
      groupSessionsAttended: 0,
      oneOnOnesHeld: 0,
      assignmentsSubmitted: 0,
      notJobSeekingOn: null,
      interviews: 0,
      offers: [],
      surveyScore: null,
    });
  }
  if (seats.size === 0) return [];
  const seatOf = (personId: string, cohortId: string) => seats.get(seatKey(personId, cohortId));
  // The record's rows are read for the same scope: by person, or by cohort (all: every row).
  const people = [...new Set([...seats.values()].map((seat) => seat.personId))];
  const recordIds = byPerson ? people : cohortIds;
  const column = byPerson ? "person_id" : "cohort_id";

  const [attended, held, submitted, interviews, offers, surveys, profiles] = await Promise.all([
    inChunks(recordIds, (chunk) => {
      let query = db
        .selectFrom("attendance as a")
        .innerJoin("group_sessions as s", "s.id", "a.session_id")
        .select(["a.person_id", "s.cohort_id", (eb) => eb.fn.countAll<number>().as("n")])
        .where("a.status", "=", "attended")
        .groupBy(["a.person_id", "s.cohort_id"]);
      if (chunk) query = query.where(byPerson ? "a.person_id" : "s.cohort_id", "in", chunk);
      return query.execute();
    }),
    inChunks(recordIds, (chunk) => {
      let query = db
        .selectFrom("bookings")
        .select(["person_id", "cohort_id", (eb) => eb.fn.countAll<number>().as("n")])
        .where("kind", "=", "one_on_one")
        .where("status", "=", "booked")
        .where("outcome", "=", "held")
        .groupBy(["person_id", "cohort_id"]);
      if (chunk) query = query.where(column, "in", chunk);
      return query.execute();
    }),
    inChunks(recordIds, (chunk) => {
      let query = db
        .selectFrom("coursework_submissions")
        .select([
          "person_id",
          "cohort_id",
          (eb) => eb.fn.count<number>("assignment_id").distinct().as("n"),
        ])
        .groupBy(["person_id", "cohort_id"]);
      if (chunk) query = query.where(column, "in", chunk);
      return query.execute();
    }),
    inChunks(recordIds, (chunk) => {
      let query = db
        .selectFrom("interviews")
        .select(["person_id", "cohort_id", (eb) => eb.fn.countAll<number>().as("n")])
        .groupBy(["person_id", "cohort_id"]);
      if (chunk) query = query.where(column, "in", chunk);
      return query.execute();
    }),
    inChunks(recordIds, (chunk) => {
      let query = db
        .selectFrom("offers")
        .select(["person_id", "cohort_id", "track", "reported_at"])
        .where("confirmed_at", "is not", null);
      if (chunk) query = query.where(column, "in", chunk);
      return query.execute();
    }),
    inChunks(recordIds, (chunk) => {
      let query = db
        .selectFrom("surveys")
        .select(["person_id", "cohort_id", "score"])
        .where("score", "is not", null);
      if (chunk) query = query.where(column, "in", chunk);
      return query.execute();
    }),
    inChunks(people, (chunk) =>
      db
        .selectFrom("student_profiles")
        .select(["person_id", "not_job_seeking_at"])
        .where("person_id", "in", chunk!)
        .where("job_seeking", "=", 0)
        .execute(),
    ),
  ]);
  for (const row of attended) {
    const seat = seatOf(row.person_id, row.cohort_id);
    if (seat) seat.groupSessionsAttended = Number(row.n);
  }
  for (const row of held) {
    const seat = seatOf(row.person_id, row.cohort_id);
    if (seat) seat.oneOnOnesHeld = Number(row.n);
  }
  for (const row of submitted) {
    const seat = seatOf(row.person_id, row.cohort_id);
    if (seat) seat.assignmentsSubmitted = Number(row.n);
  }
  for (const row of interviews) {
    const seat = seatOf(row.person_id, row.cohort_id);
    if (seat) seat.interviews = Number(row.n);
  }
  for (const row of offers) {
    const seat = seatOf(row.person_id, row.cohort_id);
    const offer: OfferFact = {
      track: row.track,
      on: dateInZone(new Date(row.reported_at), timeZone),
    };
    if (seat) seat.offers = [...seat.offers, offer];
  }
  for (const row of surveys) {
    const seat = seatOf(row.person_id, row.cohort_id);
    if (seat) seat.surveyScore = Number(row.score);
  }
  // The day each student declared they are not job seeking (a declaration without its moment
  // cannot be shown to be in time, so it excludes nobody).
  const declared = new Map(
    profiles.flatMap((row) =>
      row.not_job_seeking_at
        ? [[row.person_id, dateInZone(new Date(row.not_job_seeking_at), timeZone)] as const]
        : [],
    ),
  );
  const facts = [...seats.values()];
  for (const seat of facts) seat.notJobSeekingOn = declared.get(seat.personId) ?? null;
  return facts;
}

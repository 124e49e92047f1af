import type { DB } from "~/db/database.server";
import {
  outcomesBy,
  outcomesCsv,
  readCohortChoice,
  type OutcomeFigures,
  type OutcomeSettings,
} from "./outcomes";
import { outcomeFacts, outcomeSettings } from "./facts.server";

/**
 * The outcomes report (issue 36, item 4): per cohort and per mentor, every figure of
 * app/features/outcomes/outcomes.ts, read from the programme's record; and its CSV, one line per cohort.
 */

export interface CohortOutcomes {
  id: string;
  startDate: string | null;
  figures: OutcomeFigures;
}

export interface MentorOutcomes {
  /** Null: the students who have no mentor yet. */
  id: string | null;
  name: string | null;
  figures: OutcomeFigures;
}

export interface OutcomesReport {
  settings: OutcomeSettings;
  cohorts: CohortOutcomes[];
  mentors: MentorOutcomes[];
}

/** Newest start first; cohorts without a date last, newest created first. */
async function cohortsInOrder(db: DB, ids?: readonly string[]) {
  let query = db.selectFrom("cohorts").select(["id", "start_date", "created_at"]);
  if (ids) query = query.where("id", "in", ids);
  const rows = await query.execute();
  return rows.sort(
    (a, b) =>
      (b.start_date ?? "").localeCompare(a.start_date ?? "") ||
      b.created_at.localeCompare(a.created_at),
  );
}

const NO_MENTOR = "";

/** Every cohort (those without students too) and every mentor with students, their figures. */
export async function outcomesReport(db: DB, timeZone: string): Promise<OutcomesReport> {
  const [settings, cohorts, facts] = await Promise.all([
    outcomeSettings(db),
    cohortsInOrder(db),
    outcomeFacts(db, timeZone, { all: true }),
  ]);
  const byCohort = outcomesBy(
    facts,
    (student) => student.cohortId,
    settings,
    cohorts.map((cohort) => cohort.id),
  );
  const mentorIds = [...new Set(facts.map((student) => student.mentorId ?? NO_MENTOR))];
  const named = mentorIds.filter((id) => id !== NO_MENTOR);
  const mentorRows = named.length
    ? await db.selectFrom("mentors").select(["id", "name"]).where("id", "in", named).execute()
    : [];
  const nameOf = new Map(mentorRows.map((mentor) => [mentor.id, mentor.name]));
  const byMentor = outcomesBy(facts, (student) => student.mentorId ?? NO_MENTOR, settings);
  const mentors = [...byMentor]
    .map(([id, figures]) => ({
      id: id === NO_MENTOR ? null : id,
      name: id === NO_MENTOR ? null : (nameOf.get(id) ?? id),
      figures,
    }))
    .sort((a, b) =>
      a.name === null ? 1 : b.name === null ? -1 : a.name.localeCompare(b.name) || 0,
    );
  return {
    settings,
    cohorts: cohorts.map((cohort) => ({
      id: cohort.id,
      startDate: cohort.start_date,
      figures: byCohort.get(cohort.id)!,
    })),
    mentors,
  };
}

export type OutcomesCsvAnswer =
  | { kind: "csv"; body: string; filename: string }
  | { kind: "bad_param" }
  | { kind: "unknown"; id: string };

/**
 * The CSV for `?cohort=<id>|all` (missing: all): one line per cohort, the cohort named by its id
 * (the id the parameter takes), newest first.
 */
export async function outcomesCsvFor(
  db: DB,
  timeZone: string,
  param: string | null,
): Promise<OutcomesCsvAnswer> {
  const choice = readCohortChoice(param);
  if (choice.kind === "bad") return { kind: "bad_param" };
  const cohorts = await cohortsInOrder(db, choice.kind === "one" ? [choice.id] : undefined);
  if (choice.kind === "one" && cohorts.length === 0) return { kind: "unknown", id: choice.id };
  const ids = cohorts.map((cohort) => cohort.id);
  const [settings, facts] = await Promise.all([
    outcomeSettings(db),
    outcomeFacts(db, timeZone, choice.kind === "one" ? { cohortIds: ids } : { all: true }),
  ]);
  const byCohort = outcomesBy(facts, (student) => student.cohortId, settings, ids);
  const body = outcomesCsv(ids.map((id) => ({ cohort: id, figures: byCohort.get(id)! })));
  const filename = choice.kind === "one" ? `outcomes-${choice.id}.csv` : "outcomes-all.csv";
  return { kind: "csv", body, filename };
}

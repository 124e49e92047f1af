import type { Db } from "~/db/database.server";
import { cohortWeekContent, parseJsonColumn, programWeekResources } from "~/db/json-columns.server";
import { openedWeeks, type AssignmentContent, type WeekContent } from "./coursework";
import { DEFAULT_WEEKS } from "./default-weeks";

/**
 * The program's weeks (issue 48, decision 0067): the owner's current material and assignments,
 * and what each cohort was given. A week a cohort has opened is frozen for that cohort the first
 * time anyone reads it, and before any owner's edit of it (program-edit.server.ts), so the owner's
 * edits reach the current and future weeks only.
 */

/**
 * Writes the shipped six weeks into an empty program, once: several instances may do it at the
 * same moment, and a row that exists is never overwritten.
 */
export async function ensureProgram(db: Db, now: Date): Promise<void> {
  const rows = await db.selectFrom("program_weeks").select("week").execute();
  if (rows.length >= DEFAULT_WEEKS.length) return;
  const at = now.toISOString();
  for (const week of DEFAULT_WEEKS) {
    await db
      .insertInto("program_weeks")
      .values({
        week: week.week,
        title: week.title,
        material: week.material,
        video_url: week.videoUrl,
        resources: JSON.stringify(week.resources),
        updated_at: at,
      })
      .onConflict((oc) => oc.column("week").doNothing())
      .execute();
    for (const [position, assignment] of week.assignments.entries()) {
      await db
        .insertInto("assignments")
        .values({
          id: assignment.id,
          week: week.week,
          position,
          title: assignment.title,
          instructions: assignment.instructions,
          due_day: assignment.dueDay,
          kind: assignment.kind,
          archived_at: null,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    }
  }
}

/** The program as the owner has it now: every week with its live assignments in order. */
export async function currentProgram(db: Db, now: Date): Promise<WeekContent[]> {
  await ensureProgram(db, now);
  const [weeks, assignments] = await Promise.all([
    db.selectFrom("program_weeks").selectAll().orderBy("week").execute(),
    db
      .selectFrom("assignments")
      .selectAll()
      .where("archived_at", "is", null)
      .orderBy("week")
      .orderBy("position")
      .orderBy("created_at")
      .execute(),
  ]);
  return weeks.map((w) => ({
    week: w.week,
    title: w.title,
    material: w.material,
    videoUrl: w.video_url,
    resources: parseJsonColumn(programWeekResources, w.resources),
    assignments: assignments
      .filter((a) => a.week === w.week)
      .map((a): AssignmentContent => ({
        id: a.id,
        title: a.title,
        instructions: a.instructions,
        dueDay: a.due_day,
        kind: a.kind,
      })),
  }));
}

/**
 * A cohort's weeks: those it has opened as they were frozen for it (freezing any not frozen yet),
 * the others as the owner has them now, each marked open or not.
 */
export async function cohortProgram(
  db: Db,
  cohort: { id: string; startDate: string | null },
  now: Date,
  siteZone: string,
): Promise<(WeekContent & { open: boolean })[]> {
  const current = await currentProgram(db, now);
  const opened = new Set(openedWeeks(cohort.startDate, now, siteZone));
  if (opened.size === 0) return current.map((week) => ({ ...week, open: false }));
  const frozen = async () =>
    new Map(
      (
        await db
          .selectFrom("cohort_weeks")
          .select(["week", "content"])
          .where("cohort_id", "=", cohort.id)
          .execute()
      ).map((row) => [row.week, parseJsonColumn(cohortWeekContent, row.content)]),
    );
  let given = await frozen();
  const missing = current.filter((week) => opened.has(week.week) && !given.has(week.week));
  if (missing.length > 0) {
    for (const week of missing)
      await db
        .insertInto("cohort_weeks")
        .values({
          cohort_id: cohort.id,
          week: week.week,
          content: JSON.stringify(week),
          taken_at: now.toISOString(),
        })
        .onConflict((oc) => oc.columns(["cohort_id", "week"]).doNothing())
        .execute();
    // Another request may have frozen a week first: what it wrote is what the cohort got.
    given = await frozen();
  }
  return current.map((week) => {
    const kept = opened.has(week.week) ? given.get(week.week) : undefined;
    return { ...(kept ?? week), open: opened.has(week.week) };
  });
}

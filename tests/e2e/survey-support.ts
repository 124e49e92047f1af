import { randomUUID } from "node:crypto";
import type { Browser } from "@playwright/test";
import { sendSurveys } from "../../app/features/surveys/surveys.server";
import { e2ePort } from "./env";
import { assignMentor, createMentor, payingStudent } from "./mentor-support";
import { releaseAllHolds, setCohort, uniqueEmail, withDb } from "./support";

/** The Monday (YYYY-MM-DD) `weeks` weeks before this week's Monday. */
function mondayWeeksAgo(weeks: number): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7) - 7 * weeks);
  return day.toISOString().slice(0, 10);
}

/**
 * A student whose cohort's six weeks have ended: they pay for the current cohort through the
 * site, with a mentor; their seat then moves to a cohort that started seven weeks ago (its week 6
 * ended last Monday, within the survey's 14 days), and the `surveys` job's work runs once against
 * the server's database, so the survey and its email are there as the job leaves them.
 */
export async function surveyedStudent(browser: Browser, prefix: string) {
  await releaseAllHolds();
  await setCohort({
    capacity: 10,
    enrolled_count: 0,
    is_active: 1,
    start_date: mondayWeeksAgo(-1),
  });
  const mentorEmail = uniqueEmail(`${prefix}-mentor`);
  const mentorName = `Sam Survey ${Math.floor(Math.random() * 1e6)}`;
  await createMentor(mentorEmail, mentorName);
  const email = uniqueEmail(prefix);
  const personId = await payingStudent(browser, email);
  await assignMentor(email, mentorEmail);
  const cohortId = randomUUID();
  await withDb(async (db) => {
    const now = new Date().toISOString();
    await db
      .insertInto("cohorts")
      .values({
        id: cohortId,
        start_date: mondayWeeksAgo(7),
        capacity: 10,
        enrolled_count: 1,
        is_active: 0,
        is_current: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .updateTable("payments")
      .set({ cohort_id: cohortId })
      .where("person_id", "=", personId)
      .execute();
    await db
      .updateTable("seat_holds")
      .set({ cohort_id: cohortId })
      .where("person_id", "=", personId)
      .execute();
    // The seat left the current cohort: its count goes down with it.
    await db
      .updateTable("cohorts")
      .set((eb) => ({ enrolled_count: eb("enrolled_count", "-", 1) }))
      .where("is_current", "=", 1)
      .where("enrolled_count", ">", 0)
      .execute();
    await sendSurveys({
      db,
      clock: { now: () => new Date() },
      config: { publicUrl: `http://localhost:${e2ePort}`, siteTimeZone: "America/New_York" },
    } as unknown as Parameters<typeof sendSurveys>[0]);
  });
  return { email, personId, cohortId, mentorName };
}

import { describe, expect, it } from "vitest";
import { seatScenario } from "../../../tests/support/cohort";
import { testEngines } from "../../../tests/support/databases";
import { DEFAULT_WEEKS } from "./default-weeks";
import { cohortProgram, currentProgram, ensureProgram } from "./program.server";

/**
 * The program's weeks (issue 48, item 1): a new site has all six on day one, written once however
 * many instances read at the same moment; a cohort keeps each week as it was when it opened.
 */
describe.each(testEngines())("the program's weeks on $name", (engine) => {
  const s = seatScenario(engine);
  const db = () => s.db();

  it("ships six complete weeks, written once even by readers racing", async () => {
    const now = s.clock.now();
    await Promise.all([
      ensureProgram(db(), now),
      ensureProgram(db(), now),
      currentProgram(db(), now),
    ]);
    const program = await currentProgram(db(), now);
    expect(program.map((week) => week.week)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(program).toEqual(DEFAULT_WEEKS);
    for (const week of program) {
      expect(week.material.length).toBeGreaterThan(100);
      expect(week.assignments.length).toBeGreaterThan(0);
    }
    const assignments = await db().selectFrom("assignments").select("id").execute();
    expect(assignments).toHaveLength(DEFAULT_WEEKS.flatMap((w) => w.assignments).length);
  });

  it("keeps an edit away from a week the cohort has opened, and shows it in weeks still to come", async () => {
    // The cohort started Monday 16 November 2026; the clock is Sunday 22 November: week 1 is open.
    const cohortId = await s.cohortId();
    await db()
      .updateTable("cohorts")
      .set({ start_date: "2026-11-16" })
      .where("id", "=", cohortId)
      .execute();
    const cohort = { id: cohortId, startDate: "2026-11-16" };
    const zone = "America/New_York";
    const before = await cohortProgram(db(), cohort, s.clock.now(), zone);
    expect(before.map((week) => week.open)).toEqual([true, false, false, false, false, false]);

    await db().updateTable("program_weeks").set({ title: "Edited" }).execute();
    await db()
      .updateTable("assignments")
      .set({ archived_at: s.clock.now().toISOString() })
      .where("week", "=", 1)
      .execute();
    const after = await cohortProgram(db(), cohort, s.clock.now(), zone);
    expect(after[0]!.title).toBe(DEFAULT_WEEKS[0]!.title);
    expect(after[0]!.assignments).toEqual(DEFAULT_WEEKS[0]!.assignments);
    expect(after[1]!.title).toBe("Edited");

    // Week 2 opens at midnight in New York on Monday 23 November (05:00 UTC): it freezes as edited.
    s.clock.set(new Date("2026-11-23T04:59:00Z"));
    expect((await cohortProgram(db(), cohort, s.clock.now(), zone))[1]!.open).toBe(false);
    s.clock.set(new Date("2026-11-23T05:00:00Z"));
    const week2 = await cohortProgram(db(), cohort, s.clock.now(), zone);
    expect(week2[1]).toMatchObject({ open: true, title: "Edited" });
    await db().updateTable("program_weeks").set({ title: "Edited again" }).execute();
    expect((await cohortProgram(db(), cohort, s.clock.now(), zone))[1]!.title).toBe("Edited");
    const frozen = await db()
      .selectFrom("cohort_weeks")
      .select("week")
      .where("cohort_id", "=", cohortId)
      .execute();
    expect(frozen.map((row) => row.week).sort()).toEqual([1, 2]);
  });
});

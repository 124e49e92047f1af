import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { seatScenario } from "../../../tests/support/cohort";
import { testEngines } from "../../../tests/support/databases";
import { notJobSeekingAt } from "./not-job-seeking-at.server";

describe.each(testEngines())("the not-job-seeking-at migration on $name", (engine) => {
  const s = seatScenario(engine);

  it("dates a declaration already stored by the profile's last save, and nobody else's", async () => {
    const db = s.db();
    const declared = await s.person("declared@example.com");
    const seeking = await s.person("seeking@example.com");
    await db
      .insertInto("student_profiles")
      .values([
        { person_id: declared, updated_at: "2027-01-20T10:00:00.000Z", job_seeking: 0 },
        { person_id: seeking, updated_at: "2027-01-21T10:00:00.000Z", job_seeking: 1 },
      ])
      .execute();
    // As the database was before the migration: no column yet.
    await sql`alter table student_profiles drop column not_job_seeking_at`.execute(db);
    await notJobSeekingAt.up(db as never);
    const rows = await db
      .selectFrom("student_profiles")
      .select(["person_id", "not_job_seeking_at"])
      .orderBy("updated_at")
      .execute();
    expect(rows).toEqual([
      { person_id: declared, not_job_seeking_at: "2027-01-20T10:00:00.000Z" },
      { person_id: seeking, not_job_seeking_at: null },
    ]);
  });
});

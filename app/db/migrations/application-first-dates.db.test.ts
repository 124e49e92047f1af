import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { seatScenario } from "../../../tests/support/cohort";
import { testEngines } from "../../../tests/support/databases";
import type { Stage } from "~/features/job-search/stages";
import { applicationFirstDates } from "./application-first-dates.server";

describe.each(testEngines())("the application-first-dates migration on $name", (engine) => {
  const s = seatScenario(engine);

  it("dates each stored application's first Applied, Interview and Offer from its moves", async () => {
    const db = s.db();
    const personId = await s.person("ada@example.com");
    const histories: Record<string, [string, Stage][]> = {
      wished: [["2026-11-01T10:00:00.000Z", "wishlist"]],
      // Two rounds of interviews: the first dates it; moves stored in any order.
      offered: [
        ["2026-11-09T10:00:00.000Z", "interview"],
        ["2026-11-02T10:00:00.000Z", "wishlist"],
        ["2026-11-03T10:00:00.000Z", "applied"],
        ["2026-11-05T10:00:00.000Z", "interview"],
        ["2026-11-12T10:00:00.000Z", "offer"],
      ],
      referred: [["2026-11-04T10:00:00.000Z", "interview"]],
    };
    for (const [id, moves] of Object.entries(histories)) {
      await db
        .insertInto("job_applications")
        .values({
          id,
          person_id: personId,
          firm: id,
          role: "Analyst",
          source: "posting",
          created_at: "2026-11-01T10:00:00.000Z",
          updated_at: "2026-11-01T10:00:00.000Z",
        })
        .execute();
      await db
        .insertInto("job_application_moves")
        .values(
          moves.map(([at, to], k) => ({
            id: `${id}-${k}`,
            application_id: id,
            at,
            to_stage: to,
            by_role: "student",
            by_id: personId,
            is_current: k === moves.length - 1 ? 1 : 0,
          })),
        )
        .execute();
    }
    // As the database was before the migration: no columns yet.
    for (const column of ["first_applied_at", "first_interview_at", "first_offer_at"])
      await sql`alter table job_applications drop column ${sql.ref(column)}`.execute(db);
    await applicationFirstDates.up(db as never);
    const rows = await db
      .selectFrom("job_applications")
      .select(["id", "first_applied_at", "first_interview_at", "first_offer_at"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      {
        id: "offered",
        first_applied_at: "2026-11-03T10:00:00.000Z",
        first_interview_at: "2026-11-05T10:00:00.000Z",
        first_offer_at: "2026-11-12T10:00:00.000Z",
      },
      {
        id: "referred",
        first_applied_at: null,
        first_interview_at: "2026-11-04T10:00:00.000Z",
        first_offer_at: null,
      },
      { id: "wished", first_applied_at: null, first_interview_at: null, first_offer_at: null },
    ]);
  });
});

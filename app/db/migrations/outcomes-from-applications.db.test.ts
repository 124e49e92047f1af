import { describe, expect, it } from "vitest";
import { seatScenario } from "../../../tests/support/cohort";
import { testEngines } from "../../../tests/support/databases";
import { applicationFields } from "../../../tests/support/job-search";
import { insertApplication } from "~/features/job-search/job-search.server";
import { linkReported } from "./outcomes-from-applications.server";

describe.each(testEngines())("the outcomes-from-applications migration on $name", (engine) => {
  const s = seatScenario(engine);

  /** Interviews and offers as /portal/interviews wrote them before: no application. */
  async function seedOldRows(ada: string, bo: string, cohortId: string) {
    const interview = (id: string, person: string, firm: string, role: string, day: string) => {
      // Reported on the 2nd, 5th, 3rd, 4th of January.
      const at = `2027-01-0${"2534"["i2 i1 i3 i4".split(" ").indexOf(id)]}T10:00:00.000Z`;
      const row = { id, person_id: person, cohort_id: cohortId, firm, role, interview_date: day };
      return { ...row, created_at: at, updated_at: at };
    };
    await s
      .db()
      .insertInto("interviews")
      .values([
        // Reported second but the earlier day: round 1.
        interview("i2", ada, " acme capital ", "ANALYST", "2027-01-10"),
        interview("i1", ada, "Acme Capital", "Analyst", "2027-01-20"),
        interview("i3", ada, "Beta Bank", "Analyst", "2027-01-15"),
        interview("i4", bo, "Delta", "Associate", "2027-02-01"),
      ] as never)
      .execute();
    const offer = {
      cohort_id: cohortId,
      kind: "internship",
      start_date: "2027-06-01",
      compensation: "$90k",
      confirmed_at: null,
      confirmed_by: null,
      confirmed_by_id: null,
    };
    await s
      .db()
      .insertInto("offers")
      .values([
        {
          ...offer,
          id: "o1",
          person_id: ada,
          firm: "ACME Capital",
          role: "analyst",
          track: "Banking",
          // Reported before the last interview's report: the move still comes after it.
          reported_at: "2027-01-01T09:00:00.000Z",
          confirmed_at: "2027-01-09T09:00:00.000Z",
          confirmed_by: "mentor",
          confirmed_by_id: "m1",
        },
        {
          ...offer,
          id: "o2",
          person_id: ada,
          firm: "Gamma",
          role: "Analyst",
          track: "other",
          reported_at: "2027-01-08T09:00:00.000Z",
        },
      ] as never)
      .execute();
  }

  const history = (applicationId: string) =>
    s
      .db()
      .selectFrom("job_application_moves")
      .select(["id", "at", "from_stage", "to_stage", "round", "is_current"])
      .where("application_id", "=", applicationId)
      .orderBy("at")
      .orderBy("is_current")
      .execute();

  it("makes every reported interview and offer a move of an application, losing nothing", async () => {
    const db = s.db();
    const cohortId = await s.cohortId();
    const ada = await s.person("ada@example.com");
    const bo = await s.person("bo@example.com");
    // Bo already tracks the Delta application (applied): the interview joins its history.
    const delta = await insertApplication(
      db,
      bo,
      { ...applicationFields("Delta"), role: "Associate" },
      [{ at: "2027-01-02T00:00:00.000Z", from: null, to: "applied", round: null, note: null }],
      "2027-01-02T00:00:00.000Z",
    );
    await seedOldRows(ada, bo, cohortId);
    const before = {
      interviews: await db.selectFrom("interviews").selectAll().orderBy("id").execute(),
      offers: await db.selectFrom("offers").selectAll().orderBy("id").execute(),
    };

    await linkReported(db as never);
    // Run again: nothing left to link, nothing changes.
    await linkReported(db as never);

    const interviews = await db.selectFrom("interviews").selectAll().orderBy("id").execute();
    const offers = await db.selectFrom("offers").selectAll().orderBy("id").execute();
    const unlinked = ({ application_id: _a, move_id: _m, ...row }: Record<string, unknown>) => row;
    expect(interviews.map(unlinked)).toEqual(before.interviews.map(unlinked));
    expect(offers.map(unlinked)).toEqual(before.offers.map(unlinked));
    expect(offers.find((o) => o.id === "o1")).toMatchObject({
      confirmed_at: "2027-01-09T09:00:00.000Z",
      confirmed_by: "mentor",
      compensation: "$90k",
    });
    for (const row of [...interviews, ...offers]) {
      expect(row.application_id).toBeTruthy();
      expect(row.move_id).toBeTruthy();
    }

    const apps = await db
      .selectFrom("job_applications")
      .selectAll()
      .orderBy("person_id")
      .orderBy("firm")
      .execute();
    expect(apps.filter((a) => a.person_id === ada).map((a) => [a.firm, a.source, a.track])).toEqual(
      [
        // The firm and role as first written (the earliest interview day).
        [" acme capital ", "other", "Banking"],
        ["Beta Bank", "other", null],
        ["Gamma", "other", null],
      ],
    );
    expect(apps.filter((a) => a.person_id === bo).map((a) => a.id)).toEqual([delta]);

    const byId = new Map([...interviews, ...offers].map((row) => [row.id, row]));
    const acme = byId.get("i1")!.application_id;
    expect([byId.get("i2")!.application_id, byId.get("o1")!.application_id]).toEqual([acme, acme]);
    const acmeHistory = await history(acme);
    expect(acmeHistory.map((m) => [m.from_stage, m.to_stage, m.round, m.is_current])).toEqual([
      [null, "interview", 1, 0],
      ["interview", "interview", 2, 0],
      ["interview", "offer", null, 1],
    ]);
    expect(acmeHistory.map((m) => m.id)).toEqual([
      byId.get("i2")!.move_id,
      byId.get("i1")!.move_id,
      byId.get("o1")!.move_id,
    ]);
    expect(acmeHistory.map((m) => m.at)).toEqual([
      "2027-01-02T10:00:00.000Z",
      "2027-01-05T10:00:00.000Z",
      "2027-01-05T10:00:00.000Z",
    ]);
    expect(
      (await history(byId.get("o2")!.application_id)).map((m) => [m.from_stage, m.to_stage]),
    ).toEqual([[null, "offer"]]);
    expect((await history(delta)).map((m) => [m.from_stage, m.to_stage, m.is_current])).toEqual([
      [null, "applied", 0],
      ["applied", "interview", 1],
    ]);
    const current = await db
      .selectFrom("job_application_moves")
      .select(["application_id", (eb) => eb.fn.sum<number>("is_current").as("n")])
      .groupBy("application_id")
      .execute();
    expect(current.map((row) => Number(row.n))).toEqual([1, 1, 1, 1]);
  });
});

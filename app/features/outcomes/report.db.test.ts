import { describe, expect, it } from "vitest";
import { seatFixtures, setCurrentCohort } from "../../../tests/support/cohort";
import { testEngines } from "../../../tests/support/databases";
import {
  writeProgrammeRecord,
  planSessions,
  type ProgrammeRecord,
} from "../../../tests/support/outcomes";
import { useOwnerConsole } from "../../../tests/support/owner-console";
import { insertMentor } from "../../../tests/support/portal";
import { getCohort } from "~/features/cohort/cohort.server";
import { refundEnrollment } from "~/features/enrollment/refunds.server";
import { OUTCOMES_CSV_HEADER } from "./outcomes";
import {
  action as outcomesAction,
  loader as outcomesLoader,
} from "~/features/outcomes/routes/outcomes";
import { loader as outcomesCsvLoader } from "~/features/outcomes/routes/outcomes-csv";
import type { OutcomesReport } from "./report.server";

/**
 * Issue 36's "Done when": a cohort of 10 seeded through the app's own payments and refunds, and
 * its programme record as rows. The cohort starts Monday 2026-12-07; its last full-refund day is
 * Sunday 2026-12-20; it ends Sunday 2027-01-17. Mentor Ada takes the first five seats (the only
 * active mentor then), mentor Bo the next five.
 *
 *  s1  Ada  leaves in week 1 (refunded Wed 2026-12-09)
 *  s2  Ada  leaves in week 3 (refunded Wed 2026-12-23), attended 2, held 2
 *  s3  Ada  attends enough (6/6), not job seeking, declared on the census day (Sun 2026-12-20)
 *  s4  Ada  attends enough (5/4), 2 interviews, confirmed Banking offer reported 2027-01-20, NPS 10
 *  s5  Ada  attends enough (4/4), an unconfirmed Consulting offer
 *  s6  Bo   attends enough (6/5), 1 interview, confirmed Wealth Management offer 2027-02-15, NPS 9
 *  s7  Bo   attends enough (4/6), confirmed "Other" offer 2027-03-01
 *  s8  Bo   attends enough (6/6), NPS 7; declared not job seeking after the census day
 *           (2027-02-01, no offer having come), so still counted for placement
 *  s9  Bo   attended 3, held 4 (not enough), 1 interview, confirmed Capital Markets 2027-01-10
 *  s10 Bo   attended 5, held 2 (not enough), NPS 3
 */
describe.each(testEngines())("the outcomes report on $name", (engine) => {
  const owner = useOwnerConsole(engine);
  const services = () => owner.t.services;
  const db = () => services().db;

  async function seedCohortOfTen() {
    await setCurrentCohort(db(), { capacity: 10, enrolled_count: 0, start_date: "2026-12-07" });
    const cohortId = (await getCohort(db(), owner.clock.now())).id;
    await planSessions(db(), cohortId, "2026-12-07", owner.clock.now());
    const { person, pay } = seatFixtures(services, owner.clock);
    const ada = await insertMentor(db(), "ada.mentor@example.com", "Ada Mentor", 5);
    const ids: string[] = [];
    for (let n = 1; n <= 10; n++) {
      if (n === 6) await insertMentor(db(), "bo.mentor@example.com", "Bo Mentor", 5);
      const email = `s${n}@example.com`;
      const id = await person(email);
      expect((await pay(id, email)).kind).toBe("enrolled");
      ids.push(id);
    }
    const mentorOf = async (personId: string) =>
      (
        await db()
          .selectFrom("payments")
          .select("mentor_id")
          .where("person_id", "=", personId)
          .executeTakeFirstOrThrow()
      ).mentor_id!;
    const bo = await mentorOf(ids[5]!);
    expect(await mentorOf(ids[4]!)).toBe(ada);
    expect(bo).not.toBe(ada);

    const at = "2027-01-18T12:00:00.000Z";
    const offer = (track: string, day: string, confirmed = true) => ({
      track,
      reportedAt: `${day}T15:00:00.000Z`,
      confirmed,
    });
    const records: Omit<ProgrammeRecord, "personId" | "cohortId" | "mentorId">[] = [
      { attended: 1, held: 0 },
      { attended: 2, held: 2 },
      { attended: 6, held: 6, notJobSeekingAt: "2026-12-20T15:00:00.000Z" },
      {
        attended: 5,
        held: 4,
        interviews: 2,
        offers: [offer("Banking", "2027-01-20")],
        surveyScore: 10,
      },
      { attended: 4, held: 4, offers: [offer("Consulting", "2027-01-25", false)] },
      {
        attended: 6,
        held: 5,
        interviews: 1,
        offers: [offer("Wealth Management", "2027-02-15")],
        surveyScore: 9,
      },
      { attended: 4, held: 6, offers: [offer("Other", "2027-03-01")] },
      { attended: 6, held: 6, surveyScore: 7, notJobSeekingAt: "2027-02-01T15:00:00.000Z" },
      { attended: 3, held: 4, interviews: 1, offers: [offer("Capital Markets", "2027-01-10")] },
      { attended: 5, held: 2, surveyScore: 3 },
    ];
    for (const [i, record] of records.entries()) {
      const personId = ids[i]!;
      await writeProgrammeRecord(
        db(),
        { ...record, personId, cohortId, mentorId: i < 5 ? ada : bo },
        at,
      );
    }
    // Leaving, through the owner's refund: in week 1, then in week 3.
    owner.clock.set(new Date("2026-12-09T15:00:00Z"));
    expect(await refundEnrollment(services(), "owner@example.com", ids[0]!, "week 1")).toBe(
      "refunded",
    );
    owner.clock.set(new Date("2026-12-23T15:00:00Z"));
    expect(await refundEnrollment(services(), "owner@example.com", ids[1]!, "week 3")).toBe(
      "refunded",
    );
    // The owner reads the report with the session they signed in with (the report reads no clock).
    owner.clock.set(new Date("2026-11-22T13:00:00Z"));
    return { cohortId, ada, bo };
  }

  it("gives exactly the figures the definitions give, per cohort and per mentor, and the CSV", async () => {
    const { cohortId, ada, bo } = await seedCohortOfTen();
    const page = await owner.get(outcomesLoader, "/admin/outcomes");
    expect(page.status).toBe(200);
    const report = page.body as OutcomesReport;
    expect(report.settings).toEqual({ minGroupSessions: 4, minOneOnOnes: 4, minAssignments: 0 });
    const cohort = report.cohorts.find((row) => row.id === cohortId)!;
    // By hand: 10 paid; s1 left by the census day, so 9 were still enrolled; s3-s8 graduated;
    // s1 and s2 withdrew; s3 is excluded (s8 declared too late to be); s4 and s6 have in-field offers within 180 days (s7's is
    // "Other", s9 did not graduate, s5's is unconfirmed). Interviews 2 + 1 + 1. First confirmed
    // offers: day 34 (s9), 44 (s4), 70 (s6), 84 (s7) after Mon 2026-12-07: median 57. NPS of
    // 10, 9, 7, 3: 2 promoters, 1 detractor of 4 = 25.
    expect(cohort.figures).toEqual({
      enrolled: 10,
      enrolledAtRefundDate: 9,
      graduated: 6,
      withdrawn: 2,
      excluded: 1,
      interviews: 4,
      confirmedOffers: 4,
      offersInField180d: 2,
      medianDaysToOffer: 57,
      nps: { answers: 4, promoters: 2, passives: 1, detractors: 1, nps: 25 },
      graduationRate: { numerator: 6, denominator: 9, value: "0.667" },
      placementRate: { numerator: 2, denominator: 5, value: "0.400" },
    });
    const mentor = (id: string) => report.mentors.find((row) => row.id === id)!;
    // Ada: s1-s5. 4 enrolled at the census day, graduates s3 s4 s5, s3 excluded, s4 placed.
    expect(mentor(ada)).toMatchObject({
      name: "Ada Mentor",
      figures: {
        enrolled: 5,
        enrolledAtRefundDate: 4,
        graduated: 3,
        withdrawn: 2,
        excluded: 1,
        interviews: 2,
        confirmedOffers: 1,
        offersInField180d: 1,
        medianDaysToOffer: 44,
        nps: { answers: 1, nps: 100 },
        graduationRate: { numerator: 3, denominator: 4, value: "0.750" },
        placementRate: { numerator: 1, denominator: 2, value: "0.500" },
      },
    });
    // Bo: s6-s10. Graduates s6 s7 s8, s6 placed; first offers on days 70, 84, 34: median 70.
    expect(mentor(bo)).toMatchObject({
      name: "Bo Mentor",
      figures: {
        enrolled: 5,
        enrolledAtRefundDate: 5,
        graduated: 3,
        withdrawn: 0,
        excluded: 0,
        interviews: 2,
        confirmedOffers: 3,
        offersInField180d: 1,
        medianDaysToOffer: 70,
        nps: { answers: 3, nps: 0 },
        graduationRate: { numerator: 3, denominator: 5, value: "0.600" },
        placementRate: { numerator: 1, denominator: 3, value: "0.333" },
      },
    });
    expect(report.mentors).toHaveLength(2);

    const one = await owner.get(outcomesCsvLoader, `/admin/outcomes.csv?cohort=${cohortId}`);
    expect(one.status).toBe(200);
    expect(String(one.body)).toBe(
      `${OUTCOMES_CSV_HEADER}\r\n"${cohortId}",10,9,6,2,1,2,0.667,0.400\r\n`,
    );
    expect(OUTCOMES_CSV_HEADER).toBe(
      "cohort,enrolled,enrolled_at_refund_date,graduated,withdrawn,excluded,offers_in_field_180d,graduation_rate,placement_rate",
    );
    // Every cohort: a second one, with nobody in it yet, has its line with empty rates.
    await db()
      .insertInto("cohorts")
      .values({
        id: "next-cohort",
        start_date: "2027-03-01",
        capacity: 10,
        enrolled_count: 0,
        is_active: 0,
        is_current: 0,
        created_at: owner.clock.now().toISOString(),
        updated_at: owner.clock.now().toISOString(),
      })
      .execute();
    const all = await owner.get(outcomesCsvLoader, "/admin/outcomes.csv?cohort=all");
    expect(String(all.body).split("\r\n")).toEqual([
      OUTCOMES_CSV_HEADER,
      `"next-cohort",0,0,0,0,0,0,,`,
      `"${cohortId}",10,9,6,2,1,2,0.667,0.400`,
      "",
    ]);
  });

  it("counts graduates with the owner's minimums, and refuses a bad setting or cohort", async () => {
    const { cohortId } = await seedCohortOfTen();
    const refused = await owner.post(outcomesAction, "/admin/outcomes", {
      intent: "settings",
      minGroupSessions: "7",
      minOneOnOnes: "3",
      minAssignments: "0",
    });
    expect(refused.status).toBe(400);
    expect(await db().selectFrom("outcome_settings").selectAll().execute()).toEqual([]);
    const saved = await owner.post(outcomesAction, "/admin/outcomes", {
      intent: "settings",
      minGroupSessions: "3",
      minOneOnOnes: "2",
      minAssignments: "0",
    });
    expect(saved.status).toBe(303);
    // Now s9 (3 attended, 4 held) and s10 (5, 2) graduate too: 8 of 9; s9's Capital Markets
    // offer places them: 3 of 7.
    const csv = await owner.get(outcomesCsvLoader, `/admin/outcomes.csv?cohort=${cohortId}`);
    expect(String(csv.body)).toContain(`"${cohortId}",10,9,8,2,1,3,0.889,0.429`);
    const audit = await db()
      .selectFrom("audit_log")
      .select("action")
      .where("action", "=", "outcomes.settings")
      .execute();
    expect(audit).toHaveLength(1);

    for (const [query, message] of [
      ["cohort=a%20b", "The cohort parameter must be 'all' or the id of a cohort"],
      ["cohort=", "The cohort parameter must be 'all' or the id of a cohort"],
      ["cohort=no-such-cohort", "No cohort has the id no-such-cohort."],
    ] as const) {
      const bad = await owner.get(outcomesCsvLoader, `/admin/outcomes.csv?${query}`);
      expect(bad.status).toBe(400);
      expect(String(bad.body)).toContain(message);
    }
  });
});

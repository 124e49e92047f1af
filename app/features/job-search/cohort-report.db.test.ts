import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { insertAccount, sessionCookie } from "../../../tests/support/admin";
import { testEngines } from "../../../tests/support/databases";
import { ADD, jobSearchScene } from "../../../tests/support/job-search-scene";
import {
  applicationFields,
  firstDatesDrift,
  keepFirstDates,
} from "../../../tests/support/job-search";
import { answer, assignMentor, signedInMentor } from "../../../tests/support/mentors";
import { insertStudent } from "../../../tests/support/portal";
import * as cohortRoute from "~/features/cohort/routes/cohort";
import * as csvRoute from "~/features/job-search/routes/cohort-applications-csv";
import * as mentorApplicationRoute from "~/features/job-search/routes/mentor-application";
import * as interviewsRoute from "~/features/outcomes/routes/interviews";
import { addApplication } from "~/features/job-search/job-search.server";
import { zonedTimeToUtc } from "~/lib/time-zone";
import { cohortJobSearch, type CohortJobSearch } from "./cohort-report";
import { firstDates } from "./first-dates";
import { cohortApplications, cohortJobSearchReport } from "./cohort-report.server";
import { STAGES, type Stage } from "./stages";

/**
 * The owner's view of a cohort's job search (issue 47, item 6) through the real cohort page and
 * the CSV. The cohort starts Monday 2026-11-09 (week 1: 9-15 November, week 2: 16-22); Ada and
 * Bob hold paid seats and move their applications with the clock set; Cy, of another cohort, is
 * never counted.
 */
describe.each(testEngines())("the owner's cohort job search on $name", (engine) => {
  const { s, db, services, student, add, list, move, page, post, confirm } = jobSearchScene(engine);
  const at = (day: string) => s.clock.set(new Date(`${day}T12:00:00Z`));

  async function scene() {
    const cohortId = await s.cohortId();
    await db()
      .updateTable("cohorts")
      .set({ start_date: "2026-11-09" })
      .where("id", "=", cohortId)
      .execute();
    const ada = await student("ada@example.com");
    const bob = await student("bob@example.com");
    const firmOf = async (cookie: string, firm: string) =>
      (await list(cookie)).find((a) => a.firm === firm)!.id;

    at("2026-11-10");
    await add(ada.cookie, {
      ...ADD,
      firm: '=HYPERLINK("http://evil.example")',
      role: 'Analyst, "Markets"',
      track: "Banking",
      stage: "applied",
    });
    const adaFirst = await firmOf(ada.cookie, '=HYPERLINK("http://evil.example")');
    at("2026-11-11");
    await add(bob.cookie, { ...ADD, firm: "Bob Bank", stage: "applied" });
    at("2026-11-12");
    await move(ada.cookie, adaFirst, "interview", "1");
    at("2026-11-17");
    await add(ada.cookie, { ...ADD, firm: "Second Co" });
    at("2026-11-18");
    await move(ada.cookie, await firmOf(ada.cookie, "Second Co"), "applied");
    at("2026-11-20");
    await move(ada.cookie, adaFirst, "offer");
    at("2026-11-21");
    await move(bob.cookie, await firmOf(bob.cookie, "Bob Bank"), "interview", "1");

    const otherCohort = randomUUID();
    await db()
      .insertInto("cohorts")
      .values({
        id: otherCohort,
        start_date: "2026-11-09",
        capacity: 10,
        enrolled_count: 1,
        is_active: 1,
        is_current: 0,
        created_at: "2026-11-01T00:00:00.000Z",
        updated_at: "2026-11-01T00:00:00.000Z",
      })
      .execute();
    const cy = await insertStudent(db(), {
      email: "cy@example.com",
      firstName: "Cy",
      cohortId: otherCohort,
      mentorId: null,
    });
    await addApplication(services(), cy, { ...applicationFields("Elsewhere"), stage: "applied" });
    at("2026-11-22");
    const owner = await sessionCookie(
      db(),
      services().config.sessionSecrets,
      await insertAccount(db(), { email: "boss@example.com", password: "x" }),
      "2099-01-01T00:00:00.000Z",
    );
    return { cohortId, owner };
  }

  it("shows counts by stage and track, weeks per student and the medians on the cohort page", async () => {
    const { cohortId, owner } = await scene();
    const page = await answer(services(), cohortRoute.loader, `/admin/cohorts/${cohortId}`, owner, {
      params: { id: cohortId },
    });
    expect(page.status).toBe(200);
    const report = (page.body as { jobSearch: CohortJobSearch }).jobSearch;
    expect(report.students).toBe(2);
    expect(report.applications).toBe(3);
    const stages = Object.fromEntries(report.byStage.map((row) => [row.stage, row.count]));
    expect(stages).toMatchObject({ applied: 1, interview: 1, offer: 1, wishlist: 0 });
    expect(report.byTrack).toEqual([
      { track: null, count: 2 },
      { track: "Banking", count: 1 },
    ]);
    expect(report.perStudent.map((row) => [row.name, row.weeks, row.sent])).toEqual([
      ["ada", [1, 1, 0, 0, 0, 0], 2],
      ["bob", [1, 0, 0, 0, 0, 0], 1],
    ]);
    // Ada: 2 days to an interview, 10 to an offer; Bob: 10 days to an interview.
    expect(report.toInterview).toEqual({ days: 6, students: 2 });
    expect(report.toOffer).toEqual({ days: 10, students: 1 });
  });

  it("downloads one row per application as CSV, formulas neutralised, for the owner only", async () => {
    const { cohortId, owner } = await scene();
    const path = `/admin/cohorts/${cohortId}/applications.csv`;
    const csv = await answer(services(), csvRoute.loader, path, owner, {
      params: { id: cohortId },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("cache-control")).toBe("no-store");
    const lines = String(csv.body).trim().split("\r\n");
    expect(lines).toEqual([
      '"student","email","firm","role","track","source","stage","round","created","applied","first_interview","offer","last_move"',
      '"ada","ada@example.com","\'=HYPERLINK(""http://evil.example"")","Analyst, ""Markets""","Banking","posting","offer","","2026-11-10","2026-11-10","2026-11-12","2026-11-20","2026-11-20"',
      '"ada","ada@example.com","Second Co","Analyst","","posting","applied","","2026-11-17","2026-11-18","","","2026-11-18"',
      '"bob","bob@example.com","Bob Bank","Analyst","","posting","interview","1","2026-11-11","2026-11-11","2026-11-21","","2026-11-21"',
    ]);
    const audit = await db()
      .selectFrom("audit_log")
      .select("action")
      .where("action", "=", "cohort.export_applications")
      .execute();
    expect(audit).toHaveLength(1);
    const refused = await answer(services(), csvRoute.loader, path, "", {
      params: { id: cohortId },
    });
    expect(refused.status).not.toBe(200);
  });

  it("counts in SQL exactly what the pure report counts from the same rows, across a clock change", async () => {
    // New York's clocks go forward on 14 March 2027, in week 2 of a cohort starting 1 March.
    const zone = "America/New_York";
    const cohortId = await s.cohortId();
    await db()
      .updateTable("cohorts")
      .set({ start_date: "2027-03-01" })
      .where("id", "=", cohortId)
      .execute();
    const people = [];
    for (const name of ["ada", "bob", "cy", "di"])
      people.push((await student(`${name}@example.com`)).id);
    // A seeded generator: the same histories every run.
    let seed = 47;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    // Instants from ten days before week 1 to a week after week 6, some exactly on a week's
    // first midnight in New York.
    const mondays = ["2027-03-01", "2027-03-08", "2027-03-15", "2027-03-22", "2027-04-05"];
    const instant = () =>
      random() < 0.15
        ? zonedTimeToUtc(pick(mondays), "00:00", zone).toISOString()
        : new Date(Date.parse("2027-02-19T00:00:00Z") + random() * 59 * 86_400_000).toISOString();
    const paths: Stage[][] = [
      ["wishlist"],
      ["wishlist", "applied"],
      ["applied", "interview", "offer", "accepted"],
      ["wishlist", "interview"],
      ["wishlist", "offer"],
      ["interview", "offer"],
      ["applied", "rejected"],
      ["wishlist", "applied", "interview", "interview", "ghosted"],
    ];
    for (let i = 0; i < 60; i++) {
      const id = randomUUID();
      const path = pick(paths);
      const times = path.map(instant).sort();
      // Some students have no application at all: di only now and then.
      const personId = pick(people.slice(0, i % 7 === 0 ? 4 : 3));
      await db()
        .insertInto("job_applications")
        .values({
          id,
          person_id: personId,
          firm: `Firm ${i}`,
          role: "Analyst",
          track: pick([null, "Banking", "Markets"]),
          source: "posting",
          // Written here as every writer of moves keeps them; the page counts these.
          ...firstDates(path.map((to, k) => ({ at: times[k]!, to }))),
          created_at: times[0]!,
          updated_at: times.at(-1)!,
        })
        .execute();
      await db()
        .insertInto("job_application_moves")
        .values(
          path.map((to, k) => ({
            id: randomUUID(),
            application_id: id,
            at: times[k]!,
            from_stage: k === 0 ? null : path[k - 1]!,
            to_stage: to,
            round: to === "interview" ? k : null,
            by_role: "student",
            by_id: personId,
            is_current: k === path.length - 1 ? 1 : 0,
          })),
        )
        .execute();
    }
    for (const startDate of ["2027-03-01", null]) {
      const cohort = { id: cohortId, startDate };
      const rows = await cohortApplications(db(), cohortId);
      const pure = cohortJobSearch({ ...rows, startDate, siteZone: zone });
      const counted = await cohortJobSearchReport(db(), cohort, zone);
      expect(counted).toEqual(pure);
      expect(counted.applications).toBe(60);
      expect(counted.perStudent.reduce((n, row) => n + row.sent, 0)).toBeGreaterThan(30);
      expect(counted.byStage.map((row) => row.stage)).toEqual([...STAGES]);
    }
    // The weeks are not all empty: the scene reaches before, during and after.
    const { perStudent } = await cohortJobSearchReport(
      db(),
      { id: cohortId, startDate: "2027-03-01" },
      zone,
    );
    expect(perStudent.some((row) => row.before > 0 && row.after > 0)).toBe(true);
    expect(perStudent.flatMap((row) => row.weeks).filter((n) => n > 0).length).toBeGreaterThan(6);
  });
  it("counts what the moves say whichever writer made them, and notices a row that does not", async () => {
    const cohortId = await s.cohortId();
    await db()
      .updateTable("cohorts")
      .set({ start_date: "2026-11-09" })
      .where("id", "=", cohortId)
      .execute();
    const ann = await signedInMentor(services(), "ann@example.com", "Ann Mentor");
    const ada = await student("ada@example.com");
    const bob = await student("bob@example.com");
    await assignMentor(services(), ada.id, ann.id);
    const idOf = async (cookie: string, firm: string) =>
      (await list(cookie)).find((a) => a.firm === firm)!.id;
    const report = (cookie: string, fields: Record<string, string>) =>
      answer(services(), interviewsRoute.action, "/portal/interviews", cookie, { fields });
    const mentorMove = async (applicationId: string, to: string, round = "") => {
      const path = `/portal/mentor/students/${ada.id}/applications/${applicationId}`;
      const moveId = (
        (await page(ada.cookie, applicationId)).body as { application: { move_id: string } }
      ).application.move_id;
      return answer(services(), mentorApplicationRoute.action, path, ann.cookie, {
        params: { id: ada.id, applicationId },
        fields: {
          intent: "move",
          moveId,
          to,
          round,
          note: "",
          interviewDate: s.clock.now().toISOString().slice(0, 10),
        },
      });
    };

    // Added as Applied; added as Wishlist, then moved by the student, their mentor, the student.
    at("2026-11-10");
    expect((await add(ada.cookie, { ...ADD, firm: "Sent Co", stage: "applied" })).status).toBe(303);
    expect((await add(ada.cookie, { ...ADD, firm: "Moved Co" })).status).toBe(303);
    const moved = await idOf(ada.cookie, "Moved Co");
    at("2026-11-11");
    expect((await move(ada.cookie, moved, "applied")).status).toBe(303);
    at("2026-11-16");
    expect((await mentorMove(moved, "interview", "1")).status).toBe(303);
    at("2026-11-18");
    expect((await mentorMove(moved, "interview", "2")).status).toBe(303);
    at("2026-11-19");
    expect((await move(ada.cookie, moved, "offer")).status).toBe(303);
    // Reported on /portal/interviews: a new application whose first entry is the interview, then
    // its offer.
    at("2026-11-17");
    const beta = { firm: "Beta", role: "SA" };
    expect(
      (await report(bob.cookie, { intent: "interview", ...beta, date: "2026-11-17" })).status,
    ).toBe(303);
    at("2026-11-24");
    expect(
      (await report(bob.cookie, { intent: "offer", ...beta, track: "Banking", kind: "internship" }))
        .status,
    ).toBe(303);
    // Imported: applied on the sheet's day, then moved to its stage now; a deleted one.
    const imported = [
      {
        firm: "Sheet One",
        role: "Analyst",
        source: "posting",
        stage: "interview",
        round: "2",
        appliedOn: "2026-11-12",
      },
      {
        firm: "Sheet Two",
        role: "Analyst",
        source: "posting",
        stage: "applied",
        appliedOn: "2026-11-03",
      },
      { firm: "Sheet Three", role: "Analyst", source: "posting", stage: "wishlist" },
    ];
    expect((await confirm(bob.cookie, imported)).status).toBe(303);
    await add(bob.cookie, { ...ADD, firm: "Gone Co", stage: "applied" });
    expect(
      (await post(bob.cookie, await idOf(bob.cookie, "Gone Co"), { intent: "delete" })).status,
    ).toBe(303);

    const zone = services().config.siteTimeZone;
    const cohort = { id: cohortId, startDate: "2026-11-09" };
    const pure = async () =>
      cohortJobSearch({ ...(await cohortApplications(db(), cohortId)), ...cohort, siteZone: zone });
    expect(await firstDatesDrift(db())).toEqual([]);
    const counted = await cohortJobSearchReport(db(), cohort, zone);
    expect(counted).toEqual(await pure());
    expect(counted.perStudent.map((row) => [row.name, row.sent, row.before])).toEqual([
      ["ada", 2, 0],
      ["bob", 3, 1],
    ]);
    expect(counted.toOffer.students).toBe(2);

    // A writer that forgot the row's first interview: the page would count otherwise than the
    // moves, and the check every job-search test ends with names the row.
    await db()
      .updateTable("job_applications")
      .set({ first_interview_at: null })
      .where("id", "=", moved)
      .execute();
    expect(await cohortJobSearchReport(db(), cohort, zone)).not.toEqual(await pure());
    expect((await firstDatesDrift(db())).map((row) => row.id)).toEqual([moved]);
    await keepFirstDates(db(), moved);
  });
});

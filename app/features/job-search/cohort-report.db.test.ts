import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { insertAccount, sessionCookie } from "../../../tests/support/admin";
import { testEngines } from "../../../tests/support/databases";
import { ADD, jobSearchScene } from "../../../tests/support/job-search-scene";
import { applicationFields } from "../../../tests/support/job-search";
import { answer } from "../../../tests/support/mentors";
import { insertStudent } from "../../../tests/support/portal";
import * as cohortRoute from "~/features/cohort/routes/cohort";
import * as csvRoute from "~/features/job-search/routes/cohort-applications-csv";
import { addApplication } from "~/features/job-search/job-search.server";
import type { CohortJobSearch } from "./cohort-report";

/**
 * The owner's view of a cohort's job search (issue 47, item 6) through the real cohort page and
 * the CSV. The cohort starts Monday 2026-11-09 (week 1: 9-15 November, week 2: 16-22); Ada and
 * Bob hold paid seats and move their applications with the clock set; Cy, of another cohort, is
 * never counted.
 */
describe.each(testEngines())("the owner's cohort job search on $name", (engine) => {
  const { s, db, services, student, add, list, move } = jobSearchScene(engine);
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
});

import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { seatFixtures, setCurrentCohort } from "../../../tests/support/cohort";
import { testEngines } from "../../../tests/support/databases";
import { answer, assignMentor, signedInMentor } from "../../../tests/support/mentors";
import { planSessions, writeProgrammeRecord } from "../../../tests/support/outcomes";
import { useOwnerConsole } from "../../../tests/support/owner-console";
import { paidStudent } from "../../../tests/support/portal";
import { applicationFields } from "../../../tests/support/job-search";
import { getCohort } from "~/features/cohort/cohort.server";
import { loader as cohortLoader } from "~/features/cohort/routes/cohort";
import { loader as boardLoader } from "~/features/job-search/routes/mentor-board";
import { loader as homeLoader } from "~/features/portal/routes/home";
import { addApplication } from "~/features/job-search/job-search.server";
import { setTargets } from "~/features/job-search/networking.server";
import type { BoardRow } from "~/features/job-search/mentor-board.server";
import type { StudentHome } from "~/features/portal/student-home.server";
import { ensureProgram } from "./program.server";
import { submitWork, type WorkInput } from "./submissions.server";
import { CohortProgressCard, StudentProgressCard } from "./progress-line";
import { progressOf, type CohortProgress } from "./progress.server";

const DOCX: WorkInput = {
  kind: "docx",
  file: { name: "resume.docx", bytes: new Uint8Array([80, 75, 3, 4]) },
};
const TEXT: WorkInput = { kind: "text", body: "Analyst roles in banking." };

/**
 * Issue 48, item 4: the progress line through the real pages. The cohort started Monday 9
 * November 2026 (site: New York); the clock is Sunday 22 November 12:00 UTC, the last day of week
 * 2: week 1 has ended (one 1-on-1 owed), its two assignments were due Wednesday and Friday, and
 * week 2's resume was due Thursday 19 November. Two group sessions have started.
 *
 *   bea  did everything: all three assignments, week 1's 1-on-1 held, 2 of 5 applications sent
 *   cal  did nothing (in Tokyo): all three late, no 1-on-1 held
 *   dee  did week 1's work and 1-on-1, not week 2's resume
 */
describe.each(testEngines())("the progress line on $name", (engine) => {
  const owner = useOwnerConsole(engine);
  const services = () => owner.t.services;
  const db = () => services().db;
  const START = "2026-11-09";

  async function scene() {
    await setCurrentCohort(db(), { start_date: START, capacity: 10 });
    const cohortId = (await getCohort(db(), owner.clock.now())).id;
    const now = owner.clock.now();
    await planSessions(db(), cohortId, START, now);
    await ensureProgram(db(), now);
    const ada = await signedInMentor(services(), "ada.mentor@example.com", "Ada Mentor");
    const fixtures = { ...seatFixtures(services, owner.clock), services };
    const student = async (email: string) => {
      const made = await paidStudent(fixtures, email);
      await assignMentor(services(), made.id, ada.id);
      return made;
    };
    const bea = await student("bea@example.com");
    const cal = await student("cal@example.com");
    const dee = await student("dee@example.com");
    const at = now.toISOString();
    const record = { cohortId, mentorId: ada.id };
    await writeProgrammeRecord(db(), { ...record, personId: bea.id, attended: 1, held: 1 }, at);
    await writeProgrammeRecord(db(), { ...record, personId: cal.id, attended: 0, held: 0 }, at);
    await writeProgrammeRecord(db(), { ...record, personId: dee.id, attended: 2, held: 1 }, at);
    const submit = (personId: string, assignment: string, work: WorkInput) =>
      submitWork(db(), { personId, cohortId }, assignment, work, now);
    await submit(bea.id, "w1-current-resume", DOCX);
    await submit(bea.id, "w1-target-roles", TEXT);
    await submit(bea.id, "w2-resume", DOCX);
    await submit(bea.id, "w2-resume", DOCX);
    await submit(dee.id, "w1-current-resume", DOCX);
    await submit(dee.id, "w1-target-roles", TEXT);
    await setTargets(
      services(),
      bea.id,
      { intent: "targets", applicationsPerWeek: 5, conversationsPerWeek: 2 },
      { role: "mentor", id: ada.id },
    );
    for (const firm of ["Lazard", "Evercore"])
      expect(
        await addApplication(services(), bea.id, { ...applicationFields(firm), stage: "applied" }),
      ).toBe("saved");
    await db()
      .insertInto("student_profiles")
      .values({ person_id: cal.id, time_zone: "Asia/Tokyo", updated_at: at })
      .onConflict((oc) => oc.column("person_id").doUpdateSet({ time_zone: "Asia/Tokyo" }))
      .execute();
    return { cohortId, ada, bea, cal, dee };
  }

  it("shows the owner each student's line and who is behind", async () => {
    const { cohortId, bea, cal, dee } = await scene();
    const page = await owner.get(cohortLoader, `/admin/cohorts/${cohortId}`, { id: cohortId });
    expect(page.status).toBe(200);
    const { progress } = page.body as { progress: CohortProgress };
    expect(progress.begun).toBe(true);
    expect(progress.behind.map((s) => s.personId).sort()).toEqual([cal.id, dee.id].sort());
    const line = (id: string) => progress.rows.find((row) => row.personId === id)!.line;
    expect(line(bea.id)).toEqual({
      week: 2,
      assignments: { done: 1, given: 1 },
      oneOnOnes: { held: 1, owed: 1 },
      sessions: { attended: 1, held: 2 },
      applications: { sent: 2, target: 5 },
      late: [],
      behind: [],
    });
    expect(line(cal.id)).toMatchObject({
      assignments: { done: 0, given: 1 },
      oneOnOnes: { held: 0, owed: 1 },
      sessions: { attended: 0, held: 2 },
      applications: { sent: 0, target: null },
      behind: ["late_work", "one_on_ones"],
    });
    expect(line(cal.id).late.map((a) => [a.id, a.dueAt])).toEqual([
      // Wednesday and Friday of week 1, Thursday of week 2, each 23:59 in New York (EST).
      ["w1-current-resume", "2026-11-12T04:59:00.000Z"],
      ["w1-target-roles", "2026-11-14T04:59:00.000Z"],
      ["w2-resume", "2026-11-20T04:59:00.000Z"],
    ]);
    expect(line(dee.id)).toMatchObject({
      assignments: { done: 0, given: 1 },
      oneOnOnes: { held: 1, owed: 1 },
      sessions: { attended: 2, held: 2 },
      behind: ["late_work"],
    });

    const html = renderToStaticMarkup(createElement(CohortProgressCard, { progress }));
    expect(html).toContain("Behind (2): cal, dee.");
    expect(html).toContain("Behind: work past due, 1-on-1s missing");
    expect(html).toContain("Assignments this week: 1 of 1 submitted");
    expect(html).toContain("1-on-1s held: 1 of 1 owed so far");
    expect(html).toContain("Group sessions attended: 1 of 2 held");
    expect(html).toContain("Applications this week: 2 of 5 sent");
    expect(html).toContain("On track");
  });

  it("shows the mentor the same line on the board, with the board's own application count", async () => {
    const { ada, bea, cal } = await scene();
    const board = await answer(services(), boardLoader, "/portal/mentor/board", ada.cookie);
    expect(board.status).toBe(200);
    const rows = (board.body as { rows: BoardRow[] }).rows;
    expect(rows).toHaveLength(3);
    const row = (id: string) => rows.find((r) => r.personId === id)!;
    expect(row(bea.id).progress).toMatchObject({
      applications: { sent: 2, target: 5 },
      behind: [],
    });
    expect(row(cal.id).progress?.behind).toEqual(["late_work", "one_on_ones"]);
  });

  it("shows the student their line and their late work due in their own zone", async () => {
    const { bea, cal } = await scene();
    const home = async (cookie: string) =>
      ((await answer(services(), homeLoader, "/portal", cookie)).body as { home: StudentHome })
        .home;
    const calHome = await home(cal.cookie);
    expect(calHome.progress?.line.behind).toEqual(["late_work", "one_on_ones"]);
    expect(calHome.progress?.late.map((a) => a.id)).toEqual([
      "w1-current-resume",
      "w1-target-roles",
      "w2-resume",
    ]);
    // Wednesday 23:59 in New York is Thursday 13:59 in Tokyo.
    expect(calHome.progress?.late[0]!.due).toMatch(/^Thu, Nov 12, 1:59 PM .*\(Asia\/Tokyo\)$/);
    const html = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(StudentProgressCard, { progress: calHome.progress! }),
      ),
    );
    expect(html).toContain("Your progress");
    expect(html).toContain("Past due");
    expect(html).toContain('href="/portal/weeks/2" data-discover="true">Your rebuilt resume</a>');
    expect(html).toContain("(week 2), due Fri, Nov 20");
    const beaHome = await home(bea.cookie);
    expect(beaHome.progress?.late).toEqual([]);
    expect(beaHome.progress?.line.assignments).toEqual({ done: 1, given: 1 });
  });

  it("shows no line before the programme begins, and moves as work comes in", async () => {
    const { cohortId, cal } = await scene();
    const before = new Date("2026-11-08T12:00:00Z");
    owner.clock.set(before);
    const page = await owner.get(cohortLoader, `/admin/cohorts/${cohortId}`, { id: cohortId });
    expect((page.body as { progress: CohortProgress }).progress.begun).toBe(false);
    expect(
      (await answer(services(), homeLoader, "/portal", cal.cookie)).body as { home: StudentHome },
    ).toMatchObject({ home: { progress: null } });

    owner.clock.set(new Date("2026-11-22T12:00:00Z"));
    const cohort = { id: cohortId, startDate: START };
    const read = async () => (await progressOf(services(), cohort, [cal.id])).get(cal.id)!;
    expect((await read()).late).toHaveLength(3);
    for (const id of ["w1-current-resume", "w1-target-roles", "w2-resume"])
      await submitWork(
        db(),
        { personId: cal.id, cohortId },
        id,
        id === "w1-target-roles" ? TEXT : DOCX,
        owner.clock.now(),
      );
    const after = await read();
    expect(after.late).toEqual([]);
    expect(after.assignments).toEqual({ done: 1, given: 1 });
    expect(after.behind).toEqual(["one_on_ones"]);
  });
});

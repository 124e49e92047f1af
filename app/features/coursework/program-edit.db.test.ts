import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { seatFixtures, setCurrentCohort } from "../../../tests/support/cohort";
import {
  callAction,
  flashToastOf,
  formRequest,
  makeContext,
  unwrap,
} from "../../../tests/support/context";
import { testEngines } from "../../../tests/support/databases";
import { useOwnerConsole } from "../../../tests/support/owner-console";
import { LIMITS } from "./coursework";
import { DEFAULT_WEEKS } from "./default-weeks";
import { programConsole as t, programValidation as v } from "./program.words";
import { cohortProgram, currentProgram } from "./program.server";
import * as programPage from "./routes/program";
import * as weekPage from "./routes/program-week";

interface WeekPage {
  week: {
    week: number;
    title: string;
    material: string;
    videoUrl: string | null;
    resources: string[];
    assignments: {
      id: string;
      title: string;
      instructions: string;
      dueDay: number;
      kind: string;
    }[];
  };
  materialHtml: string;
  lastEdit: string;
}

interface Refusal {
  result: { error: Record<string, string[]> | undefined };
  toast: { description: string };
}

const week2 = DEFAULT_WEEKS[1]!;
const weekFields = {
  intent: "week",
  title: "Resume, rebuilt",
  material:
    "## A new page\r\n\r\nSee [your networking page](/portal/networking).\r\n\r\n<b>typed</b>",
  videoUrl: "https://video.example.com/resume",
};
const assignmentFields = {
  title: "Your cover letter",
  instructions: "Write one for your first-choice firm.",
  dueDay: "6",
  kind: "link",
};

/**
 * The owner's program editor (issue 48, item 1) through the real loaders and action: a week
 * saved, assignments added, edited and removed, every refusal changing nothing, and a cohort that
 * has opened a week keeping it as it was.
 */
describe.each(testEngines())("the owner edits the program (/admin/program) on $name", (engine) => {
  const owner = useOwnerConsole(engine);
  const services = () => owner.t.services;
  const db = () => services().db;
  const { person } = seatFixtures(services, owner.clock);

  const path = (week: string) => `/admin/program/${week}`;
  const post = (week: string, fields: Record<string, string | string[]>) =>
    callAction(
      weekPage.action,
      formRequest(path(week), fields, { cookie: owner.cookie }),
      makeContext(services()),
      { week },
    ).then(unwrap, unwrap);
  const page = async (week: string) =>
    (await owner.get(weekPage.loader, path(week), { week })).body as WeekPage;
  const audits = async () =>
    (await db().selectFrom("audit_log").select(["actor", "action", "details"]).execute()).filter(
      (row) => row.action.startsWith("program."),
    );
  /** Every table an edit may write. */
  const written = () =>
    Promise.all(
      (["program_weeks", "assignments", "cohort_weeks", "audit_log"] as const).map((table) =>
        db().selectFrom(table).selectAll().execute(),
      ),
    );

  it("lists the six weeks, each with its assignments counted and its last edit", async () => {
    const { body } = await owner.get(programPage.loader, "/admin/program");
    const { weeks } = body as {
      weeks: { week: number; title: string; assignments: number; lastEdit: string }[];
    };
    expect(weeks.map((w) => [w.week, w.title, w.assignments])).toEqual(
      DEFAULT_WEEKS.map((w) => [w.week, w.title, w.assignments.length]),
    );
    // 2026-11-22 12:00 UTC, in the site's zone.
    expect(weeks[0]!.lastEdit).toBe("Sun, Nov 22, 7:00 AM EST");
  });

  it("shows a week with its saved material rendered, and answers 404 for a week that is not 1-6", async () => {
    const shown = await page("2");
    expect(shown.week).toEqual(week2);
    expect(shown.materialHtml).toContain("<h2>One page that gets read</h2>");
    expect(shown.lastEdit).toBe(t.lastEdit("Sun, Nov 22, 7:00 AM EST"));
    for (const week of ["0", "7", "02", "none"]) {
      const answer = await owner.get(weekPage.loader, path(week), { week }).catch(unwrap);
      expect(answer.status).toBe(404);
      expect((await post(week, weekFields)).status).toBe(404);
    }
  });

  it("saves a week: the row, one audit line, a toast, and the new material rendered safely", async () => {
    await page("2");
    owner.clock.advance(60_000);
    const response = await post("2", {
      ...weekFields,
      resources: ["outreach-scripts", "resume-template"],
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/admin/program/2");
    expect((await flashToastOf(response, services()))?.title).toBe(t.weekSaved(2));

    const row = await db()
      .selectFrom("program_weeks")
      .selectAll()
      .where("week", "=", 2)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      week: 2,
      title: "Resume, rebuilt",
      material: "## A new page\n\nSee [your networking page](/portal/networking).\n\n<b>typed</b>",
      video_url: "https://video.example.com/resume",
      resources: JSON.stringify(["resume-template", "outreach-scripts"]),
      updated_at: "2026-11-22T12:01:00.000Z",
    });
    expect(await audits()).toEqual([
      {
        actor: "boss@example.com",
        action: "program.week_edit",
        details: JSON.stringify({
          week: 2,
          changed: ["title", "material", "videoUrl", "resources"],
          title: "Resume, rebuilt",
        }),
      },
    ]);
    const shown = await page("2");
    expect(shown.materialHtml).toContain('<a href="/portal/networking">your networking page</a>');
    expect(shown.materialHtml).toContain("&lt;b&gt;typed&lt;/b&gt;");
    expect(shown.materialHtml).not.toContain("<b>");
    expect(shown.week.assignments).toEqual(week2.assignments);

    // The same words again change nothing, and say so.
    const before = await written();
    const again = await post("2", {
      ...weekFields,
      resources: ["resume-template", "outreach-scripts"],
    });
    expect(again.status).toBe(303);
    expect((await flashToastOf(again, services()))?.title).toBe(t.weekUnchanged(2));
    expect(await written()).toEqual(before);

    // No video and no files clear both.
    await post("2", { ...weekFields, videoUrl: "" });
    expect((await page("2")).week).toMatchObject({ videoUrl: null, resources: [] });
  });

  it("adds, edits and removes an assignment, each with its audit line; a removed one keeps its submissions", async () => {
    await page("2");
    const added = await post("2", { intent: "add", ...assignmentFields });
    expect(added.status).toBe(303);
    expect((await flashToastOf(added, services()))?.title).toBe(t.added("Your cover letter"));
    let assignments = (await page("2")).week.assignments;
    expect(assignments.map((a) => a.title)).toEqual([
      ...week2.assignments.map((a) => a.title),
      "Your cover letter",
    ]);
    const id = assignments.at(-1)!.id;
    expect(assignments.at(-1)).toEqual({
      id,
      title: "Your cover letter",
      instructions: "Write one for your first-choice firm.",
      dueDay: 6,
      kind: "link",
    });

    const edited = await post("2", {
      intent: "edit",
      id,
      ...assignmentFields,
      title: "Your cover letter, one page",
      dueDay: "7",
    });
    expect(edited.status).toBe(303);
    expect((await flashToastOf(edited, services()))?.title).toBe(
      t.assignmentSaved("Your cover letter, one page"),
    );
    assignments = (await page("2")).week.assignments;
    expect(assignments.at(-1)).toMatchObject({ title: "Your cover letter, one page", dueDay: 7 });

    // A student's submission points at the shipped assignment removed below.
    const studentId = await person("student@example.com");
    const cohort = await setCurrentCohort(db(), {}).then(() =>
      db().selectFrom("cohorts").select("id").where("is_current", "=", 1).executeTakeFirstOrThrow(),
    );
    const submissionId = randomUUID();
    await db()
      .insertInto("coursework_submissions")
      .values({
        id: submissionId,
        assignment_id: "w2-resume",
        person_id: studentId,
        cohort_id: cohort.id,
        version: 1,
        body: null,
        url: "https://docs.example.com/resume",
        file_id: null,
        status: "waiting",
        created_at: owner.clock.now().toISOString(),
      })
      .execute();
    const removed = await post("2", { intent: "remove", id: "w2-resume" });
    expect(removed.status).toBe(303);
    expect((await flashToastOf(removed, services()))?.title).toBe(t.removed("Your rebuilt resume"));
    expect((await page("2")).week.assignments.map((a) => a.id)).toEqual([id]);
    const archived = await db()
      .selectFrom("assignments")
      .select("archived_at")
      .where("id", "=", "w2-resume")
      .executeTakeFirstOrThrow();
    expect(archived.archived_at).toBe(owner.clock.now().toISOString());
    const kept = await db()
      .selectFrom("coursework_submissions")
      .select("assignment_id")
      .where("id", "=", submissionId)
      .executeTakeFirstOrThrow();
    expect(kept.assignment_id).toBe("w2-resume");

    expect((await audits()).map((row) => [row.action, JSON.parse(row.details) as unknown])).toEqual(
      [
        ["program.assignment_add", { week: 2, assignmentId: id, title: "Your cover letter" }],
        ["program.assignment_edit", { week: 2, assignmentId: id, changed: ["title", "dueDay"] }],
        [
          "program.assignment_remove",
          { week: 2, assignmentId: "w2-resume", title: "Your rebuilt resume" },
        ],
      ],
    );
  });

  it("refuses bad fields with the message under each, and writes nothing", async () => {
    await page("2");
    const before = await written();
    const cases: [Record<string, string | string[]>, string, string][] = [
      [{ ...weekFields, title: "   " }, "title", v.titleRequired],
      [
        { ...weekFields, material: "x".repeat(LIMITS.material + 1) },
        "material",
        v.tooLong(LIMITS.material),
      ],
      [{ ...weekFields, videoUrl: "http://video.example.com/a" }, "videoUrl", v.videoUrl],
      [{ ...weekFields, resources: ["resume-template", "../secrets"] }, "resources", v.resource],
      [{ intent: "add", ...assignmentFields, dueDay: "8" }, "dueDay", v.dueDay],
      [{ intent: "add", ...assignmentFields, kind: "pdf" }, "kind", v.kind],
      [
        { intent: "add", ...assignmentFields, title: "x".repeat(LIMITS.assignmentTitle + 1) },
        "title",
        v.tooLong(LIMITS.assignmentTitle),
      ],
      [
        { intent: "edit", id: "w2-resume", ...assignmentFields, instructions: " " },
        "instructions",
        v.instructionsRequired,
      ],
    ];
    for (const [fields, field, message] of cases) {
      const response = await post("2", fields);
      expect(response.status, field).toBe(400);
      const body = response.body as Refusal;
      expect(body.result.error?.[field]).toEqual([message]);
      expect(body.toast.description).toBe(message);
    }
    expect(await written()).toEqual(before);
  });

  it("refuses an assignment of another week or already removed, and a sixth-plus-one, writing nothing", async () => {
    await page("2");
    await post("2", { intent: "remove", id: "w2-resume" });
    const before = await written();
    for (const fields of [
      { intent: "edit", id: "w1-current-resume", ...assignmentFields },
      { intent: "edit", id: "w2-resume", ...assignmentFields },
      { intent: "remove", id: "w2-resume" },
      { intent: "remove", id: "no-such-assignment" },
    ]) {
      const response = await post("2", fields);
      expect(response.status).toBe(404);
      expect((response.body as Refusal).toast.description).toBe(v.assignmentNotFound);
    }
    expect(await written()).toEqual(before);

    for (let n = 0; n < LIMITS.assignmentsPerWeek; n++)
      expect((await post("3", { intent: "add", ...assignmentFields })).status).toBe(
        n < LIMITS.assignmentsPerWeek - DEFAULT_WEEKS[2]!.assignments.length ? 303 : 409,
      );
    const full = await written();
    const refused = await post("3", { intent: "add", ...assignmentFields });
    expect(refused.status).toBe(409);
    expect((refused.body as Refusal).toast.description).toBe(v.full(LIMITS.assignmentsPerWeek));
    expect(await written()).toEqual(full);
    expect((await page("3")).week.assignments).toHaveLength(LIMITS.assignmentsPerWeek);
  });

  it("keeps a week a started cohort has opened, even unread, while a week still to come shows the edit", async () => {
    // The cohort started Monday 16 November; it is Sunday 22 November: week 1 is open, week 2
    // opens tomorrow at midnight in the site's zone. Nobody has read the cohort's weeks yet.
    await setCurrentCohort(db(), { start_date: "2026-11-16" });
    const { id } = await db()
      .selectFrom("cohorts")
      .select("id")
      .where("is_current", "=", 1)
      .executeTakeFirstOrThrow();
    const cohort = { id, startDate: "2026-11-16" };
    const zone = services().config.siteTimeZone;

    expect((await post("1", { ...weekFields, title: "Week one, edited" })).status).toBe(303);
    expect((await post("1", { intent: "remove", id: "w1-target-roles" })).status).toBe(303);
    expect((await post("2", { ...weekFields, title: "Week two, edited" })).status).toBe(303);
    expect((await post("2", { intent: "add", ...assignmentFields })).status).toBe(303);

    const given = await cohortProgram(db(), cohort, owner.clock.now(), zone);
    expect(given[0]).toEqual({ ...DEFAULT_WEEKS[0], open: true });
    expect(given[1]).toMatchObject({ open: false, title: "Week two, edited" });
    expect(given[1]!.assignments.map((a) => a.title)).toContain("Your cover letter");
    // The owner's page shows the program as it is now, for cohorts still to reach each week.
    const now = await currentProgram(db(), owner.clock.now());
    expect(now[0]!.title).toBe("Week one, edited");
    expect((await page("1")).week.assignments.map((a) => a.id)).toEqual(["w1-current-resume"]);

    // Week 2 opens as edited, and keeps that version through the next edit.
    owner.clock.set(new Date("2026-11-23T05:00:00Z"));
    expect((await cohortProgram(db(), cohort, owner.clock.now(), zone))[1]).toMatchObject({
      open: true,
      title: "Week two, edited",
    });
    await post("2", { ...weekFields, title: "Week two, edited again" });
    const later = await cohortProgram(db(), cohort, owner.clock.now(), zone);
    expect(later[1]!.title).toBe("Week two, edited");
    expect(later[0]).toEqual({ ...DEFAULT_WEEKS[0], open: true });
    expect((await page("2")).week.title).toBe("Week two, edited again");
  });
});

import { describe, expect, it } from "vitest";
import { callAction, flashToastOf, makeContext, unwrap } from "../../../tests/support/context";
import { testEngines } from "../../../tests/support/databases";
import { minimalDocx } from "../../../tests/support/docx-fixtures";
import { jobSearchScene } from "../../../tests/support/job-search-scene";
import { answer } from "../../../tests/support/mentors";
import { LIMITS } from "./coursework";
import { weekText } from "./coursework.words";
import * as weekRoute from "./routes/week";
import type { StudentWeek } from "./week-page.server";

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
type Body = {
  result: { error?: Record<string, string[]> } | null;
  toast?: { description: string };
};

/**
 * A student's week pages (issue 48, item 2) through the real loader and action. The cohort starts
 * Monday 16 November 2026 and the clock stands on Sunday 22 November, 12:00 UTC: week 1 is open,
 * week 2 opens at midnight in New York (the site's zone) on Monday 23 November.
 */
describe.each(testEngines())("a student's week pages on $name", (engine) => {
  const { s, db, services, student } = jobSearchScene(engine);

  async function scene() {
    const cohortId = await s.cohortId();
    await db()
      .updateTable("cohorts")
      .set({ start_date: "2026-11-16" })
      .where("id", "=", cohortId)
      .execute();
    const ada = await student("ada@example.com");
    await db()
      .insertInto("student_profiles")
      .values({ person_id: ada.id, time_zone: "Europe/London", updated_at: "2026-11-22T00:00:00Z" })
      .onConflict((oc) => oc.column("person_id").doUpdateSet({ time_zone: "Europe/London" }))
      .execute();
    return ada;
  }

  const page = async (cookie: string, week: number) => {
    const res = await answer(services(), weekRoute.loader, `/portal/weeks/${week}`, cookie, {
      params: { week: String(week) },
    });
    return { status: res.status, body: res.body as StudentWeek };
  };

  function post(
    cookie: string,
    week: number,
    fields: Record<string, string>,
    file?: { bytes: Uint8Array; name: string },
  ) {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    if (file)
      body.append(
        "file",
        new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: DOCX }),
      );
    const request = new Request(`http://localhost:3000/portal/weeks/${week}`, {
      method: "POST",
      body,
      headers: { cookie },
    });
    return callAction(weekRoute.action, request, makeContext(services()), {
      week: String(week),
    }).then(unwrap, unwrap);
  }

  const stored = () =>
    db()
      .selectFrom("coursework_submissions")
      .select(["assignment_id", "version", "body", "url", "file_id"])
      .orderBy("created_at")
      .execute();

  it("shows an open week's material, files and due times in the student's zone, and says when a closed one opens", async () => {
    const ada = await scene();
    const week1 = await page(ada.cookie, 1);
    expect(week1.status).toBe(200);
    if (!week1.body.open) throw new Error("week 1 should be open");
    expect(week1.body.material).toContain("<h2>Where you start</h2>");
    expect(week1.body.files.map((f) => f.href)).toContain("/resources/resume-template/docx");
    // Due Wednesday 18 November 23:59 in New York: 04:59 GMT on Thursday in London.
    expect(week1.body.assignments[0]!.due).toBe("Thu, Nov 19, 4:59 AM GMT");
    expect(week1.body.assignments[0]!.late).toBe(true);
    const week2 = await page(ada.cookie, 2);
    expect(week2.body.open).toBe(false);
    expect(week2.body).toMatchObject({ opens: "Mon, Nov 23, 5:00 AM GMT" });
    expect(JSON.stringify(week2.body)).not.toContain("One page that gets read");
    expect((await page(ada.cookie, 7)).status).toBe(404);
  });

  it("keeps every version handed in, refuses bad work with a clear message and stores nothing", async () => {
    const ada = await scene();
    // Text: empty is refused; an answer is version 1.
    const empty = await post(ada.cookie, 1, { assignmentId: "w1-target-roles", body: "  " });
    expect(empty.status).toBe(400);
    expect((empty.body as Body).result?.error?.body).toEqual([weekText.errors.body]);
    const text = await post(ada.cookie, 1, {
      assignmentId: "w1-target-roles",
      body: "Banking, NYC.",
    });
    expect(text.status).toBe(303);
    expect((await flashToastOf(text, services()))?.title).toBe("Handed in");
    // A .docx by name that is not one by content is refused; a Word file is kept, twice.
    const fake = await post(
      ada.cookie,
      1,
      { assignmentId: "w1-current-resume" },
      { bytes: new TextEncoder().encode("not a zip"), name: "resume.docx" },
    );
    expect(fake.status).toBe(400);
    expect((fake.body as Body).result?.error?.file?.[0]).toBeTruthy();
    const noFile = await post(ada.cookie, 1, { assignmentId: "w1-current-resume" });
    expect((noFile.body as Body).result?.error?.file).toEqual([weekText.errors.file]);
    for (const name of ["resume.docx", "resume-v2.docx"]) {
      const sent = await post(
        ada.cookie,
        1,
        { assignmentId: "w1-current-resume" },
        { bytes: minimalDocx(name), name },
      );
      expect(sent.status).toBe(303);
    }
    // Week 2 is not open: its assignment is refused.
    const early = await post(
      ada.cookie,
      2,
      { assignmentId: "w2-resume" },
      { bytes: minimalDocx(), name: "r.docx" },
    );
    expect(early.status).toBe(404);
    expect(await stored()).toMatchObject([
      { assignment_id: "w1-target-roles", version: 1, body: "Banking, NYC.", file_id: null },
      { assignment_id: "w1-current-resume", version: 1 },
      { assignment_id: "w1-current-resume", version: 2 },
    ]);
    const week1 = await page(ada.cookie, 1);
    if (!week1.body.open) throw new Error("week 1 should be open");
    const resume = week1.body.assignments.find((a) => a.id === "w1-current-resume")!;
    expect(resume.versions.map((v) => [v.version, v.status, v.file?.name])).toEqual([
      [2, "waiting", "resume-v2.docx"],
      [1, "waiting", "resume.docx"],
    ]);
    expect(resume.late).toBe(false);
    expect(resume.left).toBe(LIMITS.versions - 2);
  });

  it("takes a link only over https, and no more versions than the limit", async () => {
    s.clock.set(new Date("2026-12-01T12:00:00Z"));
    const ada = await scene();
    const http = await post(ada.cookie, 3, {
      assignmentId: "w3-target-list",
      url: "http://sheet.example.com",
    });
    expect((http.body as Body).result?.error?.url).toEqual([weekText.errors.url]);
    for (let n = 1; n <= LIMITS.versions; n++) {
      s.clock.advance(120_000);
      const sent = await post(ada.cookie, 3, {
        assignmentId: "w3-target-list",
        url: `https://sheet.example.com/${n}`,
      });
      expect(sent.status).toBe(303);
    }
    s.clock.advance(120_000);
    const over = await post(ada.cookie, 3, {
      assignmentId: "w3-target-list",
      url: "https://sheet.example.com/x",
    });
    expect(over.status).toBe(409);
    expect(await stored()).toHaveLength(LIMITS.versions);
  });
});

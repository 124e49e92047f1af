import { describe, expect, it } from "vitest";
import { seatScenario } from "../../../tests/support/cohort";
import { callAction, flashToastOf, makeContext, unwrap } from "../../../tests/support/context";
import { testEngines } from "../../../tests/support/databases";
import { minimalDocx } from "../../../tests/support/docx-fixtures";
import { answer, mentoredStudent, signedInMentor } from "../../../tests/support/mentors";
import { outboxRows } from "../../../tests/support/outbox";
import { resumeFileMessages } from "~/features/leads/lead-magnets.words";
import * as mentorHome from "~/features/mentors/routes/mentor";
import * as studentPage from "~/features/mentors/routes/mentor-student";
import * as sessionPage from "~/features/attendance/routes/mentor-session";
import * as fileRoute from "./routes/coursework-file";
import * as reviewRoute from "./routes/mentor-review";
import * as queueRoute from "./routes/mentor-reviews";
import { ensureProgram } from "./program.server";
import type { ReviewPage, WorkItem } from "./reviews.server";
import { reviewPageText, reviewQueueText } from "./reviews.words";
import { submitWork, type WorkInput } from "./submissions.server";

/**
 * Mentors review their students' work (issue 48, item 3), through the real loaders and actions:
 * the queue holds only the mentor's own students' waiting versions; a review is saved with its
 * verdict and emails the student once; another mentor's student's work is not there (404) and
 * nothing changes; bad input changes nothing; files go to their student and mentor only.
 */
describe.each(testEngines())("mentors' reviews of their students' work on $name", (engine) => {
  const s = seatScenario(engine);
  const db = () => s.db();
  const services = () => s.services();

  const RESUME = "w1-current-resume";
  const ROLES = "w1-target-roles";
  const docx = (text = "My resume") => ({ kind: "docx" as const, file: file(text) });
  const file = (text: string) => ({ name: "resume.docx", bytes: minimalDocx(text) });

  /** Ann mentors ada and cy, Bea mentors bob; each signed in. */
  async function scene() {
    await ensureProgram(db(), s.clock.now());
    const ann = await signedInMentor(services(), "ann@example.com", "Ann Mentor");
    const bea = await signedInMentor(services(), "bea@example.com", "Bea Mentor");
    await db()
      .updateTable("mentors")
      .set({ time_zone: "Europe/London" })
      .where("id", "=", ann.id)
      .execute();
    const ada = await mentoredStudent(s, "ada@example.com", ann.id);
    const cy = await mentoredStudent(s, "cy@example.com", ann.id);
    const bob = await mentoredStudent(s, "bob@example.com", bea.id);
    return { ann, bea, ada, cy, bob, cohortId: await s.cohortId() };
  }

  /** A version sent by the student now; the clock then moves on a minute. */
  async function send(
    student: { id: string },
    cohortId: string,
    assignmentId: string,
    work: WorkInput,
  ) {
    const saved = await submitWork(
      db(),
      { personId: student.id, cohortId },
      assignmentId,
      work,
      s.clock.now(),
    );
    if (saved.kind !== "saved") throw new Error("not saved");
    s.clock.advance(60_000);
    return saved.id;
  }

  const queue = async (cookie: string) =>
    (await answer(services(), queueRoute.loader, "/portal/mentor/reviews", cookie)).body as {
      zone: string;
      items: WorkItem[];
    };
  const path = (id: string) => `/portal/mentor/reviews/${id}`;
  const page = (cookie: string, id: string) =>
    answer(services(), reviewRoute.loader, path(id), cookie, { params: { id } });

  /** The review form posted as the browser sends it (multipart), with an optional file. */
  async function review(
    cookie: string,
    id: string,
    fields: Record<string, string>,
    upload?: { name: string; bytes: Uint8Array },
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(
      "file",
      upload ? new File([new Uint8Array(upload.bytes)], upload.name) : new File([], ""),
    );
    const request = new Request(`http://localhost:3000${path(id)}`, {
      method: "POST",
      body: form,
      headers: { cookie },
    });
    try {
      return await unwrap(
        await callAction(reviewRoute.action, request, makeContext(services()), { id }),
      );
    } catch (thrown) {
      return unwrap(thrown);
    }
  }

  const download = (cookie: string, id: string) =>
    answer(services(), fileRoute.loader, `/portal/files/${id}`, cookie, { params: { id } });

  /** What a refused post must leave alone. */
  async function snapshot() {
    const tables = [
      "coursework_submissions",
      "submission_reviews",
      "coursework_files",
      "outbox",
    ] as const;
    const rows: Record<string, unknown> = {};
    for (const table of tables)
      rows[table] = await db()
        .selectFrom(table)
        .select("id")
        .orderBy("id")
        .execute()
        .then((r) => r.map((row) => row.id));
    rows.status = await db()
      .selectFrom("coursework_submissions")
      .select(["id", "status"])
      .orderBy("id")
      .execute();
    return JSON.stringify(rows);
  }

  it("queues only the mentor's own students' waiting versions, the oldest first, in their zone", async () => {
    const { ann, bea, ada, cy, bob, cohortId } = await scene();
    const adaFirst = await send(ada, cohortId, RESUME, docx());
    const bobs = await send(bob, cohortId, RESUME, docx("Bob"));
    const cys = await send(cy, cohortId, ROLES, { kind: "text", body: "Banking, then PE" });
    const adaSecond = await send(ada, cohortId, RESUME, docx("Better"));
    // A version already reviewed is no longer waiting.
    await db()
      .updateTable("coursework_submissions")
      .set({ status: "revise" })
      .where("id", "=", adaFirst)
      .execute();

    const ann_ = await queue(ann.cookie);
    expect(ann_.zone).toBe("Europe/London");
    expect(ann_.items.map((item) => item.id)).toEqual([cys, adaSecond]);
    expect(ann_.items[0]).toMatchObject({
      studentName: "cy",
      week: 1,
      version: 1,
      status: "waiting",
    });
    expect(ann_.items[1]).toMatchObject({ week: 1, version: 2, assignment: expect.any(String) });
    // Sent 12:02 UTC on 22 November: 12:02 PM in London, the zone named.
    expect(ann_.items[0]!.when).toMatch(/12:02 PM GMT \(Europe\/London\)$/);
    expect(JSON.stringify(ann_)).not.toContain(bob.id);
    expect((await queue(bea.cookie)).items.map((item) => item.id)).toEqual([bobs]);

    // The home's link counts the versions waiting.
    const home = await answer(services(), mentorHome.loader, "/portal/mentor", ann.cookie);
    expect((home.body as { toReview: number }).toReview).toBe(2);
    expect(reviewQueueText.homeLink(2)).toContain("2 versions wait");

    // A student whose seat goes to another mentor leaves the queue.
    await db()
      .updateTable("payments")
      .set({ mentor_id: bea.id })
      .where("person_id", "=", cy.id)
      .execute();
    expect((await queue(ann.cookie)).items.map((item) => item.id)).toEqual([adaSecond]);
  });

  it("saves a review: the verdict sets the version's status and the student is emailed once", async () => {
    const { ann, ada, cohortId } = await scene();
    const first = await send(ada, cohortId, RESUME, docx());
    const second = await send(ada, cohortId, RESUME, docx("Better"));

    const shown = (await page(ann.cookie, second)).body as ReviewPage;
    expect(shown.student).toEqual({ id: ada.id, name: "ada" });
    expect(shown.assignment.week).toBe(1);
    expect(shown.assignment.instructions.length).toBeGreaterThan(0);
    expect(shown.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(shown.versions[0]!.file?.name).toBe("resume.docx");
    expect(shown.versions[0]!.when).toContain("(Europe/London)");

    const saved = await review(ann.cookie, first, {
      comment: "Tighten the bullets.\r\nQuantify the internship.",
      verdict: "revise",
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(path(first));
    expect(await flashToastOf(saved, services())).toMatchObject({ title: "Review saved" });

    const rows = await db().selectFrom("submission_reviews").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      submission_id: first,
      mentor_id: ann.id,
      verdict: "revise",
      comment: "Tighten the bullets.\nQuantify the internship.",
      file_id: null,
    });
    const status = async (id: string) =>
      (
        await db()
          .selectFrom("coursework_submissions")
          .select("status")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await status(first)).toBe("revise");
    expect(await status(second)).toBe("waiting");

    const emails = await outboxRows(db(), "coursework_review");
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to_address: "ada@example.com", person_id: ada.id });
    expect(emails[0]!.text).toContain("Ann Mentor reviewed version 1");
    expect(emails[0]!.text).toContain("Quantify the internship.");
    expect(emails[0]!.text).toContain("/portal/weeks/1");

    // The page shows the review under its version.
    const after = (await page(ann.cookie, first)).body as ReviewPage;
    const v1 = after.versions.find((v) => v.version === 1)!;
    expect(v1.status).toBe("revise");
    expect(v1.reviews).toHaveLength(1);
    expect(v1.reviews[0]).toMatchObject({ verdict: "revise", mentorName: "Ann Mentor" });

    // Reviewed again: a new review, the newest verdict, one more email.
    await review(ann.cookie, first, { comment: "On reflection, fine.", verdict: "looks_good" });
    expect(await db().selectFrom("submission_reviews").select("id").execute()).toHaveLength(2);
    expect(await status(first)).toBe("looks_good");
    expect(await outboxRows(db(), "coursework_review")).toHaveLength(2);
  });

  it("keeps another mentor's student's work away: 404 and nothing changes", async () => {
    const { ann, bea, ada, cohortId } = await scene();
    const id = await send(ada, cohortId, RESUME, docx());
    expect((await page(bea.cookie, id)).status).toBe(404);
    expect((await page(ann.cookie, "no-such-submission")).status).toBe(404);
    const before = await snapshot();
    const refused = await review(bea.cookie, id, { comment: "Mine now", verdict: "looks_good" });
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body ?? null)).not.toContain("ada");
    expect(await snapshot()).toBe(before);
    expect((await queue(bea.cookie)).items).toEqual([]);
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const { ann, ada, cohortId } = await scene();
    const id = await send(ada, cohortId, RESUME, docx());
    const before = await snapshot();
    const errorOf = async (
      fields: Record<string, string>,
      upload?: { name: string; bytes: Uint8Array },
    ) => {
      const refused = await review(ann.cookie, id, fields, upload);
      expect(refused.status).toBe(400);
      const body = refused.body as { result: { error: Record<string, string[]> } };
      return body.result.error;
    };
    expect((await errorOf({ comment: "   ", verdict: "revise" })).comment).toEqual([
      reviewPageText.errors.comment,
    ]);
    expect((await errorOf({ comment: "Fine", verdict: "maybe" })).verdict).toEqual([
      reviewPageText.errors.verdict,
    ]);
    expect((await errorOf({ comment: "Fine" })).verdict).toEqual([reviewPageText.errors.verdict]);
    expect((await errorOf({ comment: "x".repeat(4_001), verdict: "revise" })).comment).toHaveLength(
      1,
    );
    const notWord = new TextEncoder().encode("just text");
    expect(
      (await errorOf({ comment: "Fine", verdict: "revise" }, { name: "notes.txt", bytes: notWord }))
        .file,
    ).toEqual([resumeFileMessages.not_docx.description]);
    // Named .docx, but not a Word document: checked by content.
    expect(
      (await errorOf({ comment: "Fine", verdict: "revise" }, { name: "fake.docx", bytes: notWord }))
        .file,
    ).toEqual([resumeFileMessages.unreadable.description]);
    expect(await snapshot()).toBe(before);
  });

  it("serves a file to its student and their mentor only", async () => {
    const { ann, bea, ada, bob, cohortId } = await scene();
    const id = await send(ada, cohortId, RESUME, docx());
    const annotated = minimalDocx("Annotated by Ann");
    const saved = await review(
      ann.cookie,
      id,
      { comment: "See my comments in the file.", verdict: "revise" },
      { name: "ada-annotated.docx", bytes: annotated },
    );
    expect(saved.status).toBe(303);
    const shown = (await page(ann.cookie, id)).body as ReviewPage;
    const own = shown.versions[0]!.file!.id;
    const back = shown.versions[0]!.reviews[0]!.file!;
    expect(back.name).toBe("ada-annotated.docx");
    // The annotated copy is kept under the student, so they can download it.
    const stored = await db()
      .selectFrom("coursework_files")
      .select("person_id")
      .where("id", "=", back.id)
      .executeTakeFirstOrThrow();
    expect(stored.person_id).toBe(ada.id);
    const emails = await outboxRows(db(), "coursework_review");
    expect(emails[0]!.text).toContain("annotated copy");

    for (const fileId of [own, back.id]) {
      for (const cookie of [ada.cookie, ann.cookie]) {
        const got = await fileRoute.loader({
          request: new Request(`http://localhost:3000/portal/files/${fileId}`, {
            headers: { cookie },
          }),
          context: makeContext(services()),
          params: { id: fileId },
        } as never);
        expect(got.status).toBe(200);
        expect(got.headers.get("cache-control")).toBe("private, no-store");
        expect(got.headers.get("content-disposition")).toMatch(/^attachment; filename="/);
      }
      expect((await download(bea.cookie, fileId)).status).toBe(404);
      expect((await download(bob.cookie, fileId)).status).toBe(404);
    }
    const bytes = await fileRoute
      .loader({
        request: new Request(`http://localhost:3000/portal/files/${back.id}`, {
          headers: { cookie: ada.cookie },
        }),
        context: makeContext(services()),
        params: { id: back.id },
      } as never)
      .then((response) => response.arrayBuffer());
    expect(new Uint8Array(bytes)).toEqual(annotated);
    expect((await download(ada.cookie, "no-such-file")).status).toBe(404);
    expect((await download("", own)).status).toBe(302);
  });

  it("links the student's work from their mentor's page", async () => {
    const { ann, ada, cohortId } = await scene();
    await send(ada, cohortId, RESUME, docx());
    const latest = await send(ada, cohortId, RESUME, docx("Better"));
    const text = await send(ada, cohortId, ROLES, { kind: "text", body: "Banking" });
    const shown = await answer(
      services(),
      studentPage.loader,
      `/portal/mentor/students/${ada.id}`,
      ann.cookie,
      { params: { id: ada.id } },
    );
    const work = (shown.body as { work: WorkItem[] }).work;
    expect(work.map((item) => [item.id, item.version]).sort()).toEqual(
      [
        [latest, 2],
        [text, 1],
      ].sort(),
    );
    // The group session of week 1: the week's work of the mentor's students, named.
    const now = s.clock.now().toISOString();
    await db()
      .insertInto("group_sessions")
      .values({
        id: "week-1-session",
        cohort_id: cohortId,
        week: 1,
        starts_at: "2026-11-17T23:00:00.000Z",
        minutes: 60,
        topic: "Resumes",
        recording_url: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const session = await answer(
      services(),
      sessionPage.loader,
      "/portal/mentor/sessions/week-1-session",
      ann.cookie,
      { params: { id: "week-1-session" } },
    );
    const week = (session.body as { work: WorkItem[] }).work;
    expect(week.map((item) => [item.studentName, item.id, item.version]).sort()).toEqual(
      [
        ["ada", latest, 2],
        ["ada", text, 1],
      ].sort(),
    );
  });
});

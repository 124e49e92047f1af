import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { seatFixtures, setCurrentCohort } from "../../../tests/support/cohort";
import { testEngines } from "../../../tests/support/databases";
import { useOwnerConsole } from "../../../tests/support/owner-console";
import { insertMentor } from "../../../tests/support/portal";
import { getCohort } from "~/features/cohort/cohort.server";
import { action as personAction } from "~/features/people/routes/person";
import { loader as exportLoader } from "~/features/people/routes/person-export";
import {
  action as outcomesAction,
  loader as outcomesLoader,
} from "~/features/outcomes/routes/outcomes";
import type { OutcomesReport } from "~/features/outcomes/report.server";
import { ensureProgram } from "./program.server";
import { storeCourseworkFile, submitWork, type WorkInput } from "./submissions.server";

const DOCX: WorkInput = {
  kind: "docx",
  file: { name: "bea-resume.docx", bytes: new Uint8Array([80, 75, 3, 4]) },
};

/**
 * Issue 48's rule: the privacy export holds a student's coursework (versions, the mentors'
 * review comments, file names) and erasure removes it; the graduation rule may count
 * assignments, set by the owner through the outcomes page's form.
 */
describe.each(testEngines())(
  "coursework in the privacy export, erasure and graduation on $name",
  (engine) => {
    const owner = useOwnerConsole(engine);
    const services = () => owner.t.services;
    const db = () => services().db;

    /** bea: two assignments (the resume twice, reviewed with an annotated copy); cal: one. */
    async function scene() {
      await setCurrentCohort(db(), { start_date: "2026-11-09", capacity: 10 });
      const cohortId = (await getCohort(db(), owner.clock.now())).id;
      const now = owner.clock.now();
      await ensureProgram(db(), now);
      const ada = await insertMentor(db(), "ada.mentor@example.com", "Ada Mentor");
      const { person, pay } = seatFixtures(services, owner.clock);
      const paid = async (email: string) => {
        const id = await person(email);
        expect((await pay(id, email)).kind).toBe("enrolled");
        return id;
      };
      const bea = await paid("bea@example.com");
      const cal = await paid("cal@example.com");
      const submit = async (personId: string, assignment: string, work: WorkInput) => {
        owner.clock.advance(1000);
        const saved = await submitWork(
          db(),
          { personId, cohortId },
          assignment,
          work,
          owner.clock.now(),
        );
        if (saved.kind !== "saved") throw new Error("not saved");
        return saved.id;
      };
      const review = async (submissionId: string, comment: string, fileId: string | null) =>
        db()
          .insertInto("submission_reviews")
          .values({
            id: randomUUID(),
            submission_id: submissionId,
            mentor_id: ada,
            verdict: "revise",
            comment,
            file_id: fileId,
            created_at: now.toISOString(),
          })
          .execute();
      const first = await submit(bea, "w1-current-resume", DOCX);
      const annotated = await storeCourseworkFile(
        db(),
        bea,
        { name: "bea-resume-annotated.docx", bytes: new Uint8Array([80, 75, 3, 4, 1]) },
        now,
      );
      await review(first, "Tighten the bullets under your internship.", annotated);
      await submit(bea, "w1-current-resume", DOCX);
      await submit(bea, "w1-target-roles", { kind: "text", body: "Banking analyst in Chicago." });
      const calWork = await submit(cal, "w1-target-roles", {
        kind: "link",
        url: "https://x.test/c",
      });
      await review(calWork, "Cal's own review.", null);
      return { cohortId, bea, cal };
    }

    const rows = (personId: string) =>
      Promise.all([
        db()
          .selectFrom("coursework_submissions")
          .select(["version", "body", "url", "file_id"])
          .where("person_id", "=", personId)
          .orderBy("created_at")
          .orderBy("version")
          .execute(),
        db()
          .selectFrom("submission_reviews as r")
          .innerJoin("coursework_submissions as s", "s.id", "r.submission_id")
          .select("r.comment")
          .where("s.person_id", "=", personId)
          .execute(),
        db()
          .selectFrom("coursework_files")
          .select("name")
          .where("person_id", "=", personId)
          .execute(),
      ]);

    it("exports the submissions, review comments and file names, never the bytes", async () => {
      const { bea } = await scene();
      const response = await owner.get(exportLoader, `/admin/people/${bea}/export`, { id: bea });
      expect(response.status).toBe(200);
      const { coursework } = (response.body as { portal: { coursework: Exported } }).portal;
      expect(
        coursework.submissions.map((s) => [s.assignment, s.version, s.status, s.file_name]),
      ).toEqual([
        ["Your resume as it is today", 1, "waiting", "bea-resume.docx"],
        ["Your resume as it is today", 2, "waiting", "bea-resume.docx"],
        ["Your target roles", 1, "waiting", null],
      ]);
      expect(coursework.submissions[0]!.reviews).toEqual([
        {
          mentor: "Ada Mentor",
          verdict: "revise",
          comment: "Tighten the bullets under your internship.",
          file_name: "bea-resume-annotated.docx",
          created_at: "2026-11-22T12:00:00.000Z",
        },
      ]);
      expect(coursework.submissions[2]!.body).toBe("Banking analyst in Chicago.");
      expect(coursework.files.map((f) => f.name).sort()).toEqual([
        "bea-resume-annotated.docx",
        "bea-resume.docx",
        "bea-resume.docx",
      ]);
      const dump = JSON.stringify(coursework);
      expect(dump).not.toContain("Cal's own review.");
      expect(dump).not.toContain('"data"');
    });

    it("erases the versions, comments and files, and touches nobody else", async () => {
      const { bea, cal } = await scene();
      const calBefore = await rows(cal);
      expect((await rows(bea)).map((r) => r.length)).toEqual([3, 1, 3]);
      const erased = await owner.post(
        personAction,
        `/admin/people/${bea}`,
        { intent: "erase", confirm: "ERASE" },
        { id: bea },
      );
      expect(erased.status).toBe(303);
      expect(await rows(bea)).toEqual([[], [], []]);
      expect(await rows(cal)).toEqual(calBefore);
      // The export has nothing left of it either.
      const response = await owner.get(exportLoader, `/admin/people/${bea}/export`, { id: bea });
      const { coursework } = (response.body as { portal: { coursework: Exported } }).portal;
      expect(coursework).toEqual({ submissions: [], files: [] });
    });

    it("cascades from a deleted person row to their versions, reviews and files", async () => {
      await scene();
      const { person } = seatFixtures(services, owner.clock);
      const dan = await person("dan@example.com");
      const saved = await submitWork(
        db(),
        { personId: dan, cohortId: "any-cohort" },
        "w1-current-resume",
        DOCX,
        owner.clock.now(),
      );
      if (saved.kind !== "saved") throw new Error("not saved");
      await db()
        .insertInto("submission_reviews")
        .values({
          id: randomUUID(),
          submission_id: saved.id,
          mentor_id: "m",
          verdict: "looks_good",
          comment: "Good.",
          file_id: null,
          created_at: owner.clock.now().toISOString(),
        })
        .execute();
      expect((await rows(dan)).map((r) => r.length)).toEqual([1, 1, 1]);
      await db().deleteFrom("people").where("id", "=", dan).execute();
      expect((await rows(dan)).map((r) => r.length)).toEqual([0, 0, 0]);
    });

    it("sets the minimum of assignments through the outcomes form, refusing one out of range", async () => {
      await scene();
      const report = async () =>
        (await owner.get(outcomesLoader, "/admin/outcomes")).body as OutcomesReport;
      // By default assignments are not counted: both graduate (no minimums of the rest either).
      const lenient = { intent: "settings", minGroupSessions: "0", minOneOnOnes: "0" };
      expect(
        (await owner.post(outcomesAction, "/admin/outcomes", { ...lenient, minAssignments: "0" }))
          .status,
      ).toBe(303);
      expect((await report()).cohorts[0]!.figures.graduated).toBe(2);
      const refused = await owner.post(outcomesAction, "/admin/outcomes", {
        ...lenient,
        minAssignments: "37",
      });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain("Please enter a whole number from 0 to 36");
      expect((await report()).settings.minAssignments).toBe(0);
      for (const [minimum, graduated] of [
        ["1", 2],
        ["2", 1],
        ["3", 0],
      ] as const) {
        const saved = await owner.post(outcomesAction, "/admin/outcomes", {
          ...lenient,
          minAssignments: minimum,
        });
        expect(saved.status).toBe(303);
        const now = await report();
        expect(now.settings.minAssignments).toBe(Number(minimum));
        expect(now.cohorts[0]!.figures.graduated).toBe(graduated);
      }
      const audit = await db()
        .selectFrom("audit_log")
        .select("details")
        .where("action", "=", "outcomes.settings")
        .execute();
      expect(audit).toHaveLength(4);
    });
  },
);

interface Exported {
  submissions: {
    assignment: string;
    version: number;
    status: string;
    body: string | null;
    file_name: string | null;
    reviews: Record<string, unknown>[];
  }[];
  files: { name: string }[];
}

import { createHash } from "node:crypto";
import { strToU8 } from "fflate";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { errorToast } from "../../../../tests/support/context";
import { testEngines } from "../../../../tests/support/databases";
import { minimalDocx } from "../../../../tests/support/docx-fixtures";
import {
  DOCX,
  reviewAnswers as answers,
  useResumeReview,
} from "../../../../tests/support/resume-review";

describe.each(testEngines())("resume review on $name", (engine) => {
  const { t, clock, submit, showsSent, page, count, expectNothingStored } = useResumeReview(engine);

  it("stores a real .docx with its metadata, links it from the submission and confirms by email", async () => {
    const bytes = minimalDocx("Grace Hopper, resume");
    const { status, location, flash } = await submit({ bytes, name: "My Resume.docx" });
    expect(status).toBe(303);
    expect(location).toBe("/resume-review?sent=1");
    expect(await showsSent(location)).toBe(true);
    expect(flash).toMatchObject({
      title: "Success!",
      description:
        "Your resume has been submitted for review. We'll notify you when your review is scheduled.",
    });

    const person = await t.services.db.selectFrom("people").selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(person.tags)).toEqual(["resume_review_lead"]);
    expect(JSON.parse(person.lead_magnets)).toEqual(["resume_review"]);
    expect(person.last_lead_magnet_type).toBe("resume_review");

    const upload = await t.services.db.selectFrom("uploads").selectAll().executeTakeFirstOrThrow();
    const name = `grace_hopper@example_com_${clock.now().getTime()}.docx`;
    expect(upload).toMatchObject({
      person_id: person.id,
      name,
      full_path: `resume-reviews/${name}`,
      content_type: DOCX,
      size: bytes.byteLength,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      review_status: "waiting",
      scheduled_for: null,
      created_at: clock.now().toISOString(),
    });
    expect(Buffer.from(upload.data).equals(Buffer.from(bytes))).toBe(true);

    const submission = await t.services.db
      .selectFrom("submissions")
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(upload.submission_id).toBe(submission.id);
    expect(submission).toMatchObject({
      type: "lead_magnet",
      status: "completed",
      source: "direct",
    });
    expect(JSON.parse(submission.form_data)).toMatchObject({
      email: "grace.hopper@example.com",
      resourceType: "resume_review",
      resumeUrl: `/admin/uploads/${upload.id}`,
    });

    const email = await t.services.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
    expect(email).toMatchObject({
      kind: "lead_resume_review",
      to_address: "grace.hopper@example.com",
      subject: "We received your resume",
    });
    expect(email.text).toContain("Hi Grace,");
  });

  it("says when livestreams start, and the next one with a resume booked, in the site's zone", async () => {
    // Sunday, November 22, 2026, 7 AM in New York (SITE_TIME_ZONE); LIVESTREAM_TIME is 19:00.
    clock.set(new Date("2026-11-22T12:00:00Z"));
    expect((await page("/resume-review")).livestream).toEqual({
      startsAt: expect.stringMatching(/^7:00\sPM EST$/),
      next: null,
    });
    for (const email of ["a@example.com", "b@example.com", "c@example.com"]) {
      clock.advance(61_000);
      await submit({ bytes: minimalDocx(email), name: "cv.docx" }, { ...answers, email });
    }
    const uploads = await t.services.db
      .selectFrom("uploads")
      .select("id")
      .orderBy("created_at")
      .execute();
    const book = (id: string, review_status: "scheduled" | "reviewed", scheduled_for: string) =>
      t.services.db
        .updateTable("uploads")
        .set({ review_status, scheduled_for })
        .where("id", "=", id)
        .execute();
    await book(uploads[0]!.id, "scheduled", "2026-11-26");
    await book(uploads[1]!.id, "scheduled", "2026-11-22");
    // Reviewed already: not a livestream to come.
    await book(uploads[2]!.id, "reviewed", "2026-11-24");
    const next = async () => (await page("/resume-review")).livestream.next;
    expect(await next()).toMatch(/^Sun, Nov 22, 7:00\sPM EST$/);
    // 8:30 PM in New York: tonight's is over, Thursday's is next.
    clock.set(new Date("2026-11-23T01:30:00Z"));
    expect(await next()).toMatch(/^Thu, Nov 26, 7:00\sPM EST$/);
    clock.set(new Date("2026-11-27T12:00:00Z"));
    expect(await next()).toBeNull();
  });

  it("stores the same file sent twice within a minute once, and again later", async () => {
    const resume = { bytes: minimalDocx(), name: "cv.docx" };
    await submit(resume);
    clock.advance(10_000);
    const second = await submit(resume);
    expect(second.location).toBe("/resume-review?sent=1");
    expect(second.flash?.title).toBe("Success!");
    expect(await count("uploads")).toBe(1);
    expect(await count("outbox")).toBe(1);
    clock.advance(61_000);
    await submit(resume);
    expect(await count("uploads")).toBe(2);
    expect(await count("submissions")).toBe(2);
    const person = await t.services.db.selectFrom("people").selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(person.tags)).toEqual(["resume_review_lead"]);
  });

  it("keeps the answers when refusing, so the form stays filled", async () => {
    const { body } = await submit({ bytes: strToU8("hi"), name: "cv.docx" });
    expect((body.result as { initialValue?: Record<string, unknown> }).initialValue).toMatchObject({
      firstName: "Grace",
      email: "Grace.Hopper@Example.com",
    });
  });

  it("refuses a submission without a visitor id and stores nothing", async () => {
    const { status, body } = await submit({ bytes: minimalDocx(), name: "cv.docx" }, answers, null);
    expect(status).toBe(400);
    expect(body.toast?.description).toBe(
      "Error: No authenticated user UID found. Please try again or contact support.",
    );
    await expectNothingStored();
  });

  it("answers a filled honeypot like success and stores nothing", async () => {
    const { status, location, flash } = await submit(
      { bytes: minimalDocx(), name: "cv.docx" },
      {
        ...answers,
        website: "spam",
      },
    );
    expect(status).toBe(303);
    expect(location).toBe("/resume-review?sent=1");
    expect(flash?.title).toBe("Success!");
    await expectNothingStored();
  });

  it.each([
    ["the storage is gone", sql`drop table uploads`],
    // Reading for double submits still works; only writing the file fails.
    ["writing the file fails", sql`alter table uploads rename column data to data_moved`],
  ])("says the upload failed, and keeps nothing, when %s", async (_, breakStorage) => {
    await breakStorage.execute(t.services.db);
    try {
      const { status, location, body } = await submit({ bytes: minimalDocx(), name: "cv.docx" });
      expect(status).toBe(500);
      expect(location).toBeNull();
      expect(body.toast).toMatchObject(
        errorToast("Failed to upload resume. Please try again or contact support."),
      );
      for (const table of ["people", "submissions", "outbox"] as const)
        expect(await count(table), table).toBe(0);
    } finally {
      await t.restart();
    }
  });
});

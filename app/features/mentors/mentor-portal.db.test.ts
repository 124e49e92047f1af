import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { seatScenario } from "../../../tests/support/cohort";
import { ownerCookie } from "../../../tests/support/admin";
import { flashToastOf } from "../../../tests/support/context";
import { testEngines } from "../../../tests/support/databases";
import { answer, assignMentor, mentorCookie, mentorFixture } from "../../../tests/support/mentors";
import { uploadRow } from "../../../tests/support/rows";
import { validation } from "~/content/forms";
import { mentorPortal as t, mentorValidation as m } from "./mentors.words";
import { portalSignIn } from "~/features/portal/portal.words";
import { createCohort, makeCurrent } from "~/features/cohort/series.server";
import { refundEnrollment } from "~/features/enrollment/refunds.server";
import { addNote } from "~/features/people/owner-actions.server";
import { startPortalSession } from "~/features/portal/session.server";
import * as personPage from "~/features/people/routes/person";
import * as mentorHome from "~/features/mentors/routes/mentor";
import * as resumeRoute from "~/features/mentors/routes/mentor-resume";
import * as studentPage from "~/features/mentors/routes/mentor-student";
import { makeContext } from "../../../tests/support/context";
import type { MentorStudent } from "./mentor-students.server";

const ANSWERS = {
  careerTargets: ["Banking", "Other"],
  careerOther: "Private equity",
  challenge: "No network in finance yet.",
  motivation: "I love how markets work.",
  heardFrom: "youtube",
  hoursPerWeek: "yes",
};

describe.each(testEngines())("a mentor's students (/portal/mentor) on $name", (engine) => {
  const s = seatScenario(engine);
  const services = () => s.services();
  const db = () => s.db();

  /** Two mentors, each with a student; a paid student waiting for a mentor; cookies for both. */
  async function scene() {
    const ann = { email: "ann@example.com", name: "Ann Mentor" };
    const bea = { email: "bea@example.com", name: "Bea Mentor" };
    const annId = await mentorFixture(services(), ann.email, ann.name);
    const beaId = await mentorFixture(services(), bea.email, bea.name);
    const student = async (email: string, mentorId: string | null) => {
      const id = await s.person(email);
      await db()
        .insertInto("submissions")
        .values({
          id: randomUUID(),
          person_id: id,
          type: "application",
          form_data: JSON.stringify(ANSWERS),
          status: "new",
          source: "apply",
          utm: JSON.stringify({ utm_source: "youtube", utm_campaign: "secret-campaign" }),
          email,
          visitor_id: "v",
          fingerprint: "f",
          created_at: s.clock.now().toISOString(),
        })
        .execute();
      await s.pay(id, email);
      await assignMentor(services(), id, mentorId);
      return id;
    };
    const ada = await student("ada@example.com", annId);
    const bob = await student("bob@example.com", beaId);
    const cat = await student("cat@example.com", null);
    return {
      ada,
      bob,
      cat,
      annId,
      beaId,
      annCookie: await mentorCookie(services(), { id: annId, ...ann }),
      beaCookie: await mentorCookie(services(), { id: beaId, ...bea }),
    };
  }

  const home = (cookie: string) => answer(services(), mentorHome.loader, "/portal/mentor", cookie);
  const page = (cookie: string, id: string) =>
    answer(services(), studentPage.loader, `/portal/mentor/students/${id}`, cookie, {
      params: { id },
    });
  const note = (cookie: string, id: string, body: string) =>
    answer(services(), studentPage.action, `/portal/mentor/students/${id}`, cookie, {
      params: { id },
      fields: { intent: "note", body },
    });
  const resume = (cookie: string, id: string) =>
    answer(services(), resumeRoute.loader, `/portal/mentor/students/${id}/resume`, cookie, {
      params: { id },
    });
  const notes = () => db().selectFrom("person_notes").selectAll().orderBy("created_at").execute();

  it("shows a mentor exactly their own students of the current cohort", async () => {
    const { ada, bob, annCookie, beaCookie } = await scene();
    const ann = await home(annCookie);
    expect(ann.status).toBe(200);
    const annBody = ann.body as { name: string; students: { id: string; name: string }[] };
    expect(annBody.name).toBe("Ann Mentor");
    expect(annBody.students.map((student) => student.id)).toEqual([ada]);
    const bea = (await home(beaCookie)).body as { students: { id: string }[] };
    expect(bea.students.map((student) => student.id)).toEqual([bob]);
    // Nothing of another mentor's student, of payments or of marketing in the answer.
    const text = JSON.stringify(ann.body);
    for (const absent of ["bob@example.com", "cat@example.com", "64900", "utm", "youtube"])
      expect(text).not.toContain(absent);

    // A refunded seat leaves the list; so does every seat of a cohort that is no longer current.
    expect(await refundEnrollment(services(), "boss@example.com", bob, "left")).toBe("refunded");
    expect(((await home(beaCookie)).body as { students: unknown[] }).students).toEqual([]);
    const next = await createCohort(services(), "boss@example.com", {
      startDate: "2027-03-01",
      capacity: 10,
    });
    await makeCurrent(services(), "boss@example.com", next);
    expect(((await home(annCookie)).body as { students: unknown[] }).students).toEqual([]);
    expect((await page(annCookie, ada)).status).toBe(404);
  });

  it("shows one student's profile, answers and notes; another mentor's student is 404", async () => {
    const { ada, bob, cat, annCookie } = await scene();
    await db()
      .insertInto("student_profiles")
      .values({
        person_id: ada,
        time_zone: "America/New_York",
        target_roles: JSON.stringify(["Banking", "Capital Markets"]),
        target_firms: "Goldman, Lazard",
        linkedin_url: "https://www.linkedin.com/in/ada",
        graduation_year: "2027",
        updated_at: s.clock.now().toISOString(),
      })
      .execute();
    const answer_ = await page(annCookie, ada);
    expect(answer_.status).toBe(200);
    const { student } = answer_.body as { student: MentorStudent };
    expect(student).toMatchObject({
      id: ada,
      email: "ada@example.com",
      profile: {
        timeZone: "America/New_York",
        targetRoles: ["Banking", "Capital Markets"],
        targetFirms: "Goldman, Lazard",
        linkedinUrl: "https://www.linkedin.com/in/ada",
        graduationYear: "2027",
      },
      application: {
        careerTargets: ["Banking", "Private equity"],
        challenge: ANSWERS.challenge,
        motivation: ANSWERS.motivation,
      },
      resume: null,
      notes: [],
    });
    const text = JSON.stringify(answer_.body);
    for (const absent of ["secret-campaign", "youtube", "64900", "amount", "hoursPerWeek"])
      expect(text).not.toContain(absent);

    for (const other of [bob, cat, "no-such-person"]) {
      const refused = await page(annCookie, other);
      expect(refused.status, other).toBe(404);
      expect(refused.body).toBeNull();
    }
  });

  it("refuses the mentor pages to a visitor (sign-in) and to a student (403)", async () => {
    const { ada, cat } = await scene();
    const visitor = await page("", ada);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe("/portal");
    const studentCookie = (
      await startPortalSession(
        new Request("http://localhost:3000/portal/login/x"),
        makeContext(services()),
        { role: "student", personId: cat, email: "cat@example.com", firstName: "cat" },
      )
    ).split(";")[0]!;
    for (const refused of [
      await home(studentCookie),
      await page(studentCookie, ada),
      await note(studentCookie, ada, "sneaky"),
      await resume(studentCookie, ada),
    ]) {
      expect(refused.status).toBe(403);
      expect(refused.body).toBe(portalSignIn.forbidden);
    }
    expect(await notes()).toEqual([]);
  });

  it("shows the student's page in the mentor's own time zone, else the site's", async () => {
    const { ada, annId, annCookie } = await scene();
    const zoneOf = async () =>
      ((await page(annCookie, ada)).body as { clock: { zone: string } }).clock.zone;
    expect(await zoneOf()).toBe(services().config.siteTimeZone);
    await db()
      .updateTable("mentors")
      .set({ time_zone: "Asia/Tokyo" })
      .where("id", "=", annId)
      .execute();
    expect(await zoneOf()).toBe("Asia/Tokyo");
  });

  it("saves a mentor's private note, bounded; the owner sees it, another mentor cannot add one", async () => {
    const { ada, bob, annCookie, beaCookie } = await scene();
    const saved = await note(annCookie, ada, "  Strong on markets;\r\nneeds interview practice. ");
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(`/portal/mentor/students/${ada}`);
    expect((await flashToastOf(saved, services()))?.title).toBe(t.noteSaved);
    expect(await notes()).toEqual([
      expect.objectContaining({
        person_id: ada,
        author: "ann@example.com",
        body: "Strong on markets;\nneeds interview practice.",
      }),
    ]);

    // Refused: blank, too long (CR LF counted once: 2000 characters as the box holds them pass).
    const blank = await note(annCookie, ada, "   ");
    expect(blank.status).toBe(400);
    expect(
      (blank.body as { result: { error: Record<string, string[]> } }).result.error.body,
    ).toEqual([m.noteRequired]);
    const long = await note(annCookie, ada, "x".repeat(2001));
    expect(
      (long.body as { result: { error: Record<string, string[]> } }).result.error.body,
    ).toEqual([validation.tooLong(2000)]);
    expect((await note(annCookie, ada, "ab\r\n".repeat(666) + "ab")).status).toBe(303);
    // Another mentor's student, or a student who is not theirs: 404, nothing written.
    expect((await note(beaCookie, ada, "not mine")).status).toBe(404);
    expect((await note(annCookie, bob, "not mine")).status).toBe(404);
    expect(await notes()).toHaveLength(2);

    // The owner's own note stays in the console; the mentor's page lists the mentors' notes.
    await addNote(services(), "boss@example.com", ada, "Owner only: asked about a refund.");
    // Even when the owner's address is also a mentor's, a console note stays the owner's.
    await addNote(services(), "ann@example.com", ada, "Owner only, from a mentor's address.");
    const { student } = (await page(annCookie, ada)).body as { student: MentorStudent };
    expect(student.notes.map((n) => n.author)).toEqual(["Ann Mentor", "Ann Mentor"]);
    expect(JSON.stringify(student.notes)).not.toContain("Owner only");
    const owner = await ownerCookie({ services: services(), config: services().config });
    const person = await answer(services(), personPage.loader, `/admin/people/${ada}`, owner, {
      params: { id: ada },
    });
    const ownerNotes = (person.body as { detail: { notes: { author: string; body: string }[] } })
      .detail.notes;
    expect(ownerNotes.map((n) => n.author).sort()).toEqual([
      "ann@example.com",
      "ann@example.com",
      "ann@example.com",
      "boss@example.com",
    ]);
  });

  it("serves a student's resume only to their own mentor, as a download", async () => {
    const { ada, bob, annCookie, beaCookie } = await scene();
    expect((await resume(annCookie, ada)).status).toBe(404);
    const at = s.clock.now().toISOString();
    await db()
      .insertInto("uploads")
      .values([
        uploadRow("ada-resume", ada, at, {
          name: "Ada Lovelace résumé.docx",
          content_type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
          data: new Uint8Array([80, 75, 3, 4]),
          size: 4,
        }),
        uploadRow("bob-resume", bob, at),
      ])
      .execute();
    await db()
      .insertInto("student_profiles")
      .values([
        { person_id: ada, resume_upload_id: "ada-resume", updated_at: at },
        // A profile pointing at someone else's upload serves nothing.
        { person_id: bob, resume_upload_id: "ada-resume", updated_at: at },
      ])
      .execute();

    const file = await answer(
      services(),
      resumeRoute.loader,
      `/portal/mentor/students/${ada}/resume`,
      annCookie,
      { params: { id: ada } },
    );
    expect(file.status).toBe(200);
    // Named after the student (first name "ada", no last name here), not the file they sent.
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="ada-resume.docx"');
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(file.headers.get("content-length")).toBe("4");

    const { student } = (await page(annCookie, ada)).body as { student: MentorStudent };
    expect(student.resume).toMatchObject({ name: "Ada Lovelace résumé.docx", size: 4 });

    expect((await resume(beaCookie, ada)).status).toBe(404);
    expect((await resume(annCookie, bob)).status).toBe(404);
    expect((await resume(beaCookie, bob)).status).toBe(404);
  });
});

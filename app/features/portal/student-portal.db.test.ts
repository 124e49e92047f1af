import { describe, expect, it } from "vitest";
import { browserCookies } from "../../../tests/support/admin";
import { seatScenario, setCurrentCohort } from "../../../tests/support/cohort";
import { callAction, flashToastOf, makeContext, unwrap } from "../../../tests/support/context";
import { testEngines } from "../../../tests/support/databases";
import { docxFiles, minimalDocx, zipOf } from "../../../tests/support/docx-fixtures";
import * as confirmation from "~/features/enrollment/routes/payment-confirmation";
import * as home from "~/features/portal/routes/home";
import * as prework from "~/features/portal/routes/prework";
import * as profile from "~/features/portal/routes/profile";
import { PAYER_SIGN_IN_WINDOW_MS } from "./portal";
import { resumeQueue, scheduleReview } from "~/features/resume-reviews/resume-queue.server";

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const URL_BASE = "http://localhost:3000";

describe.each(testEngines())("the student's portal on $name", (engine) => {
  const s = seatScenario(engine);

  /** Runs a loader or action; a thrown answer (redirect, 403) is returned as one. */
  async function run(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    fn: (args: any) => Promise<unknown>,
    request: Request,
    visitorId: string | null = "visitor-1",
  ) {
    const result = await callAction(fn, request, makeContext(s.services(), { visitorId })).catch(
      (thrown: unknown) => thrown,
    );
    return unwrap(result);
  }

  async function holdOf(personId: string) {
    return s
      .db()
      .selectFrom("seat_holds")
      .select(["session_id", "visitor_id"])
      .where("person_id", "=", personId)
      .executeTakeFirstOrThrow();
  }

  const confirmationPage = (sessionId: string, visitorId: string | null, cookie = "") =>
    run(
      confirmation.loader,
      new Request(`${URL_BASE}/payment-confirmation?session_id=${sessionId}`, {
        headers: cookie ? { cookie } : {},
      }),
      visitorId,
    );

  /** A student who paid and opened the confirmation page in the browser that paid. */
  async function student(email = "ada@example.com") {
    const id = await s.person(email);
    expect((await s.pay(id, email)).kind).toBe("enrolled");
    const hold = await holdOf(id);
    const page = await confirmationPage(hold.session_id!, hold.visitor_id);
    return { id, cookie: browserCookies(page.headers) };
  }

  function profilePost(
    cookie: string,
    fields: Record<string, string | string[]>,
    resume?: { bytes: Uint8Array; name: string },
  ) {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields))
      for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
    if (resume)
      body.append(
        "resume",
        new File([resume.bytes as Uint8Array<ArrayBuffer>], resume.name, { type: DOCX }),
      );
    return new Request(`${URL_BASE}/portal/profile`, {
      method: "POST",
      body,
      headers: { cookie },
    });
  }

  const formRequestWith = (cookie: string, fields: Record<string, string>) =>
    new Request(`${URL_BASE}/portal`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { cookie },
    });

  const get = (path: string, cookie: string) =>
    new Request(`${URL_BASE}${path}`, { headers: { cookie } });

  const profileRow = (personId: string) =>
    s
      .db()
      .selectFrom("student_profiles")
      .selectAll()
      .where("person_id", "=", personId)
      .executeTakeFirstOrThrow();

  const complete = {
    timeZone: "America/Chicago",
    targetRoles: ["Banking", "Wealth Management"],
    targetFirms: "Baird, Raymond James",
    linkedinUrl: "linkedin.com/in/ada-lovelace",
    graduationYear: "2027",
  };

  describe("/payment-confirmation", () => {
    it("signs in the browser that paid, and only it", async () => {
      const id = await s.person("ada@example.com");
      await s.pay(id, "ada@example.com");
      const hold = await holdOf(id);

      const elsewhere = await confirmationPage(hold.session_id!, "another-browser");
      expect(elsewhere.body).toMatchObject({ state: "paid", portalSignedIn: false });
      expect(elsewhere.headers.getSetCookie()).toEqual([]);
      const noVisitor = await confirmationPage(hold.session_id!, null);
      expect(noVisitor.headers.getSetCookie()).toEqual([]);
      expect(await s.db().selectFrom("portal_sessions").selectAll().execute()).toHaveLength(0);

      const paid = await confirmationPage(hold.session_id!, hold.visitor_id);
      expect(paid.body).toMatchObject({ state: "paid", portalSignedIn: true });
      const cookie = browserCookies(paid.headers);
      const page = await run(home.loader, get("/portal", cookie));
      expect(page.body).toMatchObject({ view: "student", firstName: "ada" });

      // Signed in already: the page offers the portal and starts no second session.
      const again = await confirmationPage(hold.session_id!, hold.visitor_id, cookie);
      expect(again.body).toMatchObject({ portalSignedIn: true });
      expect(again.headers.getSetCookie()).toEqual([]);
      expect(await s.db().selectFrom("portal_sessions").selectAll().execute()).toHaveLength(1);
    });

    it("signs in from the confirmation once: after a sign-out, reopening it signs nobody in", async () => {
      const id = await s.person("shared@example.com");
      await s.pay(id, "shared@example.com");
      const hold = await holdOf(id);
      const paid = await confirmationPage(hold.session_id!, hold.visitor_id);
      const cookie = browserCookies(paid.headers);
      const out = await run(home.action, formRequestWith(cookie, { intent: "sign_out" }));
      expect(out.status).toBe(303);
      const back = await confirmationPage(hold.session_id!, hold.visitor_id);
      expect(back.body).toMatchObject({ state: "paid", portalSignedIn: false });
      expect(back.headers.getSetCookie()).toEqual([]);
      expect(await s.db().selectFrom("portal_sessions").selectAll().execute()).toHaveLength(0);
    });

    it("does not sign in from the confirmation an hour after the payment", async () => {
      const id = await s.person("late@example.com");
      await s.pay(id, "late@example.com");
      const hold = await holdOf(id);
      s.clock.advance(PAYER_SIGN_IN_WINDOW_MS + 1000);
      const page = await confirmationPage(hold.session_id!, hold.visitor_id);
      expect(page.body).toMatchObject({ state: "paid", portalSignedIn: false });
      expect(page.headers.getSetCookie()).toEqual([]);
    });
  });

  describe("/portal/profile", () => {
    it("refuses a visitor (sign-in page)", async () => {
      const answer = await run(profile.loader, get("/portal/profile", ""));
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe("/portal");
      const post = await run(profile.action, profilePost("", complete));
      expect(post.status).toBe(302);
    });

    it("prefills the graduation year and guesses no zone before the first save", async () => {
      const { cookie } = await student();
      await s.db().updateTable("people").set({ graduation_year: "2028" }).execute();
      const page = await run(profile.loader, get("/portal/profile", cookie));
      expect(page.body).toMatchObject({
        values: { timeZone: "America/New_York", graduationYear: "2028", targetRoles: [] },
        guessZone: true,
        resumeStored: null,
        missing: ["time_zone", "target_roles", "linkedin_url", "resume"],
      });
    });

    it("offers the finance tracks of the application until the profile is saved", async () => {
      const { id, cookie } = await student();
      const at = s.clock.now().toISOString();
      await s
        .db()
        .insertInto("submissions")
        .values({
          id: "application-1",
          person_id: id,
          type: "application",
          form_data: JSON.stringify({ careerTargets: ["Banking", "Other", "Capital Markets"] }),
          status: "qualified",
          source: "direct",
          utm: "{}",
          email: "ada@example.com",
          visitor_id: "v",
          fingerprint: "f",
          created_at: at,
        })
        .execute();
      const page = await run(profile.loader, get("/portal/profile", cookie));
      expect(page.body).toMatchObject({ values: { targetRoles: ["Banking", "Capital Markets"] } });
    });

    it("saves a complete profile with a resume kept out of the review queue", async () => {
      const { id, cookie } = await student();
      const bytes = minimalDocx("Ada Lovelace, resume");
      const saved = await run(
        profile.action,
        profilePost(cookie, complete, { bytes, name: "My CV.docx" }),
      );
      expect(saved.status).toBe(303);
      expect(saved.headers.get("location")).toBe("/portal/profile");
      expect(await flashToastOf(saved, s.services())).toMatchObject({
        title: "Profile saved",
        description: "Your profile is complete.",
      });
      const row = await profileRow(id);
      expect(row).toMatchObject({
        time_zone: "America/Chicago",
        target_firms: "Baird, Raymond James",
        linkedin_url: "https://linkedin.com/in/ada-lovelace",
        graduation_year: "2027",
        profile_done_at: s.clock.now().toISOString(),
      });
      expect(JSON.parse(row.target_roles)).toEqual(["Banking", "Wealth Management"]);
      const upload = await s
        .db()
        .selectFrom("uploads")
        .selectAll()
        .where("id", "=", row.resume_upload_id!)
        .executeTakeFirstOrThrow();
      expect(upload).toMatchObject({ person_id: id, review_status: "profile", size: bytes.length });
      expect(upload.full_path).toMatch(/^portal-resumes\/ada@example_com_\d+\.docx$/);
      expect(await resumeQueue(s.db(), "waiting")).toEqual([]);
      expect(await scheduleReview(s.db(), upload.id, "2026-12-01", "owner", s.clock.now())).toBe(
        false,
      );

      // A new resume replaces the old one; the same file again keeps it.
      s.clock.advance(60_000);
      await run(
        profile.action,
        profilePost(cookie, complete, { bytes: minimalDocx("v2"), name: "v2.docx" }),
      );
      const replaced = await profileRow(id);
      expect(replaced.resume_upload_id).not.toBe(upload.id);
      expect(replaced.profile_done_at).toBe(row.profile_done_at);
      const uploads = await s.db().selectFrom("uploads").select("id").execute();
      expect(uploads).toEqual([{ id: replaced.resume_upload_id }]);

      const page = await run(profile.loader, get("/portal/profile", cookie));
      expect(page.body).toMatchObject({ guessZone: false, missing: [] });
      expect((page.body as { resumeStored: string }).resumeStored).toMatch(/CST$/);
    });

    it("saves a partial profile and says what is missing", async () => {
      const { id, cookie } = await student();
      const saved = await run(
        profile.action,
        profilePost(cookie, { timeZone: "Europe/London", graduationYear: "2026" }),
      );
      expect(saved.status).toBe(303);
      expect((await flashToastOf(saved, s.services()))?.description).toBe(
        "Still missing: a target role, your LinkedIn URL, your resume.",
      );
      expect(await profileRow(id)).toMatchObject({
        time_zone: "Europe/London",
        profile_done_at: null,
      });
    });

    it("refuses invalid fields with their messages and changes nothing", async () => {
      const { id, cookie } = await student();
      const before = await profileRow(id);
      for (const bad of [
        { linkedinUrl: "https://www.linkedln.com/in/ada" },
        { timeZone: "America/Atlantis" },
        { graduationYear: "27" },
        { targetRoles: ["Banking", "Astronaut"] },
      ]) {
        const answer = await run(
          profile.action,
          profilePost(cookie, { ...complete, ...bad }, { bytes: minimalDocx(), name: "cv.docx" }),
        );
        expect(answer.status, JSON.stringify(bad)).toBe(400);
        const body = answer.body as { result: { error: Record<string, string[]> } };
        expect(Object.keys(body.result.error), JSON.stringify(bad)).toEqual(Object.keys(bad));
      }
      expect(await profileRow(id)).toEqual(before);
      expect(await s.db().selectFrom("uploads").selectAll().execute()).toEqual([]);
    });

    it("refuses a resume by its content, as the resume review does, and changes nothing", async () => {
      const { id, cookie } = await student();
      const before = await profileRow(id);
      const cases = [
        { bytes: new TextEncoder().encode("%PDF-1.7 not a docx"), message: /isn't a Word/ },
        {
          bytes: zipOf({ ...docxFiles(), "word/vbaProject.bin": "macro" }),
          message: /^Please upload a \.docx file$/,
        },
      ];
      for (const { bytes, message } of cases) {
        const answer = await run(
          profile.action,
          profilePost(cookie, complete, { bytes, name: "cv.docx" }),
        );
        expect(answer.status).toBe(400);
        const body = answer.body as {
          result: { error: Record<string, string[]> };
          toast: { description: string };
        };
        expect(body.result.error.resume![0]).toMatch(message);
        expect(body.toast.description).toMatch(message);
      }
      expect(await profileRow(id)).toEqual(before);
      expect(await s.db().selectFrom("uploads").selectAll().execute()).toEqual([]);
    });
  });

  describe("/portal/prework and the home's checklist", () => {
    it("marks the pre-work read once, and the home shows the progress", async () => {
      const { id, cookie } = await student();
      await setCurrentCohort(s.db(), { start_date: "2027-01-13" });
      const before = await run(home.loader, get("/portal", cookie));
      expect(before.body).toMatchObject({
        home: {
          startDisplay: "January 11",
          checklist: { done: 0, total: 3 },
          due: { kind: "onboarding", onboardingLeft: ["profile", "calendar", "prework"] },
        },
      });
      const weeks = (before.body as { home: { weeks: { weekOf: string; title: string }[] } }).home
        .weeks;
      expect(weeks.map((week) => week.weekOf)).toEqual([
        "January 11",
        "January 18",
        "January 25",
        "February 1",
        "February 8",
        "February 15",
      ]);
      expect(weeks[0]!.title).toBe("Assessment and resume review");

      const page = await run(prework.loader, get("/portal/prework", cookie));
      expect(page.body).toEqual({ readOn: null });
      const bad = await run(
        prework.action,
        new Request(`${URL_BASE}/portal/prework`, {
          method: "POST",
          body: new URLSearchParams({ intent: "forget" }),
          headers: { cookie },
        }),
      );
      expect(bad.status).toBe(400);
      const markRead = () =>
        run(
          prework.action,
          new Request(`${URL_BASE}/portal/prework`, {
            method: "POST",
            body: new URLSearchParams({ intent: "mark_read" }),
            headers: { cookie },
          }),
        );
      const marked = await markRead();
      expect(marked.status).toBe(303);
      expect(marked.headers.get("location")).toBe("/portal");
      const readAt = (await profileRow(id)).prework_read_at;
      expect(readAt).toBe(s.clock.now().toISOString());
      s.clock.advance(60_000);
      await markRead();
      expect((await profileRow(id)).prework_read_at).toBe(readAt);

      await run(
        profile.action,
        profilePost(cookie, complete, { bytes: minimalDocx(), name: "cv.docx" }),
      );
      const after = await run(home.loader, get("/portal", cookie));
      expect(after.body).toMatchObject({
        home: {
          checklist: { done: 2, total: 3, complete: false },
          due: { onboardingLeft: ["calendar"] },
        },
      });

      // During the programme: this week's work, by the site's calendar (Sunday, November 22,
      // 2026 is the last day of week 2 of a cohort starting November 10).
      await setCurrentCohort(s.db(), { start_date: "2026-11-10" });
      const during = await run(home.loader, get("/portal", cookie));
      expect(during.body).toMatchObject({ home: { due: { kind: "week", week: 2 } } });
    });
  });
});

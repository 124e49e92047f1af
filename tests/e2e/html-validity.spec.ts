import { randomUUID } from "node:crypto";
import { execFileSync } from "node:child_process";
import { ADMIN_PATH, createAccount, logIn } from "./admin-support";
import { minimalDocx } from "../support/docx-fixtures";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { hasJava, validate, vnuJava } from "./validator";
import { assignMentor, createMentor, payingStudent, signInToPortal } from "./mentor-support";
import { payOnTestCheckout, submitApplication } from "./people";
import { PNG_3x2, TEXT_FILE } from "../support/photos";
import { confirmedOfferFor } from "./testimonial-support";
import { fillApplication, releaseAllHolds, setCohort, uniqueEmail, withDb } from "./support";
import { surveyedStudent } from "./survey-support";
import { applicationFields, filledTracker } from "../support/job-search";
import { insertApplication } from "../../app/features/job-search/job-search.server";

/**
 * Every public page, every console page and every page of the student's portal is valid HTML by
 * the W3C Nu validator (vnu-jar from npm, run with the machine's Java): no errors, as the pages are
 * served (server-rendered).
 */

const PUBLIC_PAGES = [
  "/",
  "/privacy",
  "/terms",
  "/apply",
  "/apply?result=not_ready",
  "/apply?result=not_suited_consulting",
  "/enroll",
  "/resume-template",
  "/resume-template?sent=1",
  "/resource-library?sent=1",
  "/resume-review?sent=1",
  "/cold-outreach",
  "/application-tracker",
  "/resource-library",
  "/resume-review",
  "/link-generator",
  "/link-generator?platform=youtube&video=dQw4w9WgXcQ&destinations=resume_template&destinations=application",
  "/link-generator?platform=linkedin&rep=",
  "/link-generator?platform=linkedin&rep=jane+d&destinations=application",
  "/link-generator?platform=linkedin&rep=jane_d&destinations=application&destinations=resume_review",
  "/link-generator?platform=youtube&video=my+video&destinations=resume_template",
  "/payment-confirmation",
  "/checkout/test/no-such-session",
  "/checkout/test-card/no-such-plan",
  "/no-such-page",
  ADMIN_PATH,
];

const ADMIN_PAGES = [
  ADMIN_PATH,
  "/admin",
  "/admin/people",
  "/admin/resumes",
  "/admin/attribution",
  "/admin/funnel",
  "/admin/funnel?group=link",
  "/admin/outcomes",
  "/admin/money",
  "/admin/emails",
  "/admin/cohorts",
  "/admin/broadcasts",
  "/admin/sequences",
  "/admin/sequences/resume/2",
  "/admin/jobs",
  "/admin/mentors",
  "/admin/testimonials",
  "/admin/program",
  "/admin/program/2",
  "/admin/business",
  "/admin/payment-plan",
  "/admin/codes",
];

/** A week-1 group session of the current cohort that started yesterday (made if missing). */
async function startedSession() {
  return withDb(async (db) => {
    const cohort = await db
      .selectFrom("cohorts")
      .select("id")
      .where("is_current", "=", 1)
      .executeTakeFirstOrThrow();
    const startsAt = new Date(Date.now() - 86_400_000).toISOString();
    const now = new Date().toISOString();
    await db
      .insertInto("group_sessions")
      .values({
        id: randomUUID(),
        cohort_id: cohort.id,
        week: 1,
        starts_at: startsAt,
        minutes: 60,
        topic: "Validated session",
        recording_url: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(["cohort_id", "week"]).doUpdateSet({ starts_at: startsAt, status: "scheduled" }),
      )
      .execute();
    const session = await db
      .selectFrom("group_sessions")
      .select("id")
      .where("cohort_id", "=", cohort.id)
      .where("week", "=", 1)
      .executeTakeFirstOrThrow();
    return { cohortId: cohort.id, sessionId: session.id };
  });
}

test.describe("W3C Nu validator", () => {
  test.skip(!hasJava, "SKIPPED: no java on PATH, so the Nu validator (vnu-jar) cannot run");

  test("every public and console page has no HTML errors", async ({ page, browser }) => {
    test.setTimeout(120_000);
    // The validator's own version, so a failure names what judged it.
    execFileSync("java", [...vnuJava, "--version"], { encoding: "utf8" });
    const pages = new Map<string, string>();
    const visitor = await browser.newPage();
    for (const url of PUBLIC_PAGES) {
      const response = await visitor.request.get(url);
      pages.set(url, await response.text());
    }
    await visitor.close();

    await releaseAllHolds();
    await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1 });
    const admin = uniqueEmail("vnu-owner");
    await createAccount(admin, true);
    // Someone on the console's pages, so the person page and the tables have rows.
    await page.goto("/apply");
    const email = uniqueEmail("vnu-person");
    await fillApplication(page, { email });
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect(page).toHaveURL(/\/enroll$/);
    const enroll = await (await page.request.get("/enroll")).text();
    // The qualified view (the request shares the page's cookies), not the "apply first" one.
    expect(enroll).toContain("Enroll Now for $649");
    pages.set("/enroll (qualified)", enroll);
    await page.getByRole("button", { name: "Enroll Now for $649" }).click();
    await expect(page).toHaveURL(/\/checkout\/test\//);
    pages.set("/checkout/test/:sessionId", await (await page.request.get(page.url())).text());
    // The seat this checkout holds goes back, so later specs find the cohort as they left it.
    await releaseAllHolds();
    const person = await withDb((db) =>
      db
        .selectFrom("people")
        .select(["id", "unsubscribe_token"])
        .where("email", "=", email)
        .executeTakeFirstOrThrow(),
    );
    for (const url of [`/unsubscribe/${person.unsubscribe_token}`, "/unsubscribe/unknown"]) {
      const response = await page.request.get(url);
      pages.set(url, await response.text());
    }
    await logIn(page, admin);
    const cohort = await withDb((db) =>
      db.selectFrom("cohorts").select("id").where("is_current", "=", 1).executeTakeFirstOrThrow(),
    );
    // The cohort's six group sessions planned, one of them canceled, so the page lists them. An
    // earlier spec of this worker may have planned them at other times: start from none.
    await withDb((db) =>
      db.deleteFrom("group_sessions").where("cohort_id", "=", cohort.id).execute(),
    );
    await setCohort({ start_date: "2027-03-01" });
    const cohortPage = `/admin/cohorts/${cohort.id}`;
    const origin = { origin: new URL(page.url()).origin };
    const planned = await page.request.post(cohortPage, {
      form: {
        intent: "session_settings",
        weekday: "2",
        time: "19:00",
        minutes: "60",
        liveUrl: "https://meet.example.com/vnu",
      },
      headers: origin,
    });
    expect(planned.ok()).toBe(true);
    const sessionOf = (week: number) =>
      withDb((db) =>
        db
          .selectFrom("group_sessions")
          .select("id")
          .where("cohort_id", "=", cohort.id)
          .where("week", "=", week)
          .executeTakeFirstOrThrow(),
      );
    const session = await sessionOf(6);
    // "Cancel session" asks first (its question is a page of its own), then cancels.
    const asked = await page.request.post(cohortPage, {
      form: { intent: "session_cancel", id: session.id },
      headers: origin,
    });
    expect(await asked.text()).toContain("Cancel session?");
    pages.set(`${cohortPage} (cancel asked)`, await asked.text());
    await page.request.post(cohortPage, {
      form: { intent: "session_cancel", id: session.id, confirm: "yes" },
      headers: origin,
    });
    // A refused move (to the time it already has, Tuesday of week 5): the error under the field.
    const refusedMove = await page.request.post(cohortPage, {
      form: { intent: "session_move", id: (await sessionOf(5)).id, startsAt: "2027-03-30T19:00" },
      headers: origin,
    });
    expect(refusedMove.status()).toBe(409);
    expect(await refusedMove.text()).toContain("That session already starts then");
    pages.set(`${cohortPage} (refused move)`, await refusedMove.text());
    const detailPages = [`/admin/people/${person.id}`, cohortPage];
    for (const url of [...ADMIN_PAGES, ...detailPages]) {
      const response = await page.request.get(url);
      expect(response.status(), url).toBe(200);
      pages.set(`${url} (signed in)`, await response.text());
    }
    const email_ = await withDb((db) =>
      db.selectFrom("outbox").select("id").where("to_address", "=", email).executeTakeFirst(),
    );
    if (email_) {
      const response = await page.request.get(`/admin/emails/${email_.id}`);
      pages.set("/admin/emails/:id (signed in)", await response.text());
    }

    expect(validate(pages)).toEqual([]);
  });

  test("the mentors' pages have no HTML errors", async ({ page, browser }) => {
    test.setTimeout(120_000);
    await releaseAllHolds();
    // Week 1 starts next Monday, so the booking page has free times to show.
    const monday = new Date();
    monday.setUTCDate(monday.getUTCDate() + 7 - ((monday.getUTCDay() + 6) % 7));
    await setCohort({
      capacity: 10,
      enrolled_count: 0,
      is_active: 1,
      start_date: monday.toISOString().slice(0, 10),
    });
    const admin = uniqueEmail("vnu-mentors-owner");
    await createAccount(admin, true);
    const mentor = uniqueEmail("vnu-mentor");
    await createMentor(mentor, "Vera Validator");
    const student = uniqueEmail("vnu-mentee");
    const studentId = await payingStudent(browser, student);
    await assignMentor(student, mentor);

    const pages = new Map<string, string>();
    const m = await (await browser.newContext()).newPage();
    await signInToPortal(m, mentor);
    // A note, so the page's list of notes is there too.
    const studentPage = `/portal/mentor/students/${studentId}`;
    await m.goto(studentPage);
    await m.getByLabel("Add a note").fill("Validated.");
    await m.getByRole("button", { name: "Save note" }).click();
    await expect(m.getByTestId("mentor-notes")).toBeVisible();
    // The job search: an application of the student, on the board, their page and its own.
    const jobId = await withDb((db) => {
      const at = new Date().toISOString();
      const added = { at, from: null, to: "wishlist" as const, round: null, note: null };
      return insertApplication(db, studentId, applicationFields("Validated Capital"), [added], at);
    });
    const jobPage = `${studentPage}/applications/${jobId}`;
    for (const url of ["/portal/mentor", studentPage, "/portal/mentor/board", jobPage]) {
      const response = await m.request.get(url);
      expect(response.status(), url).toBe(200);
      pages.set(`${url} (mentor)`, await response.text());
    }
    // A refused note: the page with the error under the box (a plain post, as without JavaScript).
    const refused = await m.request.post(studentPage, {
      form: { intent: "note", body: " " },
      headers: { origin: new URL(m.url()).origin },
    });
    expect(refused.status()).toBe(400);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain("Please write a note");
    pages.set(`${studentPage} (refused note)`, refusedPage);
    // Availability: the meeting place, hours and a day off, then a refused row (errors under the fields).
    const origin = { origin: new URL(m.url()).origin };
    const availability = "/portal/mentor/availability";
    const forms: Record<string, string>[] = [
      { intent: "place", place: "https://meet.example.com/vera" },
      { intent: "add_hours", weekday: "3", from: "10:00", to: "12:00" },
      { intent: "add_off", date: "2099-01-01" },
    ];
    for (const form of forms)
      expect((await m.request.post(availability, { form, headers: origin })).status()).toBe(200);
    pages.set(`${availability} (mentor)`, await (await m.request.get(availability)).text());
    const badRow = await m.request.post(availability, {
      form: { intent: "add_hours", weekday: "3", from: "12:00", to: "11:00" },
      headers: origin,
    });
    expect(badRow.status()).toBe(400);
    pages.set(`${availability} (refused row)`, await badRow.text());
    // The student's week of free times, then their booking, and the mentor's list with it.
    const s = await (await browser.newContext()).newPage();
    await signInToPortal(s, student);
    pages.set("/portal/book (free times)", await (await s.request.get("/portal/book")).text());
    await s.goto("/portal/book");
    await s.locator("[data-slot]").first().click();
    await expect(s.locator("[data-booking]")).toBeVisible();
    pages.set("/portal/book (booked)", await (await s.request.get("/portal/book")).text());
    // Interviews and offers: none, a refused report, then reported; the deep-dive locked, then open.
    const studentOrigin = { origin: new URL(s.url()).origin };
    pages.set(
      "/portal/interviews (none)",
      await (await s.request.get("/portal/interviews")).text(),
    );
    pages.set(
      "/portal/deep-dive (locked)",
      await (await s.request.get("/portal/deep-dive")).text(),
    );
    const badReport = await s.request.post("/portal/interviews", {
      form: { intent: "offer", firm: "", role: "", track: "Astronomy", kind: "x" },
      headers: studentOrigin,
    });
    expect(badReport.status()).toBe(400);
    pages.set("/portal/interviews (refused offer)", await badReport.text());
    const interviewDay = new Date(monday.getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
    const reports: Record<string, string>[] = [
      { intent: "interview", firm: "Lazard", role: "Analyst", date: interviewDay },
      { intent: "offer", firm: "Lazard", role: "Analyst", track: "Banking", kind: "internship" },
    ];
    for (const form of reports)
      expect(
        (await s.request.post("/portal/interviews", { form, headers: studentOrigin })).status(),
      ).toBe(200);
    pages.set(
      "/portal/interviews (reported)",
      await (await s.request.get("/portal/interviews")).text(),
    );
    const deepDive = `/portal/deep-dive?week=${monday.toISOString().slice(0, 10)}`;
    const openDive = await (await s.request.get(deepDive)).text();
    expect(openDive).toContain("data-slot");
    pages.set("/portal/deep-dive (free hours)", openDive);
    pages.set(`${studentPage} (an offer)`, await (await m.request.get(studentPage)).text());
    await s.context().close();
    pages.set("/portal/mentor (a booking)", await (await m.request.get("/portal/mentor")).text());
    // A group session that has started: the mentor's and the owner's session pages with their
    // forms, and a refused recording link (the error under the field).
    const { cohortId, sessionId } = await startedSession();
    const sessionPage = `/portal/mentor/sessions/${sessionId}`;
    const mentorSession = await m.request.get(sessionPage);
    expect(mentorSession.status()).toBe(200);
    pages.set(`${sessionPage} (mentor)`, await mentorSession.text());
    const badLink = await m.request.post(sessionPage, {
      form: { intent: "recording", url: "http://not-https.example.com" },
      headers: origin,
    });
    expect(badLink.status()).toBe(400);
    pages.set(`${sessionPage} (refused link)`, await badLink.text());
    await m.context().close();

    await logIn(page, admin);
    const mentors = await page.request.get("/admin/mentors");
    expect(mentors.status()).toBe(200);
    pages.set("/admin/mentors (with mentors)", await mentors.text());
    for (const url of [
      `/admin/cohorts/${cohortId}/sessions/${sessionId}`,
      `/admin/cohorts/${cohortId}`,
    ]) {
      const response = await page.request.get(url);
      expect(response.status(), url).toBe(200);
      pages.set(`${url} (attendance)`, await response.text());
    }

    expect(validate(pages)).toEqual([]);
  });

  test("the end-of-program survey's pages have no HTML errors", async ({ page, browser }) => {
    test.setTimeout(240_000);
    const pages = new Map<string, string>();
    const { email, cohortId } = await surveyedStudent(browser, "vnu-survey");
    const s = await (await browser.newContext()).newPage();
    await signInToPortal(s, email);
    pages.set("/portal (survey to answer)", await (await s.request.get("/portal")).text());
    pages.set("/portal/survey (open)", await (await s.request.get("/portal/survey")).text());
    const origin = { origin: new URL(s.url()).origin };
    const refused = await s.request.post("/portal/survey", {
      form: { score: "11", helped: "x".repeat(1001) },
      headers: origin,
    });
    expect(refused.status()).toBe(400);
    pages.set("/portal/survey (refused)", await refused.text());
    const sent = await s.request.post("/portal/survey", {
      form: { score: "7", helped: "The group sessions", change: "More mock interviews" },
      headers: origin,
    });
    expect(sent.status()).toBe(200);
    pages.set("/portal/survey (answered)", await (await s.request.get("/portal/survey")).text());
    await s.context().close();

    const admin = uniqueEmail("vnu-survey-owner");
    await createAccount(admin, true);
    await logIn(page, admin);
    const current = await withDb((db) =>
      db.selectFrom("cohorts").select("id").where("is_current", "=", 1).executeTakeFirstOrThrow(),
    );
    for (const [url, state] of [
      [`/admin/cohorts/${cohortId}/survey`, "an answer"],
      [`/admin/cohorts/${current.id}/survey`, "none sent"],
    ] as const) {
      const response = await page.request.get(url);
      expect(response.status(), url).toBe(200);
      pages.set(`${url} (${state})`, await response.text());
      await page.goto(url);
      await expectNoAxeViolations(page);
    }

    expect(validate(pages)).toEqual([]);
  });

  test("the progress line's pages have no HTML errors", async ({ page, browser }) => {
    test.setTimeout(120_000);
    await releaseAllHolds();
    await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1, start_date: "2027-01-13" });
    const mentor = uniqueEmail("vnu-progress-mentor");
    await createMentor(mentor, "Vic Progress");
    const student = uniqueEmail("vnu-progress");
    await payingStudent(browser, student);
    await assignMentor(student, mentor);
    // The cohort in its third week, with work past due and 1-on-1s owed.
    const monday = new Date();
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) - 14);
    await setCohort({ start_date: monday.toISOString().slice(0, 10) });
    const pages = new Map<string, string>();
    for (const [email, url, shows] of [
      [student, "/portal", "Past due"],
      [mentor, "/portal/mentor/board", "Behind: work past due"],
    ] as const) {
      const reader = await (await browser.newContext()).newPage();
      await signInToPortal(reader, email);
      const html = await (await reader.request.get(url)).text();
      expect(html).toContain(shows);
      pages.set(`${url} (progress)`, html);
      await reader.context().close();
    }
    const admin = uniqueEmail("vnu-progress-owner");
    await createAccount(admin, true);
    await logIn(page, admin);
    const cohort = await withDb((db) =>
      db.selectFrom("cohorts").select("id").where("is_current", "=", 1).executeTakeFirstOrThrow(),
    );
    const cohortPage = await (await page.request.get(`/admin/cohorts/${cohort.id}`)).text();
    expect(cohortPage).toContain("data-progress-row");
    pages.set("/admin/cohorts/:id (progress)", cohortPage);
    expect(validate(pages)).toEqual([]);
  });

  test("every page of the student's portal has no HTML errors and no axe violations", async ({
    page,
    browser,
  }) => {
    // Four pages more than before (leaving the programme) and the owner's sign-in.
    test.setTimeout(360_000);
    const pages = new Map<string, string>();
    for (const url of ["/portal", "/portal/login/no-such-link"])
      pages.set(`${url} (visitor)`, await (await page.request.get(url)).text());

    await releaseAllHolds();
    await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1, start_date: "2027-01-13" });
    const studentEmail = uniqueEmail("vnu-student");
    await submitApplication(page, studentEmail);
    await expect(page).toHaveURL(/\/enroll$/);
    await payOnTestCheckout(page);
    pages.set("/payment-confirmation (paid)", await (await page.request.get(page.url())).text());
    // Every page is validated in every state; axe reads each page in its first state and again
    // in each state that changes it (`changed`), not the pages a state leaves as they were.
    const studentPages = async (state: string, changed: readonly string[] | "all") => {
      for (const url of [
        "/portal",
        "/portal/profile",
        "/portal/prework",
        "/portal/leave",
        "/portal/testimonial",
      ]) {
        const response = await page.request.get(url);
        expect(response.status(), url).toBe(200);
        pages.set(`${url} (${state})`, await response.text());
        if (changed !== "all" && !changed.includes(url)) continue;
        await page.goto(url);
        await expectNoAxeViolations(page);
      }
    };
    await studentPages("new student", "all");
    // The profile refused (errors under the fields), then saved whole.
    const profile = (linkedinUrl: string) =>
      page.request.post("/portal/profile", {
        headers: { origin: new URL(page.url()).origin },
        multipart: {
          timeZone: "America/Chicago",
          targetRoles: "Banking",
          linkedinUrl,
          graduationYear: String(new Date().getFullYear() + 1),
          resume: {
            name: "cv.docx",
            mimeType: "application/octet-stream",
            buffer: Buffer.from(minimalDocx()),
          },
        },
      });
    const refused = await profile("not a profile");
    expect(refused.status()).toBe(400);
    pages.set("/portal/profile (refused)", await refused.text());
    expect((await profile("https://www.linkedin.com/in/ada")).status()).toBe(200);
    await studentPages("profile done", ["/portal", "/portal/profile"]);
    // Leaving the programme: the page, a refused request (errors under the fields), then one sent.
    const leave = (form: Record<string, string>) =>
      page.request.post("/portal/leave", { headers: { origin: new URL(page.url()).origin }, form });
    pages.set("/portal/leave (no request)", await (await page.request.get("/portal/leave")).text());
    const refusedLeave = await leave({ kind: "leave", reason: " " });
    expect(refusedLeave.status()).toBe(400);
    pages.set("/portal/leave (refused)", await refusedLeave.text());
    expect((await leave({ kind: "promise", reason: "No improvement." })).status()).toBe(200);
    pages.set(
      "/portal/leave (request sent)",
      await (await page.request.get("/portal/leave")).text(),
    );
    await page.goto("/portal/leave");
    await expectNoAxeViolations(page);
    // The job search: the empty board, a refused and an added application, its page, the import
    // with a refused file and a preview.
    const studentOrigin = { origin: new URL(page.url()).origin };
    const jobs = (form: Record<string, string>) =>
      page.request.post("/portal/applications", { headers: studentOrigin, form });
    const jobPage = async (url: string, state: string) => {
      const response = await page.request.get(url);
      expect(response.status(), url).toBe(200);
      pages.set(`${url} (${state})`, await response.text());
      await page.goto(url);
      await expectNoAxeViolations(page);
    };
    await jobPage("/portal/applications", "none");
    await jobPage("/portal/applications/import", "empty");
    const job = {
      intent: "add",
      firm: "Lazard",
      role: "Analyst",
      source: "posting",
      stage: "applied",
    };
    const refusedJob = await jobs({ ...job, firm: "", url: "http://x.example" });
    expect(refusedJob.status()).toBe(400);
    pages.set("/portal/applications (refused)", await refusedJob.text());
    expect((await jobs({ ...job, url: "https://lazard.example/jobs/1" })).status()).toBe(200);
    await jobPage("/portal/applications", "one");
    const jobId = await withDb(
      async (db) =>
        (
          await db
            .selectFrom("job_applications")
            .innerJoin("people", "people.id", "job_applications.person_id")
            .select("job_applications.id")
            .where("people.email", "=", studentEmail)
            .executeTakeFirstOrThrow()
        ).id,
    );
    await jobPage(`/portal/applications/${jobId}`, "applied");
    const upload = (name: string, buffer: Buffer) =>
      page.request.post("/portal/applications/import", {
        headers: studentOrigin,
        multipart: {
          intent: "preview",
          file: { name, mimeType: "application/octet-stream", buffer },
        },
      });
    const refusedFile = await upload("tracker.xlsx", Buffer.from(TEXT_FILE));
    expect(refusedFile.status()).toBe(400);
    pages.set("/portal/applications/import (refused)", await refusedFile.text());
    const previewed = await upload(
      "tracker.xlsx",
      await filledTracker([
        { Firm: "Evercore", Role: "Analyst", Status: "First Round" },
        { Firm: "Broken", Role: "Analyst", Deadline: "soon" },
      ]),
    );
    expect(previewed.status()).toBe(200);
    pages.set("/portal/applications/import (preview with a bad row)", await previewed.text());
    // Networking: none logged, a refused conversation (errors under the fields), then one.
    await jobPage("/portal/networking", "none");
    const talk = (form: Record<string, string>) =>
      page.request.post("/portal/networking", { headers: studentOrigin, form });
    const conversation = {
      intent: "add",
      personName: "Dana Banker",
      firm: "Lazard",
      date: "2026-11-20",
      how: "coffee_chat",
      followUp: "2026-11-27",
    };
    const refusedTalk = await talk({ ...conversation, personName: "", followUp: "2026-11-01" });
    expect(refusedTalk.status()).toBe(400);
    pages.set("/portal/networking (refused)", await refusedTalk.text());
    expect((await talk(conversation)).status()).toBe(200);
    await jobPage("/portal/networking", "one");
    // The owner's side: the person page with the request to decide.
    const leaver = await withDb((db) =>
      db
        .selectFrom("withdrawals")
        .select("person_id")
        .orderBy("requested_at", "desc")
        .executeTakeFirstOrThrow(),
    );
    const ownerEmail = uniqueEmail("vnu-leave-owner");
    await createAccount(ownerEmail, true);
    const owner = await (await browser.newContext()).newPage();
    await logIn(owner, ownerEmail);
    const personPage = `/admin/people/${leaver.person_id}`;
    pages.set(
      `${personPage} (request to leave)`,
      await (await owner.request.get(personPage)).text(),
    );
    await owner.goto(personPage);
    await expectNoAxeViolations(owner);
    await owner.context().close();
    // An offer confirmed: the testimonial asked for (home prompt), refused, then sent.
    await confirmedOfferFor(studentEmail, "Validator Bank");
    await studentPages("testimonial asked", ["/portal", "/portal/testimonial"]);
    const testimonial = (fields: Record<string, string>) =>
      page.request.post("/portal/testimonial", {
        headers: { origin: new URL(page.url()).origin },
        form: fields,
      });
    const tooLong = await testimonial({ intent: "submit", quote: "x".repeat(601) });
    expect(tooLong.status()).toBe(400);
    pages.set("/portal/testimonial (refused)", await tooLong.text());
    // With a photo: one that is not (refused under the field), then a real one (stored).
    const withPhoto = (buffer: Buffer) =>
      page.request.post("/portal/testimonial", {
        headers: { origin: new URL(page.url()).origin },
        multipart: {
          intent: "submit",
          quote: "Great.",
          consent: "full",
          photo: { name: "me.png", mimeType: "image/png", buffer },
        },
      });
    const notPhoto = await withPhoto(TEXT_FILE);
    expect(notPhoto.status()).toBe(400);
    pages.set("/portal/testimonial (photo refused)", await notPhoto.text());
    expect((await withPhoto(PNG_3x2)).ok()).toBe(true);
    await studentPages("testimonial sent with a photo", ["/portal/testimonial"]);

    expect(validate(pages)).toEqual([]);
  });
});

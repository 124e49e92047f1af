import { qualifiedAnswers } from "../../../../tests/support/application";
import { resetCohorts, setCurrentCohort } from "../../../../tests/support/cohort";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { testEngines, TestClock } from "../../../../tests/support/databases";
import { countRows, useTestServices } from "../../../../tests/support/suite";
import { callAction, formRequest, makeContext, unwrap } from "../../../../tests/support/context";
import { readCookie } from "~/lib/cookies.server";
import { listPeopleByStatus, statusHistory } from "~/features/people/people.server";
import { action, loader } from "./apply";

const answers = {
  ...qualifiedAnswers,
  email: "Ada@Example.com",
  careerTargets: ["Banking", "Consulting"],
  heardFrom: "referral",
  referralName: "Sam",
};

describe.each(testEngines())("application action on $name", (engine) => {
  const clock = new TestClock();
  const t = useTestServices(engine, {
    clock,
    empty: ["status_history", "submissions", "outbox", "people"],
  });
  let ipCounter = 0;

  beforeEach(async () => {
    await resetCohorts(t.services.db);
  });

  const submit = async (
    fields: Record<string, string | string[]>,
    visitorId: string | null = "visitor-1",
    headers = {},
  ) =>
    unwrap(
      await callAction(
        action,
        formRequest("/apply", fields, headers),
        makeContext(t.services, {
          visitorId,
          ip: `10.0.0.${++ipCounter}`,
          attribution: {
            first: { utm_source: "youtube", videoId: "abc" },
            last: { utm_source: "linkedin", utm_term: "rep7" },
          },
        }),
      ),
    );
  /** The result page an answer sends the applicant to, as its loader shows it. */
  const shownOutcome = async (response: { status: number; headers: Headers }) => {
    expect(response.status).toBe(303);
    const location = response.headers.get("location");
    expect(location).toMatch(/^\/apply\?result=\w+$/);
    return (await load(location!)).outcome;
  };
  /** What the page's loader gives it for `path`. */
  const load = (path: string) =>
    loader({
      request: new Request(`http://localhost:3000${path}`),
      context: makeContext(t.services),
    } as never);
  const count = (table: "people" | "submissions" | "outbox" | "status_history") =>
    countRows(t.services.db, table);

  it("qualifies, stores everything in one go and redirects to /enroll", async () => {
    const response = await submit(answers);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/enroll");
    expect(response.headers.get("set-cookie")).toContain("fsts_applicant=");

    const person = await t.services.db.selectFrom("people").selectAll().executeTakeFirstOrThrow();
    expect(
      await readCookie(t.config.sessionSecrets, "applicant", response.headers.get("set-cookie")),
    ).toBe(person.id);
    expect(person.email).toBe("ada@example.com");
    expect(person.status).toBe("qualified");
    expect(person.lead_source).toBe("youtube");
    expect(JSON.parse(person.first_touch!)).toEqual({ utm_source: "youtube", videoId: "abc" });

    const submission = await t.services.db
      .selectFrom("submissions")
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(submission.type).toBe("application");
    expect(submission.visitor_id).toBe("visitor-1");
    expect(JSON.parse(submission.utm)).toEqual({ utm_source: "linkedin", utm_term: "rep7" });
    expect(JSON.parse(submission.form_data)).toMatchObject({
      careerTargets: ["Banking", "Consulting"],
      leadSourceDetails: { referralName: "Sam" },
    });

    const emails = await t.services.db.selectFrom("outbox").selectAll().orderBy("kind").execute();
    expect(emails.map((e) => [e.kind, e.to_address])).toEqual([
      ["application_qualified", "ada@example.com"],
      ["owner_application", t.config.contactEmail],
    ]);
    expect(emails[0]!.text).toContain("http://localhost:3000/enroll");
  });

  it("moves a re-applying person between statuses and appends history", async () => {
    await submit({ ...answers, readyToEnroll: "no" });
    expect((await listPeopleByStatus(t.services.db, "waitlist")).map((p) => p.email)).toEqual([
      "ada@example.com",
    ]);
    clock.advance(5_000);
    await submit({ ...answers, firstName: "Ada M." });
    expect(await listPeopleByStatus(t.services.db, "waitlist")).toEqual([]);
    expect((await listPeopleByStatus(t.services.db, "qualified")).map((p) => p.email)).toEqual([
      "ada@example.com",
    ]);
    expect(await count("people")).toBe(1);
    const person = await t.services.db.selectFrom("people").selectAll().executeTakeFirstOrThrow();
    expect(person.first_name).toBe("Ada M.");
    const history = await statusHistory(t.services.db, person.id);
    expect(history.map((h) => [h.status, h.reason])).toEqual([
      ["waitlist", "not ready to enroll"],
      ["qualified", "qualified applicant ready to start"],
    ]);
  });

  it("never downgrades or renames an enrolled student from a later application", async () => {
    await submit(answers);
    await t.services.db.updateTable("people").set({ status: "enrolled" }).execute();
    clock.advance(5_000);
    await submit({ ...answers, firstName: "Mallory", hoursPerWeek: "no" });
    const person = await t.services.db.selectFrom("people").selectAll().executeTakeFirstOrThrow();
    expect(person.status).toBe("enrolled");
    expect(person.first_name).toBe("Ada");
    expect(await count("submissions")).toBe(2);
    expect(await count("status_history")).toBe(1);
    const kinds = (await t.services.db.selectFrom("outbox").select("kind").execute()).map(
      (e) => e.kind,
    );
    expect(kinds.filter((k) => k.startsWith("application_"))).toEqual(["application_qualified"]);
  });

  it("stores a double submit once", async () => {
    await submit({ ...answers, readyToEnroll: "questions" });
    clock.advance(10_000);
    const second = await submit({ ...answers, readyToEnroll: "questions" });
    expect(second.headers.get("location")).toBe("/apply?result=has_questions");
    expect(await shownOutcome(second)).toEqual({ kind: "has_questions" });
    expect(await count("submissions")).toBe(1);
    expect(await count("outbox")).toBe(2);
    clock.advance(61_000);
    await submit({ ...answers, readyToEnroll: "questions" });
    expect(await count("submissions")).toBe(2);
  });

  it("emails a waitlisted applicant links to the free resources and the resume review", async () => {
    await submit({ ...answers, readyToEnroll: "no" });
    const email = await t.services.db
      .selectFrom("outbox")
      .selectAll()
      .where("kind", "=", "application_waitlist")
      .executeTakeFirstOrThrow();
    for (const link of [
      "Resume Template (PDF): http://localhost:3000/resources/resume-template",
      "Cold Outreach Scripts (PDF): http://localhost:3000/resources/outreach-scripts",
      "Application Tracker (Excel): http://localhost:3000/resources/application-tracker",
      "Get a free resume review: http://localhost:3000/resume-review",
    ])
      expect(email.text).toContain(link);
    expect(email.html).toContain('href="http://localhost:3000/resources/resume-template"');
  });

  it("writes nothing for applicants who are not suited, and says why", async () => {
    const response = await submit({ ...answers, careerTargets: ["Consulting"] });
    expect(response.headers.get("location")).toBe("/apply?result=not_suited_consulting");
    expect(await shownOutcome(response)).toEqual({
      kind: "not_suited",
      why: "consulting_without_finance",
    });
    const other = await submit({ ...answers, careerTargets: ["Other"], careerOther: "design" });
    expect(await shownOutcome(other)).toEqual({ kind: "not_suited", why: "no_finance_track" });
    expect(response.headers.get("set-cookie") ?? "").not.toContain("fsts_applicant=");
    expect(await count("people")).toBe(0);
    expect(await count("outbox")).toBe(0);
  });

  it("waitlists a would-be qualified applicant when the cohort is full", async () => {
    await setCurrentCohort(t.services.db, { capacity: 3, enrolled_count: 3 });
    const response = await submit(answers);
    expect(response.headers.get("location")).toBe("/apply?result=cohort_full");
    expect(await shownOutcome(response)).toEqual({ kind: "waitlist", variant: "cohort_full" });
    expect(response.headers.get("set-cookie") ?? "").not.toContain("fsts_applicant=");
    const history = await t.services.db.selectFrom("status_history").selectAll().execute();
    expect(history.map((h) => h.reason)).toEqual(["cohort is full"]);
  });

  it("refuses invalid answers with field errors and writes nothing", async () => {
    const response = await submit({ ...answers, graduationYear: "2020", email: "nope" });
    expect(response.status).toBe(400);
    const result = (response.body as { result: { error: Record<string, string[]> } }).result;
    expect(result.error.graduationYear).toEqual(["Please enter a valid year (2026 or later)"]);
    expect(result.error.email).toEqual(["Please enter a valid email address"]);
    expect(await count("people")).toBe(0);
  });

  it("takes the cohort's earliest graduation year: recent graduates in, earlier ones refused", async () => {
    const year = clock.now().getUTCFullYear();
    expect((await load("/apply")).earliestYear).toBe(year);
    await setCurrentCohort(t.services.db, { earliest_graduation_year: year - 1 });
    expect((await load("/apply")).earliestYear).toBe(year - 1);

    const earlier = await submit({ ...answers, graduationYear: String(year - 2) });
    expect(earlier.status).toBe(400);
    const result = (earlier.body as { result: { error: Record<string, string[]> } }).result;
    expect(result.error.graduationYear).toEqual([
      `Please enter a valid year (${year - 1} or later)`,
    ]);
    expect(await count("people")).toBe(0);

    const recent = await submit({ ...answers, graduationYear: String(year - 1) });
    expect(recent.status).toBe(303);
    expect(recent.headers.get("location")).toBe("/enroll");
    const person = await t.services.db.selectFrom("people").selectAll().executeTakeFirstOrThrow();
    expect(person.graduation_year).toBe(String(year - 1));
  });

  it("answers a filled honeypot like success and writes nothing", async () => {
    const response = await submit({ ...answers, website: "http://spam" });
    expect(response.headers.get("location")).toBe("/apply?result=not_ready");
    expect(await shownOutcome(response)).toEqual({ kind: "waitlist", variant: "not_ready" });
    expect(response.headers.get("set-cookie") ?? "").not.toContain("fsts_applicant=");
    expect(await count("people")).toBe(0);
    expect(await count("outbox")).toBe(0);
  });

  it("refuses a submission without a visitor id", async () => {
    const response = await submit(answers, null);
    expect(response.status).toBe(400);
    expect((response.body as { toast: { description: string } }).toast.description).toBe(
      "There was a problem processing your application. Please try again or contact support.",
    );
    expect(await count("people")).toBe(0);
  });

  it("rate-limits one address", async () => {
    const limit = t.config.rateLimitPerMinute;
    const context = makeContext(t.services, { ip: "192.0.2.1" });
    let last = 0;
    for (let i = 0; i <= limit; i++) {
      last = (
        await unwrap(
          await callAction(
            action,
            formRequest("/apply", { ...answers, careerTargets: ["Consulting"] }),
            context,
          ),
        )
      ).status;
    }
    expect(last).toBe(429);
  });

  it("rolls the submission back when the email cannot be queued", async () => {
    await sql`drop table outbox`.execute(t.services.db);
    try {
      const response = await submit(answers);
      expect(response.status).toBe(500);
      expect(
        (response.body as { toast: { title: string; durationMs: number } }).toast,
      ).toMatchObject({
        title: "Error",
        durationMs: 5000,
      });
      expect(await count("people")).toBe(0);
      expect(await count("submissions")).toBe(0);
      expect(await count("status_history")).toBe(0);
    } finally {
      await t.restart();
    }
  });
});

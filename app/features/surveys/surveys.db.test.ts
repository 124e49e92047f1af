import { describe, expect, it } from "vitest";
import { unwrap } from "../../../tests/support/context";
import { testEngines } from "../../../tests/support/databases";
import { answer, mentorFixture } from "../../../tests/support/mentors";
import { useOwnerConsole } from "../../../tests/support/owner-console";
import { insertStudent, portalCookie } from "../../../tests/support/portal";
import { surveyPage } from "./survey.words";
import { erasePerson, exportPerson } from "~/features/people/privacy.server";
import { studentHome } from "~/features/portal/student-home.server";
import { loader as cohortSurveyLoader } from "~/features/surveys/routes/cohort-survey";
import * as surveyRoute from "~/features/surveys/routes/survey";
import { cohortSurvey, sendSurveys } from "./surveys.server";

/** Week 1 from Monday 2027-01-11; week 6 ends Monday 2027-02-22 00:00 in New York (the site's zone). */
const START = "2027-01-13";
const DUE = Date.parse("2027-02-22T05:00:00.000Z");
const DAY = 86_400_000;

describe.each(testEngines())("the end-of-program survey on $name", (engine) => {
  const owner = useOwnerConsole(engine);
  const { clock } = owner;
  const services = () => owner.t.services;
  const db = () => services().db;
  const at = (ms: number) => clock.set(new Date(DUE + ms));

  async function insertCohort(id: string, startDate: string) {
    const now = clock.now().toISOString();
    await db()
      .insertInto("cohorts")
      .values({
        id,
        start_date: startDate,
        capacity: 10,
        enrolled_count: 0,
        is_active: 0,
        is_current: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  /**
   * A cohort of five with two mentors: Ada and Bea (Ann's), Cy (Ben's), Dee (refunded), Eve (left
   * the programme); and Fay in a later cohort whose week 6 has not ended.
   */
  async function scene() {
    clock.set(new Date("2027-01-08T12:00:00Z"));
    await insertCohort("cohort-a", START);
    await insertCohort("cohort-b", "2027-03-03");
    const ann = await mentorFixture(services(), "ann@example.com", "Ann Mentor");
    const ben = await mentorFixture(services(), "ben@example.com", "Ben Mentor");
    const student = (firstName: string, mentorId: string | null, cohortId = "cohort-a") =>
      insertStudent(db(), {
        email: `${firstName.toLowerCase()}@example.com`,
        firstName,
        cohortId,
        mentorId,
      });
    const ids = {
      ada: await student("Ada", ann),
      bea: await student("Bea", ann),
      cy: await student("Cy", ben),
      dee: await student("Dee", ben),
      eve: await student("Eve", ben),
      fay: await student("Fay", ann, "cohort-b"),
    };
    await db()
      .updateTable("payments")
      .set({ status: "refunded", refunded_at: clock.now().toISOString() })
      .where("person_id", "=", ids.dee)
      .execute();
    // Eve left: an approved request, and so a refunded seat (approval always refunds, even 0).
    await db()
      .updateTable("payments")
      .set({ status: "refunded", refunded_at: clock.now().toISOString() })
      .where("person_id", "=", ids.eve)
      .execute();
    const eveSeat = await db()
      .selectFrom("payments")
      .select("id")
      .where("person_id", "=", ids.eve)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("withdrawals")
      .values({
        id: "eve-left",
        person_id: ids.eve,
        cohort_id: "cohort-a",
        payment_id: eveSeat.id,
        kind: "leave",
        reason: "A job came up",
        rule: "owner_decides",
        status: "approved",
        requested_at: clock.now().toISOString(),
        decided_at: clock.now().toISOString(),
        decided_by_id: null,
        decision_note: null,
        refund_cents: null,
      })
      .execute();
    return { ann, ben, ids };
  }

  const surveys = () => db().selectFrom("surveys").selectAll().orderBy("person_id").execute();
  const mail = (kind: string) =>
    db()
      .selectFrom("outbox")
      .select(["to_address", "text", "person_id"])
      .where("kind", "=", kind)
      .orderBy("to_address")
      .execute();

  /** A student's portal cookie, signed in now (sessions idle out after 7 days). */
  const cookieOf = (personId: string, firstName: string) =>
    portalCookie(services(), {
      role: "student",
      personId,
      email: `${firstName.toLowerCase()}@example.com`,
      firstName,
    });
  const post = async (personId: string, firstName: string, fields: Record<string, string>) =>
    answer(services(), surveyRoute.action, "/portal/survey", await cookieOf(personId, firstName), {
      fields,
    });
  const page = async (personId: string, firstName: string) =>
    (
      await answer(
        services(),
        surveyRoute.loader,
        "/portal/survey",
        await cookieOf(personId, firstName),
      )
    ).body as { state: string };

  it("goes out once week 6 has ended, once per live seat, even run twice at once", async () => {
    const { ann, ben, ids } = await scene();
    at(-1);
    expect(await sendSurveys(services())).toEqual({ surveys: 0, surveyReminders: 0 });
    expect(await surveys()).toEqual([]);

    at(0);
    const runs = await Promise.all([sendSurveys(services()), sendSurveys(services())]);
    expect(runs[0]!.surveys + runs[1]!.surveys).toBe(3);
    expect(await sendSurveys(services())).toEqual({ surveys: 0, surveyReminders: 0 });
    const rows = await surveys();
    const byPerson = new Map(rows.map((row) => [row.person_id, row]));
    expect(rows).toHaveLength(3);
    expect(byPerson.get(ids.ada)).toMatchObject({
      cohort_id: "cohort-a",
      mentor_id: ann,
      sent_at: new Date(DUE).toISOString(),
      reminded_at: null,
      answered_at: null,
    });
    expect(byPerson.get(ids.bea)?.mentor_id).toBe(ann);
    expect(byPerson.get(ids.cy)?.mentor_id).toBe(ben);
    // Not the refunded seat, not the one who left, not the cohort still in its weeks.
    for (const id of [ids.dee, ids.eve, ids.fay]) expect(byPerson.has(id)).toBe(false);
    const sent = await mail("survey");
    expect(sent.map((m) => m.to_address)).toEqual([
      "ada@example.com",
      "bea@example.com",
      "cy@example.com",
    ]);
    expect(sent[0]!.text).toContain("http://localhost:3000/portal/survey");
    expect(sent[0]!.person_id).toBe(ids.ada);
  });

  it("is never sent, nor its reminder, to an erased person", async () => {
    const { ids } = await scene();
    // Cy is erased before it goes out; Bea after it went out, before her reminder.
    expect(await erasePerson(db(), ids.cy, "owner@example.com", clock.now())).toBe(true);
    at(0);
    expect((await sendSurveys(services())).surveys).toBe(2);
    expect((await surveys()).some((row) => row.person_id === ids.cy)).toBe(false);
    expect(await erasePerson(db(), ids.bea, "owner@example.com", clock.now())).toBe(true);
    at(3 * DAY);
    expect((await sendSurveys(services())).surveyReminders).toBe(1);
    expect((await mail("survey_reminder")).map((m) => m.person_id)).toEqual([ids.ada]);
  });

  it("keeps the answer's texts as other long texts: CRLF as LF, trimmed", async () => {
    const { ids } = await scene();
    at(0);
    await sendSurveys(services());
    at(DAY);
    const sent = await post(ids.ada, "Ada", {
      score: "8",
      helped: "  The mocks\r\nand the 1-on-1s\r\n",
      change: "\r\n",
    });
    expect(sent.status).toBe(303);
    expect((await surveys()).find((row) => row.person_id === ids.ada)).toMatchObject({
      helped: "The mocks\nand the 1-on-1s",
      change: null,
    });
  });

  it("leaves alone a cohort whose week 6 ended 14 days ago or more", async () => {
    await scene();
    at(14 * DAY);
    expect(await sendSurveys(services())).toEqual({ surveys: 0, surveyReminders: 0 });
    at(14 * DAY - 60_000);
    expect((await sendSurveys(services())).surveys).toBe(3);
  });

  it("reminds once, 3 days after, only those who have not answered", async () => {
    const { ids } = await scene();
    at(0);
    await sendSurveys(services());
    at(DAY);
    expect((await post(ids.ada, "Ada", { score: "10" })).status).toBe(303);
    at(3 * DAY - 1);
    expect((await sendSurveys(services())).surveyReminders).toBe(0);
    at(3 * DAY);
    const runs = await Promise.all([sendSurveys(services()), sendSurveys(services())]);
    expect(runs[0]!.surveyReminders + runs[1]!.surveyReminders).toBe(2);
    at(5 * DAY);
    expect((await sendSurveys(services())).surveyReminders).toBe(0);
    const reminders = await mail("survey_reminder");
    expect(reminders.map((m) => m.to_address)).toEqual(["bea@example.com", "cy@example.com"]);
    expect(reminders[0]!.text).toContain("http://localhost:3000/portal/survey");
    const bea = (await surveys()).find((row) => row.person_id === ids.bea);
    expect(bea?.reminded_at).toBe(new Date(DUE + 3 * DAY).toISOString());
    expect((await surveys()).find((row) => row.person_id === ids.ada)?.reminded_at).toBeNull();
  });

  it("takes one valid answer from a student who was sent the survey", async () => {
    const { ids } = await scene();
    expect(await page(ids.ada, "Ada")).toEqual({ state: "none" });
    at(0);
    await sendSurveys(services());
    at(DAY);
    expect(await page(ids.ada, "Ada")).toEqual({ state: "open" });
    const home = await studentHome(services(), ids.ada);
    expect(home?.surveyOpen).toBe(true);

    const before = JSON.stringify(await surveys());
    const refusals: [Record<string, string>, string, string][] = [
      [{}, "score", surveyPage.errors.score],
      [{ score: "11" }, "score", surveyPage.errors.score],
      [{ score: "-1" }, "score", surveyPage.errors.score],
      [{ score: "5", helped: "x".repeat(1001) }, "helped", surveyPage.errors.tooLong(1000)],
      [{ score: "5", change: "x".repeat(1001) }, "change", surveyPage.errors.tooLong(1000)],
    ];
    for (const [fields, field, message] of refusals) {
      const refused = await post(ids.ada, "Ada", fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      const body = refused.body as { result: { error: Record<string, string[]> } };
      expect(body.result.error[field]).toEqual([message]);
    }
    expect(JSON.stringify(await surveys())).toBe(before);

    const sent = await post(ids.ada, "Ada", {
      score: "9",
      helped: "The mock interviews",
      change: "x".repeat(1000),
    });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/portal/survey");
    const ada = () => surveys().then((rows) => rows.find((row) => row.person_id === ids.ada));
    expect(await ada()).toMatchObject({
      score: 9,
      helped: "The mock interviews",
      change: "x".repeat(1000),
      answered_at: new Date(DUE + DAY).toISOString(),
    });
    expect(await page(ids.ada, "Ada")).toEqual({ state: "answered" });
    expect((await studentHome(services(), ids.ada))?.surveyOpen).toBe(false);

    // Answering again is refused and changes nothing.
    const answered = JSON.stringify(await ada());
    const again = await post(ids.ada, "Ada", { score: "0", helped: "Changed my mind" });
    expect(again.status).toBe(409);
    expect((again.body as { toast: { description: string } }).toast.description).toBe(
      surveyPage.errors.already,
    );
    expect(JSON.stringify(await ada())).toBe(answered);

    // A student who was not sent one (their cohort is still in its weeks) cannot answer.
    const fay = await post(ids.fay, "Fay", { score: "3" });
    expect(fay.status).toBe(409);
    expect((fay.body as { toast: { description: string } }).toast.description).toBe(
      surveyPage.errors.no_survey,
    );
    expect((await surveys()).some((row) => row.person_id === ids.fay)).toBe(false);

    // The privacy export carries the answer; erasure keeps the score, not the words.
    const exported = await exportPerson(db(), ids.ada, "owner@example.com", clock.now());
    expect(exported?.portal.surveys).toEqual([
      expect.objectContaining({ cohort_id: "cohort-a", score: 9, helped: "The mock interviews" }),
    ]);
    expect(await erasePerson(db(), ids.ada, "owner@example.com", clock.now())).toBe(true);
    expect(await ada()).toMatchObject({ score: 9, helped: null, change: null });
  });

  it("shows the owner the NPS per cohort and per mentor, with every answer", async () => {
    const { ann, ben, ids } = await scene();
    at(0);
    await sendSurveys(services());
    // Ada 10 and Bea 9 (promoters) with Ann; Cy 6 (detractor) with Ben.
    at(DAY);
    await post(ids.ada, "Ada", { score: "10", helped: "My mentor" });
    at(DAY + 60_000);
    await post(ids.bea, "Bea", { score: "9", change: "More 1-on-1s" });
    at(DAY + 120_000);
    await post(ids.cy, "Cy", { score: "6" });

    // The owner's session is real time; the page reads nothing of the clock.
    clock.set(new Date());
    const shown = await owner.get(cohortSurveyLoader, "/admin/cohorts/cohort-a/survey", {
      id: "cohort-a",
    });
    expect(shown.status).toBe(200);
    const { survey } = shown.body as { survey: Awaited<ReturnType<typeof cohortSurvey>> };
    expect(survey.sent).toBe(3);
    expect(survey.cohort).toEqual({
      answers: 3,
      promoters: 2,
      passives: 0,
      detractors: 1,
      nps: 33,
    });
    expect(survey.mentors).toEqual([
      {
        mentorId: ann,
        name: "Ann Mentor",
        sent: 2,
        answers: 2,
        promoters: 2,
        passives: 0,
        detractors: 0,
        nps: 100,
      },
      {
        mentorId: ben,
        name: "Ben Mentor",
        sent: 1,
        answers: 1,
        promoters: 0,
        passives: 0,
        detractors: 1,
        nps: -100,
      },
    ]);
    expect(survey.answers.map((a) => [a.name, a.mentor, a.score, a.helped, a.change])).toEqual([
      ["Ada Student", "Ann Mentor", 10, "My mentor", null],
      ["Bea Student", "Ann Mentor", 9, null, "More 1-on-1s"],
      ["Cy Student", "Ben Mentor", 6, null, null],
    ]);
    const missing = await owner
      .get(cohortSurveyLoader, "/admin/cohorts/nope/survey", { id: "nope" })
      .catch(unwrap);
    expect(missing.status).toBe(404);
  });
});

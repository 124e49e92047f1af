import { describe, expect, it } from "vitest";
import { seatScenario } from "../../../tests/support/cohort";
import { testEngines } from "../../../tests/support/databases";
import { assignMentor, mentorFixture } from "../../../tests/support/mentors";
import { jobName, jobsText } from "~/features/ops/jobs.words";
import { jobStatuses } from "~/jobs/scheduler.server";
import { ensureProgram } from "./program.server";
import { submitWork, type WorkInput } from "./submissions.server";

const TEXT: WorkInput = { kind: "text", body: "My answer." };
const DOCX: WorkInput = {
  kind: "docx",
  file: { name: "resume.docx", bytes: new Uint8Array([80, 75, 3, 4]) },
};

/**
 * Issue 48, item 5, with the test clock. The cohort starts Monday 1 March 2027 (site: New York,
 * which springs forward on Sunday 14 March). Week 1's "Your resume as it is today" is due
 * Wednesday 3 March 23:59 EST (04:59 UTC on the 4th), "Your target roles" Friday 5 March; week
 * 3's "Your target list" Wednesday 17 March 23:59 EDT (03:59 UTC on the 18th).
 *
 *   ann (Chicago) submits nothing
 *   ben submits nothing and turned program reminders off
 *   cy submits the resume on time, the target roles after their reminder went
 */
describe.each(testEngines())("late work on $name", (engine) => {
  const s = seatScenario(engine);
  const services = () => s.services();
  const db = () => s.db();
  const START = "2027-03-01";

  async function student(email: string, zone: string, reminders = 1) {
    const id = await s.person(email);
    await s.pay(id, email);
    await db()
      .insertInto("student_profiles")
      .values({
        person_id: id,
        time_zone: zone,
        programme_reminders: reminders,
        updated_at: s.clock.now().toISOString(),
      })
      .execute();
    return id;
  }

  async function scene() {
    s.clock.set(new Date("2027-02-20T12:00:00Z"));
    const cohortId = await s.cohortId();
    await db()
      .updateTable("cohorts")
      .set({ start_date: START })
      .where("id", "=", cohortId)
      .execute();
    await ensureProgram(db(), s.clock.now());
    const ann = await student("ann@example.com", "America/Chicago");
    const ben = await student("ben@example.com", "America/New_York", 0);
    const cy = await student("cy@example.com", "America/New_York");
    return { cohortId, ann, ben, cy };
  }

  const job = () => services().scheduler.jobs.find((j) => j.name === "late-work-reminders")!;
  const run = () => job().run(s.clock.now());
  const sent = () =>
    db()
      .selectFrom("outbox")
      .select(["to_address", "subject", "text", "created_at"])
      .where("kind", "=", "late_work_reminder")
      .orderBy("created_at")
      .orderBy("to_address")
      .execute();
  const subjects = async (to: string) =>
    (await sent()).filter((row) => row.to_address === to).map((row) => row.subject);

  it("reminds once, a minute after the due time, never the opted out nor who submitted", async () => {
    const { cohortId, cy } = await scene();
    s.clock.set(new Date("2027-03-03T15:00:00Z"));
    await submitWork(db(), { personId: cy, cohortId }, "w1-current-resume", DOCX, s.clock.now());

    // Due at 04:59 UTC: not at 04:59:30, nor at the due minute itself.
    s.clock.set(new Date("2027-03-04T04:59:30Z"));
    expect(await run()).toEqual({ queued: 0 });
    s.clock.set(new Date("2027-03-04T05:00:00Z"));
    expect(await run()).toEqual({ queued: 1 });
    // Twice more, and twice at once (two instances): nothing more.
    expect(await run()).toEqual({ queued: 0 });
    expect(await Promise.all([run(), run()])).toEqual([{ queued: 0 }, { queued: 0 }]);
    const first = await sent();
    expect(first.map((row) => [row.to_address, row.subject])).toEqual([
      ["ann@example.com", "Still to submit: Your resume as it is today"],
    ]);
    // The due time in ann's zone, named; the link to her portal.
    expect(first[0]!.text).toContain("was due Wed, Mar 3, 10:59 PM CST (America/Chicago)");
    expect(first[0]!.text).toContain("http://localhost:3000/portal/weeks/1");

    // Friday's "Your target roles": ann and cy both late; cy sends it after the reminder.
    s.clock.set(new Date("2027-03-06T06:00:00Z"));
    await Promise.all([run(), run()]);
    await submitWork(db(), { personId: cy, cohortId }, "w1-target-roles", TEXT, s.clock.now());
    // A week of runs, every six hours: each reminder went once.
    for (let i = 0; i < 28; i++) {
      s.clock.advance(6 * 3_600_000);
      await run();
    }
    expect(await subjects("ann@example.com")).toEqual([
      "Still to submit: Your resume as it is today",
      "Still to submit: Your target roles",
      "Still to submit: Your rebuilt resume",
    ]);
    expect(await subjects("cy@example.com")).toEqual([
      "Still to submit: Your target roles",
      "Still to submit: Your rebuilt resume",
    ]);
    expect(await subjects("ben@example.com")).toEqual([]);
  });

  it("holds the due time across the change to daylight time, and stays quiet after a week", async () => {
    const { cohortId, ann } = await scene();
    // Everything of weeks 1-2 submitted by ann; cy never submits anything.
    for (const [id, work] of [
      ["w1-current-resume", DOCX],
      ["w1-target-roles", TEXT],
      ["w2-resume", DOCX],
    ] as const)
      await submitWork(db(), { personId: ann, cohortId }, id, work, s.clock.now());
    // The job first runs in week 3, more than a week after week 1's due times: those are not
    // reminded (a late deployment sends no pile of old reminders); week 2's resume (due
    // Thursday 11 March) still is.
    s.clock.set(new Date("2027-03-18T03:59:30Z"));
    expect(await run()).toEqual({ queued: 1 });
    expect(await subjects("cy@example.com")).toEqual(["Still to submit: Your rebuilt resume"]);
    // Week 3's target list: due 23:59 EDT, 03:59 UTC (not 04:59, as EST would make it).
    s.clock.set(new Date("2027-03-18T04:00:00Z"));
    expect(await run()).toEqual({ queued: 2 });
    expect(await subjects("ann@example.com")).toEqual(["Still to submit: Your target list"]);
    const [latest] = (await sent()).filter((row) => row.to_address === "ann@example.com");
    expect(latest!.text).toContain("was due Wed, Mar 17, 10:59 PM CDT (America/Chicago)");
  });

  it("lists each mentor's students' versions waiting for review in the Monday email", async () => {
    const { cohortId, ann, ben, cy } = await scene();
    const ada = await mentorFixture(services(), "ada@example.com", "Ada Mentor");
    const bo = await mentorFixture(services(), "bo@example.com", "Bo Mentor");
    await db()
      .updateTable("mentors")
      .set({ time_zone: "Europe/London" })
      .where("id", "in", [ada, bo])
      .execute();
    await assignMentor(services(), ann, ada);
    await assignMentor(services(), cy, ada);
    await assignMentor(services(), ben, bo);
    s.clock.set(new Date("2027-03-03T15:00:00Z"));
    const submit = (personId: string, id: string, work: WorkInput) =>
      submitWork(db(), { personId, cohortId }, id, work, s.clock.now());
    await submit(ann, "w1-current-resume", DOCX);
    s.clock.advance(60_000);
    await submit(ann, "w1-current-resume", DOCX);
    s.clock.advance(60_000);
    const reviewed = await submit(cy, "w1-target-roles", TEXT);
    if (reviewed.kind !== "saved") throw new Error("not saved");
    await db()
      .updateTable("coursework_submissions")
      .set({ status: "looks_good" })
      .where("id", "=", reviewed.id)
      .execute();
    await submit(ben, "w1-target-roles", TEXT);

    const nudges = services().scheduler.jobs.find((j) => j.name === "one-on-one-nudges")!;
    // Monday of week 2, 08:00 in London: each mentor's list, once however many runs.
    s.clock.set(new Date("2027-03-08T08:00:00Z"));
    await nudges.run(s.clock.now());
    await nudges.run(s.clock.now());
    const lists = await db()
      .selectFrom("outbox")
      .select(["to_address", "text"])
      .where("kind", "=", "mentor_week_list")
      .orderBy("to_address")
      .execute();
    expect(lists.map((row) => row.to_address)).toEqual(["ada@example.com", "bo@example.com"]);
    expect(lists[0]!.text).toContain(
      "Waiting for your review (2): ann, Your resume as it is today (week 1, version 1); ann, Your resume as it is today (week 1, version 2).",
    );
    expect(lists[0]!.text).not.toContain("Your target roles");
    expect(lists[1]!.text).toContain(
      "Waiting for your review (1): ben, Your target roles (week 1, version 1). Review them at http://localhost:3000/portal/mentor/reviews",
    );
    // Nothing waiting: the list says so.
    await db()
      .updateTable("coursework_submissions")
      .set({ status: "revise" })
      .where("person_id", "in", [ann, ben])
      .execute();
    s.clock.set(new Date("2027-03-15T08:00:00Z"));
    await nudges.run(s.clock.now());
    const week3 = await db()
      .selectFrom("outbox")
      .select("text")
      .where("kind", "=", "mentor_week_list")
      .where("to_address", "=", "ada@example.com")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(week3.text).toContain("Waiting for your review: nothing.");
  });

  it("lists the job on /admin/jobs, named and explained", async () => {
    const statuses = await jobStatuses(db(), services().scheduler.jobs, s.clock.now());
    expect(statuses.map((job) => job.name)).toContain("late-work-reminders");
    expect(jobName("late-work-reminders")).toBe("Late work reminders");
    expect(jobsText.purpose["late-work-reminders"]).toBeTruthy();
  });
});

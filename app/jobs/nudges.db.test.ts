import { describe, expect, it } from "vitest";
import { seatScenario } from "../../tests/support/cohort";
import { testEngines } from "../../tests/support/databases";
import { assignMentor, mentorFixture } from "../../tests/support/mentors";
import { portalCookie } from "../../tests/support/portal";
import * as profileRoute from "~/features/portal/routes/profile";
import { answer } from "../../tests/support/mentors";
import { sendBookingReminders } from "~/features/bookings/reminders.server";
import { jobName, jobsText } from "~/features/ops/jobs.words";
import { confirmOffer } from "~/features/outcomes/offers.server";
import { reportInterview, reportOffer } from "~/features/outcomes/interviews.server";
import { submitTestimonial } from "~/features/outcomes/testimonials.server";
import { planMissingSessions } from "~/features/sessions/session-plan.server";
import { jobStatuses } from "./scheduler.server";

/**
 * Issue 45, item 2: the nudges, proven with the test clock across a whole six weeks. The cohort
 * starts Monday 2027-03-01 (site: New York); New York springs forward on 2027-03-14 and London on
 * 2027-03-28, both inside the programme. The clock steps 3 hours at a time from the week before
 * to the week after, and at each step the declared jobs run twice.
 */
const START = "2027-03-01";
const NUDGE_JOBS = ["one-on-one-nudges", "session-reminders", "outcome-nudges"] as const;
const KINDS = [
  "one_on_one_nudge",
  "mentor_week_list",
  "group_session_reminder",
  "interview_reported",
  "offer_reported",
  "testimonial_submitted",
];
const STEP_MS = 3 * 3_600_000;

describe.each(testEngines())("programme nudges on $name", (engine) => {
  const s = seatScenario(engine);
  const services = () => s.services();
  const db = () => s.db();

  async function student(
    email: string,
    mentorId: string,
    zone: string,
    reminders = 1,
  ): Promise<string> {
    const id = await s.person(email);
    await s.pay(id, email);
    await assignMentor(services(), id, mentorId);
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

  /** A live 1-on-1 of week `week`, on its Thursday 15:00 UTC. */
  async function book(personId: string, mentorId: string, cohortId: string, week: number) {
    const day = new Date(Date.parse(`${START}T15:00:00Z`) + ((week - 1) * 7 + 3) * 86_400_000);
    await db()
      .insertInto("bookings")
      .values({
        id: `b-${personId}-${week}`,
        cohort_id: cohortId,
        person_id: personId,
        mentor_id: mentorId,
        kind: "one_on_one",
        week,
        starts_at: day.toISOString(),
        ends_at: new Date(day.getTime() + 30 * 60_000).toISOString(),
        status: "booked",
        cancelled_by: null,
        cancel_reason: null,
        created_at: s.clock.now().toISOString(),
        updated_at: s.clock.now().toISOString(),
        outcome: null,
        outcome_at: null,
        interview_id: null,
      })
      .execute();
  }

  async function runJobs() {
    const jobs = services().scheduler.jobs.filter((job) =>
      (NUDGE_JOBS as readonly string[]).includes(job.name),
    );
    expect(jobs.map((job) => job.name)).toEqual([...NUDGE_JOBS]);
    for (const job of jobs) {
      await job.run(s.clock.now());
      await job.run(s.clock.now());
    }
  }

  it("sends who got what, once, across the six weeks", { timeout: 300_000 }, async () => {
    s.clock.set(new Date("2027-02-20T12:00:00Z"));
    const cohortId = await s.cohortId();
    await db()
      .updateTable("cohorts")
      .set({
        start_date: START,
        session_weekday: 2,
        session_time: "19:00",
        live_url: "https://meet.example.com/cohort",
      })
      .where("id", "=", cohortId)
      .execute();
    expect(await planMissingSessions(services())).toEqual({ planned: 6 });
    const ann = await mentorFixture(services(), "ann@example.com", "Ann Mentor");
    const bob = await mentorFixture(services(), "bob@example.com", "Bob Mentor");
    await db()
      .updateTable("mentors")
      .set({ time_zone: "Europe/London" })
      .where("id", "=", ann)
      .execute();
    await db()
      .updateTable("mentors")
      .set({ time_zone: "America/Los_Angeles" })
      .where("id", "=", bob)
      .execute();
    // Bea books every week; Cal (Tokyo) never books; Dee (London) books weeks 1-3; Eve never
    // books and turned programme reminders off.
    const bea = await student("bea@example.com", ann, "America/New_York");
    const cal = await student("cal@example.com", ann, "Asia/Tokyo");
    const dee = await student("dee@example.com", bob, "Europe/London");
    await student("eve@example.com", bob, "America/Los_Angeles", 0);
    for (const week of [1, 2, 3, 4, 5, 6]) await book(bea, ann, cohortId, week);
    for (const week of [1, 2, 3]) await book(dee, bob, cohortId, week);

    const events: [string, () => Promise<unknown>][] = [
      [
        "2027-03-09T15:00:00Z",
        () =>
          reportInterview(services(), cal, {
            intent: "interview",
            firm: "Lazard",
            role: "Analyst",
            date: "2027-03-20",
          }),
      ],
      [
        "2027-03-16T15:00:00Z",
        () =>
          reportOffer(services(), dee, {
            intent: "offer",
            firm: "Evercore",
            role: "Summer analyst",
            track: "other",
            kind: "internship",
            compensation: undefined,
          }),
      ],
      [
        "2027-03-23T15:00:00Z",
        () =>
          reportOffer(services(), bea, {
            intent: "offer",
            firm: "Moelis",
            role: "Analyst",
            track: "other",
            kind: "full_time",
            compensation: undefined,
          }),
      ],
      [
        "2027-03-24T15:00:00Z",
        async () => {
          const offer = await db()
            .selectFrom("offers")
            .select("id")
            .where("person_id", "=", bea)
            .executeTakeFirstOrThrow();
          expect(
            (await confirmOffer(services(), offer.id, { role: "mentor", mentorId: ann })).kind,
          ).toBe("confirmed");
        },
      ],
      [
        "2027-03-25T15:00:00Z",
        async () =>
          expect(
            await submitTestimonial(services(), bea, {
              intent: "submit",
              quote: "It worked.",
              consent: "first_name",
              rating: undefined,
              photo: undefined,
            }),
          ).toBe("done"),
      ],
    ];

    s.clock.set(new Date("2027-02-22T00:00:00Z"));
    const end = Date.parse("2027-04-14T00:00:00Z");
    while (s.clock.now().getTime() < end) {
      for (const [at, act] of events)
        if (
          Date.parse(at) <= s.clock.now().getTime() &&
          Date.parse(at) > s.clock.now().getTime() - STEP_MS
        )
          await act();
      await runJobs();
      s.clock.advance(STEP_MS);
    }

    const sent = await db()
      .selectFrom("outbox")
      .select(["kind", "to_address", "subject", "text", "created_at"])
      .where("kind", "in", KINDS)
      .orderBy("created_at")
      .orderBy("to_address")
      .execute();
    const got = (kind: string, to: string) =>
      sent.filter((row) => row.kind === kind && row.to_address === to).map((row) => row.subject);
    const weeks = (f: (n: number) => string, ns = [1, 2, 3, 4, 5, 6]) => ns.map(f);

    // The 1-on-1 nudge: Cal every week, Dee from week 4, never Bea (booked) nor Eve (opted out).
    expect(got("one_on_one_nudge", "cal@example.com")).toEqual(
      weeks((n) => `Book your week ${n} 1-on-1`),
    );
    expect(got("one_on_one_nudge", "dee@example.com")).toEqual(
      weeks((n) => `Book your week ${n} 1-on-1`, [4, 5, 6]),
    );
    expect(got("one_on_one_nudge", "bea@example.com")).toEqual([]);
    expect(got("one_on_one_nudge", "eve@example.com")).toEqual([]);
    // Cal's nudge of week 3 (after New York's change) goes at Wednesday noon Tokyo time: the
    // first step at or after 03:00 UTC that Wednesday.
    const calWeek3 = sent.find(
      (row) =>
        row.kind === "one_on_one_nudge" &&
        row.subject === "Book your week 3 1-on-1" &&
        row.to_address === "cal@example.com",
    );
    expect(calWeek3?.created_at).toBe("2027-03-17T03:00:00.000Z");
    expect(
      sent.find((row) => row.kind === "one_on_one_nudge" && row.to_address === "cal@example.com")
        ?.text,
    ).toContain("http://localhost:3000/portal/book?week=1");

    // Each mentor's Monday list, every week, with who has and has not booked.
    const lists = (to: string) =>
      sent.filter((r) => r.kind === "mentor_week_list" && r.to_address === to);
    expect(lists("ann@example.com").map((r) => r.subject)).toEqual(
      weeks((n) => `Week ${n}: your students' 1-on-1s`),
    );
    expect(lists("bob@example.com")).toHaveLength(6);
    expect(lists("ann@example.com")[0]!.text).toContain("Booked this week (week 1): bea");
    expect(lists("ann@example.com")[0]!.text).toContain("Not booked yet: cal.");
    expect(lists("bob@example.com")[3]!.text).toContain("Booked this week (week 4): nobody yet.");
    expect(lists("bob@example.com")[3]!.text).toContain("Not booked yet: dee, eve.");

    // Every group session, the day before: the three students who get reminders and both mentors.
    for (const to of [
      "bea@example.com",
      "cal@example.com",
      "dee@example.com",
      "ann@example.com",
      "bob@example.com",
    ])
      expect(got("group_session_reminder", to)).toEqual(
        weeks((n) => `Tomorrow: group session, week ${n}`),
      );
    expect(got("group_session_reminder", "eve@example.com")).toEqual([]);
    expect(sent.find((r) => r.kind === "group_session_reminder")?.text).toContain(
      "https://meet.example.com/cohort",
    );

    // Outcomes: the mentor hears of an interview once, of an unconfirmed offer twice (at once and
    // after 3 days), of an offer confirmed the next day once; the owner of the testimonial once.
    expect(got("interview_reported", "ann@example.com")).toEqual([
      "cal has an interview at Lazard",
    ]);
    expect(got("offer_reported", "bob@example.com")).toEqual([
      "Please confirm: dee's offer from Evercore",
      "Still to confirm: dee's offer from Evercore",
    ]);
    expect(got("offer_reported", "ann@example.com")).toEqual([
      "Please confirm: bea's offer from Moelis",
    ]);
    expect(got("testimonial_submitted", services().config.contactEmail)).toEqual([
      "New testimonial from bea",
    ]);
    // Nothing else: 9 nudges, 12 lists, 30 session reminders, 5 outcome emails.
    expect(sent).toHaveLength(9 + 12 + 30 + 5);
  });

  it("a student turns program reminders off in their profile: no nudges, bookings still email", async () => {
    s.clock.set(new Date("2027-02-20T12:00:00Z"));
    const cohortId = await s.cohortId();
    await db()
      .updateTable("cohorts")
      .set({ start_date: START })
      .where("id", "=", cohortId)
      .execute();
    expect(await planMissingSessions(services())).toEqual({ planned: 6 });
    const ann = await mentorFixture(services(), "ann@example.com", "Ann Mentor");
    const fay = await student("fay@example.com", ann, "America/New_York");
    // A fresh sign-in each time: the clock jumps further than a portal session lasts.
    const cookie = () =>
      portalCookie(services(), {
        role: "student",
        personId: fay,
        email: "fay@example.com",
        firstName: "fay",
      });
    const save = async (extra: Record<string, string>) =>
      answer(services(), profileRoute.action, "/portal/profile", await cookie(), {
        fields: { timeZone: "America/New_York", graduationYear: "2027", ...extra },
      });
    expect((await save({ noReminders: "on" })).status).toBe(303);
    const form = (await answer(services(), profileRoute.loader, "/portal/profile", await cookie()))
      .body as { values: { noReminders: boolean } };
    expect(form.values.noReminders).toBe(true);
    await book(fay, ann, cohortId, 1);
    const kinds = async () =>
      (
        await db()
          .selectFrom("outbox")
          .select("kind")
          .where("to_address", "=", "fay@example.com")
          .where("kind", "in", [...KINDS, "one_on_one_reminder"])
          .orderBy("created_at")
          .execute()
      ).map((row) => row.kind);
    // Week 1: booked, so no nudge; the session reminder is off; the booking's own reminder goes.
    s.clock.set(new Date("2027-03-03T17:00:00Z"));
    await runJobs();
    s.clock.set(new Date(Date.parse(`${START}T15:00:00Z`) + 3 * 86_400_000 - 3_600_000));
    await runJobs();
    await sendBookingReminders(services());
    // Week 2, mid-week, not booked: still nothing while reminders are off.
    s.clock.set(new Date("2027-03-10T17:00:00Z"));
    await runJobs();
    expect(await kinds()).toEqual(["one_on_one_reminder"]);
    // Turned back on: week 2's nudge goes (once).
    expect((await save({})).status).toBe(303);
    await runJobs();
    expect(await kinds()).toEqual(["one_on_one_reminder", "one_on_one_nudge"]);
  });

  it("lists the nudge jobs on /admin/jobs, each named and explained", async () => {
    const statuses = await jobStatuses(db(), services().scheduler.jobs, s.clock.now());
    for (const name of NUDGE_JOBS) {
      expect(statuses.map((job) => job.name)).toContain(name);
      expect(jobName(name)).not.toBe(name);
      expect(jobsText.purpose[name]).toBeTruthy();
    }
  });
});

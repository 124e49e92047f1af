import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { seatFixtures, setCurrentCohort } from "../../../tests/support/cohort";
import { flashToastOf } from "../../../tests/support/context";
import { testEngines } from "../../../tests/support/databases";
import { useOwnerConsole } from "../../../tests/support/owner-console";
import { getCohort } from "~/features/cohort/cohort.server";
import { mentoringConsole } from "./portal-console.words";
import { fulfillPayment } from "~/features/enrollment/fulfillment.server";
import { startCheckout } from "~/features/enrollment/seats.server";
import { refundEnrollment } from "~/features/enrollment/refunds.server";
import * as cohortPage from "~/features/cohort/routes/cohort";
import * as personPage from "~/features/people/routes/person";
import type { CohortMentoring } from "./owner-view.server";
import type { PersonPortal } from "./owner-view.server";

describe.each(testEngines())("who mentors whom on $name", (engine) => {
  const owner = useOwnerConsole(engine);
  const { clock } = owner;
  const services = () => owner.t.services;
  const db = () => services().db;
  const { person, pay } = seatFixtures(services, clock);

  async function mentor(name: string, capacity = 5, isActive = 1) {
    const id = randomUUID();
    const now = clock.now().toISOString();
    const email = `${name.toLowerCase().replace(/\W+/g, ".")}@mentors.example.com`;
    await db()
      .insertInto("mentors")
      .values({ id, email, name, capacity, is_active: isActive, created_at: now, updated_at: now })
      .execute();
    return { id, email };
  }

  const mentorOf = async (personId: string) =>
    (
      await db()
        .selectFrom("payments")
        .select("mentor_id")
        .where("person_id", "=", personId)
        .where("status", "=", "paid")
        .executeTakeFirstOrThrow()
    ).mentor_id;

  const mentorEmails = () =>
    db()
      .selectFrom("outbox")
      .select(["to_address", "subject", "text", "person_id"])
      .where("kind", "=", "mentor_assignment")
      .orderBy("created_at")
      .execute();

  async function student(email: string) {
    const id = await person(email);
    expect((await pay(id, email)).kind).toBe("enrolled");
    clock.advance(1000);
    return id;
  }

  const cohortId = async () => (await getCohort(db(), clock.now())).id;
  const openCohort = async () => {
    const id = await cohortId();
    const page = await owner.get(cohortPage.loader, `/admin/cohorts/${id}`, { id });
    expect(page.status).toBe(200);
    return (page.body as { mentoring: CohortMentoring }).mentoring;
  };
  const move = async (student: string, mentor: string) => {
    const id = await cohortId();
    return owner.post(
      cohortPage.action,
      `/admin/cohorts/${id}`,
      { intent: "move_mentor", student, mentor },
      { id },
    );
  };
  /** Everything a move may change: the seats, the outbox, the audit log. */
  const state = async () =>
    JSON.stringify([
      await db().selectFrom("payments").select(["id", "mentor_id"]).orderBy("id").execute(),
      await db().selectFrom("outbox").select("id").orderBy("id").execute(),
      await db().selectFrom("audit_log").select("action").execute(),
    ]);
  const refusal = (result: { body: unknown }) =>
    result.body as { toast: { description: string }; result: { error?: Record<string, string[]> } };

  it("20 concurrent payments give two mentors of capacity 5 five students each; 10 wait", async () => {
    await setCurrentCohort(db(), { capacity: 24, start_date: "2027-01-11" });
    const ana = await mentor("Ana Mentor");
    const ben = await mentor("Ben Mentor");
    const sessions: { sessionId: string; email: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const email = `student${i}@example.com`;
      const personId = await person(email);
      const start = await startCheckout(services(), services().payments, {
        personId,
        email,
        visitorId: `v-${i}`,
      });
      expect(start.kind).toBe("redirect");
      const hold = await db()
        .selectFrom("seat_holds")
        .select("session_id")
        .where("person_id", "=", personId)
        .executeTakeFirstOrThrow();
      sessions.push({ sessionId: hold.session_id!, email });
    }

    const results = await Promise.all(
      sessions.map((paid) =>
        fulfillPayment(services(), services().payments, { ...paid, amountCents: 64_900 }),
      ),
    );
    expect(results.every((result) => result.kind === "enrolled")).toBe(true);

    const seats = await db()
      .selectFrom("payments")
      .select(["mentor_id"])
      .where("status", "=", "paid")
      .execute();
    expect(seats).toHaveLength(20);
    const count = (id: string | null) => seats.filter((seat) => seat.mentor_id === id).length;
    expect(count(ana.id)).toBe(5);
    expect(count(ben.id)).toBe(5);
    expect(count(null)).toBe(10);

    const emails = await mentorEmails();
    expect(emails.filter((mail) => mail.to_address === ana.email)).toHaveLength(5);
    expect(emails.filter((mail) => mail.to_address === ben.email)).toHaveLength(5);
    expect(emails).toHaveLength(10);
    expect(emails[0]!.person_id).toBeNull();
    expect(emails[0]!.text).toContain("The cohort starts the week of January 11.");
    expect(emails[0]!.text).toContain("/portal/mentor");
    expect(emails[0]!.subject).toMatch(/^A new student for you: student\d+$/);

    const page = await openCohort();
    expect(page.mentors.map((m) => [m.name, m.students.length])).toEqual([
      ["Ana Mentor", 5],
      ["Ben Mentor", 5],
    ]);
    expect(page.waiting).toHaveLength(10);
    expect(page.choices.map((choice) => choice.free)).toEqual([0, 0]);
  });

  it("assigns by the rule: most free places, then fewest students, then name; only active mentors and this cohort's paid seats count", async () => {
    await setCurrentCohort(db(), { capacity: 20 });
    const ana = await mentor("Ana", 5);
    const ben = await mentor("Ben", 6);
    await mentor("Aaron", 10, 0);
    // Ana's seats in another cohort, and a refunded seat of hers here, take none of her places.
    const now = clock.now().toISOString();
    await db()
      .insertInto("cohorts")
      .values({
        id: "older",
        start_date: "2026-01-05",
        capacity: 10,
        enrolled_count: 3,
        is_active: 0,
        is_current: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    for (let i = 0; i < 3; i++) {
      await db()
        .insertInto("payments")
        .values({
          id: `older-${i}`,
          cohort_id: "older",
          hold_id: `older-hold-${i}`,
          person_id: null,
          provider: "test",
          session_id: `older-session-${i}`,
          email: `older${i}@example.com`,
          amount_cents: 64_900,
          status: "paid",
          refund_reason: null,
          refunded_at: null,
          created_at: now,
          mentor_id: ana.id,
        })
        .execute();
    }

    const first = await student("first@example.com");
    // Ben has 6 free places, Ana 5: Ben.
    expect(await mentorOf(first)).toBe(ben.id);
    // 5 free each; Ana has fewer students.
    const second = await student("second@example.com");
    expect(await mentorOf(second)).toBe(ana.id);
    await refundEnrollment(services(), "owner@example.com", second, "test");
    // Ana is back to 5 free with 0 students, Ben 5 free with 1 student: Ana.
    const third = await student("third@example.com");
    expect(await mentorOf(third)).toBe(ana.id);
    // Ana 4 free, Ben 5 free: Ben. Then 4 free each, Ana has fewer students (1 to 2): Ana.
    expect(await mentorOf(await student("fourth@example.com"))).toBe(ben.id);
    expect(await mentorOf(await student("fifth@example.com"))).toBe(ana.id);
  });

  it("ties on free places and students go to the name, in order", async () => {
    await setCurrentCohort(db(), { capacity: 20 });
    const zoe = await mentor("Zoe", 2);
    const amy = await mentor("Amy", 2);
    const order = [];
    for (const name of ["a", "b", "c", "d", "e"])
      order.push(await mentorOf(await student(`${name}@example.com`)));
    expect(order).toEqual([amy.id, zoe.id, amy.id, zoe.id, null]);
  });

  it("with no mentor the student waits unassigned and the cohort page says so", async () => {
    await setCurrentCohort(db(), { capacity: 10 });
    const waiting = await student("alone@example.com");
    expect(await mentorOf(waiting)).toBeNull();
    expect(await mentorEmails()).toHaveLength(0);
    const page = await openCohort();
    expect(page.mentors).toEqual([]);
    expect(page.choices).toEqual([]);
    expect(page.waiting.map((s) => s.personId)).toEqual([waiting]);
  });

  it("the owner moves a student: audited, the new mentor emailed once; a full mentor, a deactivated one, an unknown student or mentor are refused with nothing changed", async () => {
    await setCurrentCohort(db(), { capacity: 10, start_date: "2027-01-11" });
    const ana = await mentor("Ana", 1);
    const ben = await mentor("Ben", 1);
    const gone = await mentor("Gone", 5, 0);
    const first = await student("first@example.com");
    const second = await student("second@example.com");
    const third = await student("third@example.com");
    expect([await mentorOf(first), await mentorOf(second), await mentorOf(third)]).toEqual([
      ana.id,
      ben.id,
      null,
    ]);
    expect(await mentorEmails()).toHaveLength(2);

    // Ben is full: the waiting student cannot go to him.
    const before = await state();
    const full = await move(third, ben.id);
    expect(full.status).toBe(409);
    expect(refusal(full).toast.description).toBe(mentoringConsole.mentorFull("Ben", 1));
    expect(refusal(full).result.error).toEqual({
      mentor: [mentoringConsole.mentorFull("Ben", 1)],
    });
    for (const [studentId, mentorId, message] of [
      [third, gone.id, mentoringConsole.noSuchMentor],
      [third, "no-such-mentor", mentoringConsole.noSuchMentor],
      ["no-such-person", ana.id, mentoringConsole.notStudent],
      [first, ana.id, mentoringConsole.sameMentor],
    ] as const) {
      const refused = await move(studentId, mentorId);
      expect(refused.status).toBe(409);
      expect(refusal(refused).toast.description).toBe(message);
    }
    // A form without a mentor is refused by the schema.
    const id = await cohortId();
    const blank = await owner.post(
      cohortPage.action,
      `/admin/cohorts/${id}`,
      { intent: "move_mentor", student: third },
      { id },
    );
    expect(blank.status).toBe(400);
    expect(await state()).toBe(before);

    // Raise Ben's capacity: now the move is made, audited, and Ben emailed once.
    await db().updateTable("mentors").set({ capacity: 2 }).where("id", "=", ben.id).execute();
    const moved = await move(third, ben.id);
    expect(moved.status).toBe(303);
    expect((await flashToastOf(moved, services()))?.title).toBe(mentoringConsole.moved);
    expect(await mentorOf(third)).toBe(ben.id);
    const emails = await mentorEmails();
    expect(emails).toHaveLength(3);
    expect(emails[2]!.to_address).toBe(ben.email);
    expect(emails[2]!.subject).toBe("A new student for you: third");
    const audit = await db()
      .selectFrom("audit_log")
      .select(["actor", "details"])
      .where("action", "=", "cohort.move_student")
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.details)).toEqual({
      cohortId: id,
      personId: third,
      from: null,
      to: ben.id,
    });

    // A student moves from one mentor to another with a free place.
    await db().updateTable("mentors").set({ capacity: 3 }).where("id", "=", ana.id).execute();
    expect((await move(third, ana.id)).status).toBe(303);
    expect(await mentorOf(third)).toBe(ana.id);
    expect((await mentorEmails()).map((mail) => mail.to_address).at(-1)).toBe(ana.email);
  });

  it("the cohort page and the person page show each student's portal state", async () => {
    await setCurrentCohort(db(), { capacity: 10, start_date: "2027-01-11" });
    await mentor("Ana", 5);
    const started = await student("started@example.com");
    const idle = await student("idle@example.com");
    await db()
      .insertInto("student_profiles")
      .values({
        person_id: started,
        profile_done_at: "2026-11-22T13:00:00.000Z",
        first_signed_in_at: "2026-11-22T12:30:00.000Z",
        last_signed_in_at: "2026-11-22T14:00:00.000Z",
        updated_at: "2026-11-22T14:00:00.000Z",
      })
      .execute();
    // Their calendar app has fetched their feed: the checklist's calendar item is done.
    await db()
      .insertInto("calendar_feeds")
      .values({
        token_hash: "a".repeat(64),
        person_id: started,
        mentor_id: null,
        created_at: "2026-11-22T14:00:00.000Z",
        first_fetched_at: "2026-11-22T14:05:00.000Z",
        last_fetched_at: "2026-11-22T14:05:00.000Z",
      })
      .execute();

    const page = await openCohort();
    const [ana] = page.mentors;
    expect(ana!.students.map((s) => [s.personId, s.progress.done, s.lastSignedInAt])).toEqual([
      [started, 2, "2026-11-22T14:00:00.000Z"],
      [idle, 0, null],
    ]);
    expect(ana!.students[0]!.progress.total).toBe(3);

    const shown = async (id: string) => {
      const result = await owner.get(personPage.loader, `/admin/people/${id}`, { id });
      return (result.body as { portal: PersonPortal }).portal;
    };
    const portal = await shown(started);
    expect(portal.seat).toMatchObject({ startDate: "2027-01-11", mentorName: "Ana" });
    expect(portal.firstSignedInAt).toBe("2026-11-22T12:30:00.000Z");
    expect(portal.lastSignedInAt).toBe("2026-11-22T14:00:00.000Z");
    expect(portal.progress.items).toEqual([
      { key: "profile", state: "done" },
      { key: "calendar", state: "done" },
      { key: "prework", state: "todo" },
    ]);
    expect(await shown(idle)).toMatchObject({
      firstSignedInAt: null,
      progress: { done: 0, total: 3 },
    });
    const lead = await person("lead@example.com");
    expect((await shown(lead)).seat).toBeNull();
  });
});

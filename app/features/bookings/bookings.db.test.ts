import { describe, expect, it } from "vitest";
import { seatScenario } from "../../../tests/support/cohort";
import { londonMentorScene } from "../../../tests/support/bookings";
import { testEngines } from "../../../tests/support/databases";
import { outboxWithInvites } from "../../../tests/support/outbox";
import { answer, mentorFixture } from "../../../tests/support/mentors";

import * as availabilityRoute from "~/features/bookings/routes/mentor-availability";
import * as bookRoute from "~/features/bookings/routes/book";
import * as mentorRoute from "~/features/mentors/routes/mentor";
import { refundEnrollment } from "~/features/enrollment/refunds.server";
import { moveStudent } from "~/features/portal/assignment.server";
import { bookingText } from "./bookings.words";
import { mentorZoneOf } from "./availability.server";
import { bookingUid } from "./invite.server";
import { sendBookingReminders } from "./reminders.server";
import { calendarEventsFor, calendarText } from "~/features/sessions/calendar.server";

const NY = "America/New_York";
/** Tuesday 2027-01-12 15:00 in London (GMT) is 10:00 in New York (EST). */
const SLOT = "2027-01-12T15:00:00.000Z";
const SLOT_2 = "2027-01-12T15:30:00.000Z";
const SLOT_3 = "2027-01-12T16:00:00.000Z";
/** Where Ann meets her students (set first: no hours before it). */
const PLACE = "https://meet.example.com/ann";

describe.each(testEngines())("1-on-1 bookings on $name", (engine) => {
  const s = seatScenario(engine);
  const services = () => s.services();
  const db = () => s.db();

  /** A mentor in London with Tuesday 15:00-17:00 (set through the page), and `n` students in New York. */
  const scene = (n = 1) => londonMentorScene(s, { place: PLACE, students: n });

  const page = (cookie: string, week?: number) =>
    answer(services(), bookRoute.loader, `/portal/book${week ? `?week=${week}` : ""}`, cookie);
  const post = (cookie: string, fields: Record<string, string>) =>
    answer(services(), bookRoute.action, "/portal/book", cookie, { fields });
  const book = (cookie: string, slot: string, week = 1) =>
    post(cookie, { intent: "book", week: String(week), slot });
  const live = () =>
    db().selectFrom("bookings").selectAll().where("status", "=", "booked").execute();
  const emails = (kind: string) => outboxWithInvites(db(), kind);

  it("names the site's zone in the week's heading only for a reader in another zone", async () => {
    const { students } = await scene();
    const weekZone = async () =>
      ((await page(students[0]!.cookie)).body as { weekZone: string | null }).weekZone;
    expect(await weekZone()).toBeNull();
    await db()
      .updateTable("student_profiles")
      .set({ time_zone: "Europe/London" })
      .where("person_id", "=", students[0]!.id)
      .execute();
    expect(await weekZone()).toBe(services().config.siteTimeZone);
  });

  it("shows the week's free times in the student's zone, books one, one per week", async () => {
    const { students } = await scene();
    const [ada] = students;
    const before = (await page(ada!.cookie)).body as {
      kind: string;
      zone: string;
      weeks: number[];
      days: { label: string; slots: { startsAt: string; time: string }[] }[];
    };
    expect(before.kind).toBe("week");
    expect(before.zone).toBe(NY);
    expect(before.weeks).toEqual([1, 2]);
    expect(before.days).toEqual([
      {
        date: "2027-01-12",
        label: "Tue, Jan 12",
        slots: [
          { startsAt: SLOT, time: "10:00 AM EST", when: "Tue, Jan 12, 10:00 AM EST" },
          { startsAt: SLOT_2, time: "10:30 AM EST", when: "Tue, Jan 12, 10:30 AM EST" },
          { startsAt: SLOT_3, time: "11:00 AM EST", when: "Tue, Jan 12, 11:00 AM EST" },
          {
            startsAt: "2027-01-12T16:30:00.000Z",
            time: "11:30 AM EST",
            when: "Tue, Jan 12, 11:30 AM EST",
          },
        ],
      },
    ]);
    expect((await book(ada!.cookie, SLOT)).status).toBe(303);
    expect((await book(ada!.cookie, SLOT_2)).status).toBe(409);
    expect(await live()).toHaveLength(1);
    // Week 2 is owed too; week 3 is not open yet.
    expect((await book(ada!.cookie, "2027-01-19T15:00:00.000Z", 2)).status).toBe(303);
    expect((await book(ada!.cookie, "2027-01-26T15:00:00.000Z", 3)).status).toBe(409);
    expect(await live()).toHaveLength(2);

    const booked = await emails("one_on_one_booked");
    expect(booked.map((e) => e.to_address)).toEqual([
      "ann@example.com",
      "ann@example.com",
      "student0@example.com",
      "student0@example.com",
    ]);
    const toMentor = booked.find(
      (e) => e.to_address === "ann@example.com" && e.text.includes("Jan 12"),
    );
    const toStudent = booked.find(
      (e) => e.to_address === "student0@example.com" && e.text.includes("Jan 12"),
    );
    expect(toMentor!.text).toContain("Tue, Jan 12, 3:00 PM GMT (Europe/London)");
    expect(toStudent!.text).toContain("Tue, Jan 12, 10:00 AM EST (America/New_York)");
    const id = (await live()).find((b) => b.starts_at === SLOT)!.id;
    expect(toStudent!.calendar).toContain("METHOD:REQUEST");
    expect(toStudent!.calendar).toContain(`UID:${bookingUid(id)}`);
    expect(toStudent!.calendar).toContain("DTSTART:20270112T150000Z");
    expect(toStudent!.calendar).toContain("SEQUENCE:0");
  });

  it("five students posting the same slot at once: exactly one gets it", async () => {
    const { students } = await scene(5);
    const answers = await Promise.all(students.map((st) => book(st.cookie, SLOT)));
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409, 409, 409, 409]);
    const rows = await live();
    expect(rows.map((row) => row.starts_at)).toEqual([SLOT]);
    // The others still see the rest of the week.
    const other = students.find((st) => st.id !== rows[0]!.person_id)!;
    const view = (await page(other.cookie)).body as { days: { slots: { startsAt: string }[] }[] };
    expect(view.days[0]!.slots.map((slot) => slot.startsAt)).not.toContain(SLOT);
  });

  it("minimum notice of 12 hours", async () => {
    const { students } = await scene();
    s.clock.set(new Date(Date.parse(SLOT) - 12 * 3_600_000));
    const view = (await page(students[0]!.cookie)).body as {
      days: { slots: { startsAt: string }[] }[];
    };
    expect(view.days[0]!.slots[0]!.startsAt).toBe(SLOT);
    s.clock.advance(60_000);
    expect((await book(students[0]!.cookie, SLOT)).status).toBe(409);
    expect(await live()).toHaveLength(0);
    expect((await book(students[0]!.cookie, SLOT_2)).status).toBe(303);
  });

  it("reschedule moves the booking and bumps its sequence; up to 24 hours before", async () => {
    const { students } = await scene();
    const ada = students[0]!;
    await book(ada.cookie, SLOT);
    const [booking] = await live();
    expect(
      (await post(ada.cookie, { intent: "reschedule", bookingId: booking!.id, slot: SLOT_3 }))
        .status,
    ).toBe(303);
    const [moved] = await live();
    expect(moved).toMatchObject({ id: booking!.id, starts_at: SLOT_3, sequence: 1 });
    const [toMentor, toStudent] = await emails("one_on_one_moved");
    expect(toStudent!.text).toContain(
      "from Tue, Jan 12, 10:00 AM EST (America/New_York) to Tue, Jan 12, 11:00 AM EST",
    );
    expect(toMentor!.text).toContain("to Tue, Jan 12, 4:00 PM GMT (Europe/London)");
    expect(toStudent!.calendar).toContain(`UID:${bookingUid(booking!.id)}`);
    expect(toStudent!.calendar).toContain("SEQUENCE:1");
    expect(toStudent!.calendar).toContain("DTSTART:20270112T160000Z");
    // The calendar feeds move the same event: one UID, the new time, the higher SEQUENCE.
    for (const owner of [
      { kind: "student" as const, personId: ada.id },
      { kind: "mentor" as const, mentorId: moved!.mentor_id },
    ]) {
      // Unfolded: iCalendar folds lines longer than 75 octets.
      const feed = calendarText(await calendarEventsFor(db(), owner, "example.com"), {
        now: s.clock.now(),
      }).replace(/\r\n[ \t]/g, "");
      expect(feed.match(new RegExp(`UID:${bookingUid(booking!.id)}`, "g"))).toHaveLength(1);
      expect(feed).toContain("DTSTART:20270112T160000Z");
      expect(feed).toContain("SEQUENCE:1");
    }

    // Less than 24 hours before, it stays booked: no move, no cancel; the page says so.
    s.clock.set(new Date(Date.parse(SLOT_3) - 24 * 3_600_000 + 1000));
    expect(
      (await post(ada.cookie, { intent: "reschedule", bookingId: booking!.id, slot: SLOT })).status,
    ).toBe(409);
    expect((await post(ada.cookie, { intent: "cancel", bookingId: booking!.id })).status).toBe(409);
    const tense = async () =>
      ((await page(ada.cookie)).body as { booking: { mayChange: boolean; tense: string } }).booking;
    expect(await tense()).toMatchObject({ mayChange: false, tense: "upcoming" });
    expect((await live())[0]).toMatchObject({ starts_at: SLOT_3, sequence: 1 });
    // Once it has started it reads in the past: held, or missed once marked a no-show.
    s.clock.set(new Date(Date.parse(SLOT_3) + 60_000));
    expect(await tense()).toMatchObject({ mayChange: false, tense: "held" });
    await db()
      .updateTable("bookings")
      .set({ outcome: "student_no_show" })
      .where("id", "=", booking!.id)
      .execute();
    expect(await tense()).toMatchObject({ tense: "missed" });
  });

  it("the student cancels in time; the mentor cancels any time with a reason, and the week is owed again", async () => {
    const { students, mentor } = await scene();
    const ada = students[0]!;
    await book(ada.cookie, SLOT);
    expect(
      (await post(ada.cookie, { intent: "cancel", bookingId: (await live())[0]!.id })).status,
    ).toBe(303);
    expect(await live()).toHaveLength(0);
    await book(ada.cookie, SLOT_2);
    const [again] = await live();
    s.clock.set(new Date(Date.parse(SLOT_2) - 2 * 3_600_000));
    const cancel = (fields: Record<string, string>) =>
      answer(services(), mentorRoute.action, "/portal/mentor", mentor, { fields });
    expect(
      (await cancel({ intent: "cancel_booking", bookingId: again!.id, reason: "" })).status,
    ).toBe(400);
    expect(
      (await cancel({ intent: "cancel_booking", bookingId: again!.id, reason: "I am ill" })).status,
    ).toBe(303);
    const row = await db()
      .selectFrom("bookings")
      .selectAll()
      .where("id", "=", again!.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: "cancelled",
      cancelled_by: "mentor",
      cancel_reason: "I am ill",
      sequence: 1,
    });
    const cancelled = await emails("one_on_one_cancelled");
    const toStudent = cancelled.filter((e) => e.to_address === ada.email).at(-1)!;
    expect(toStudent.text).toContain("Reason: I am ill");
    expect(toStudent.text).toContain("is canceled by your mentor.");
    // The mentor's own copy says they did it, not that "the mentor" did.
    const toMentor = cancelled.filter((e) => e.to_address === "ann@example.com").at(-1)!;
    expect(toMentor.text).toContain("You canceled your week");
    expect(toMentor.text).not.toContain("by your mentor");
    expect(toStudent.calendar).toContain("METHOD:CANCEL");
    expect(toStudent.calendar).toContain("STATUS:CANCELLED");
    // The week is the student's to book again (another day of the mentor's, far enough ahead).
    await db()
      .insertInto("mentor_availability")
      .values({
        id: "thu",
        mentor_id: row.mentor_id,
        weekday: 4,
        start_minute: 900,
        end_minute: 960,
      })
      .execute();
    expect((await book(ada.cookie, "2027-01-14T15:00:00.000Z")).status).toBe(303);
  });

  it("reminders a day and an hour before go once each, even when the job runs twice at once", async () => {
    const { students } = await scene();
    await book(students[0]!.cookie, SLOT);
    const run = () =>
      Promise.all([sendBookingReminders(services()), sendBookingReminders(services())]);
    s.clock.set(new Date(Date.parse(SLOT) - 25 * 3_600_000));
    await run();
    expect(await emails("one_on_one_reminder")).toHaveLength(0);
    s.clock.set(new Date(Date.parse(SLOT) - 23 * 3_600_000));
    await run();
    await run();
    const day = await emails("one_on_one_reminder");
    expect(day.map((e) => e.to_address)).toEqual(["ann@example.com", "student0@example.com"]);
    expect(day.find((e) => e.to_address === "ann@example.com")!.text).toContain(
      "3:00 PM GMT (Europe/London)",
    );
    // Each reader's link goes to their own page: the mentor's to /portal/mentor.
    const links = (text: string) => text.match(/https?:\/\/\S*\/portal\S*/g);
    expect(links(day.find((e) => e.to_address === "ann@example.com")!.text)).toEqual([
      expect.stringMatching(/\/portal\/mentor$/),
    ]);
    expect(links(day.find((e) => e.to_address === "student0@example.com")!.text)).toEqual([
      expect.stringMatching(/\/portal\/book$/),
    ]);
    s.clock.set(new Date(Date.parse(SLOT) - 50 * 60_000));
    await run();
    await run();
    expect(await emails("one_on_one_reminder")).toHaveLength(4);
    s.clock.set(new Date(Date.parse(SLOT) + 60_000));
    await run();
    expect(await emails("one_on_one_reminder")).toHaveLength(4);
  });

  it("the availability page refuses bad rows and overlaps, and keeps days off", async () => {
    const { mentor, annId } = await scene(0);
    const post = (fields: Record<string, string>) =>
      answer(services(), availabilityRoute.action, "/portal/mentor/availability", mentor, {
        fields,
      });
    expect(
      (await post({ intent: "add_hours", weekday: "2", from: "10:00", to: "09:00" })).status,
    ).toBe(400);
    expect(
      (await post({ intent: "add_hours", weekday: "2", from: "10:10", to: "11:00" })).status,
    ).toBe(400);
    expect(
      (await post({ intent: "add_hours", weekday: "2", from: "16:30", to: "18:00" })).status,
    ).toBe(400);
    expect(
      (await post({ intent: "add_hours", weekday: "2", from: "17:00", to: "18:00" })).status,
    ).toBe(303);
    expect((await post({ intent: "add_off", date: "2027-01-12" })).status).toBe(303);
    expect((await post({ intent: "add_off", date: "2027-01-12" })).status).toBe(400);
    expect((await post({ intent: "add_off", date: "2026-12-01" })).status).toBe(400);
    const view = (
      await answer(services(), availabilityRoute.loader, "/portal/mentor/availability", mentor)
    ).body as {
      timeZone: string;
      hours: unknown[];
      daysOff: { date: string }[];
    };
    expect(view.timeZone).toBe("Europe/London");
    expect(view.hours).toHaveLength(2);
    expect(view.daysOff.map((d) => d.date)).toEqual(["2027-01-12"]);
    const rows = await db()
      .selectFrom("mentor_availability")
      .selectAll()
      .where("mentor_id", "=", annId)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it("reads a mentor's own time zone, or the site's before they set one", async () => {
    const { annId } = await scene();
    expect(await mentorZoneOf(db(), annId, NY)).toBe("Europe/London");
    await db().updateTable("mentors").set({ time_zone: null }).where("id", "=", annId).execute();
    expect(await mentorZoneOf(db(), annId, NY)).toBe(NY);
  });

  it("a day off takes the day's slots away", async () => {
    const { students, mentor } = await scene();
    await answer(services(), availabilityRoute.action, "/portal/mentor/availability", mentor, {
      fields: { intent: "add_off", date: "2027-01-12" },
    });
    const view = (await page(students[0]!.cookie)).body as { days: unknown[] };
    expect(view.days).toEqual([]);
  });

  it("a refund cancels the student's upcoming 1-on-1s and frees the mentor's slot", async () => {
    const { students } = await scene(2);
    const [ada, bob] = students;
    expect((await book(ada!.cookie, SLOT)).status).toBe(303);
    expect(await refundEnrollment(services(), "owner@example.com", ada!.id, "changed plans")).toBe(
      "refunded",
    );
    expect(await live()).toHaveLength(0);
    const row = await db().selectFrom("bookings").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "cancelled", cancelled_by: "refund", sequence: 1 });
    const cancelled = await emails("one_on_one_cancelled");
    expect(cancelled.map((e) => e.to_address)).toEqual(["ann@example.com", ada!.email]);
    expect(cancelled[0]!.calendar).toContain("METHOD:CANCEL");
    expect((await book(bob!.cookie, SLOT)).status).toBe(303);
  });

  it("moving a student to another mentor cancels their upcoming 1-on-1s with the old one, saying why", async () => {
    const { students, cohortId } = await scene();
    const [ada] = students;
    expect((await book(ada!.cookie, SLOT)).status).toBe(303);
    const beaId = await mentorFixture(services(), "bea@example.com", "Bea Mentor");
    expect(
      await moveStudent(services(), "owner@example.com", {
        cohortId,
        personId: ada!.id,
        mentorId: beaId,
      }),
    ).toEqual({ kind: "moved" });
    expect(await live()).toHaveLength(0);
    const row = await db().selectFrom("bookings").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "cancelled", cancelled_by: "mentor_change", sequence: 1 });
    const cancelled = await emails("one_on_one_cancelled");
    expect(cancelled.map((e) => e.to_address)).toEqual(["ann@example.com", ada!.email]);
    // Each is told why in their own words: the student, by whom to book now.
    expect(cancelled[0]!.text).toContain(bookingText.mentorChanged.mentor);
    expect(cancelled[0]!.text).toContain("The time is free again for your students.");
    expect(cancelled[1]!.text).toContain(bookingText.mentorChanged.student("Bea Mentor"));
    expect(cancelled[1]!.text).toContain("The week is open to book again.");
  });

  // Two connections at once: PostgreSQL (SQLite has one writer, so the two cannot interleave).
  it.skipIf(engine.name !== "postgres")(
    "a booking that waited for its mentor while the student was moved is refused, none left with the old mentor",
    async () => {
      const { students, annId } = await scene();
      const [ada] = students;
      const beaId = await mentorFixture(services(), "bea@example.com", "Bea Mentor");
      let booking: Promise<{ status: number }> | undefined;
      await db()
        .transaction()
        .execute(async (trx) => {
          // Hold Ann's lock as the move does, start the booking, then move Ada to Bea.
          await trx
            .selectFrom("mentors")
            .select("id")
            .where("id", "=", annId)
            .forUpdate()
            .execute();
          booking = book(ada!.cookie, SLOT);
          await new Promise((resolve) => setTimeout(resolve, 300));
          await trx
            .updateTable("payments")
            .set({ mentor_id: beaId })
            .where("person_id", "=", ada!.id)
            .execute();
        });
      expect((await booking!).status).toBe(409);
      expect(await live()).toHaveLength(0);
    },
  );
});

import { describe, expect, it } from "vitest";
import { insertAccount, sessionCookie } from "../../../tests/support/admin";
import { calendarLines } from "../../../tests/support/calendar";
import { seatScenario } from "../../../tests/support/cohort";
import { londonMentorScene } from "../../../tests/support/bookings";
import { testEngines } from "../../../tests/support/databases";
import { outboxRows } from "../../../tests/support/outbox";
import { answer } from "../../../tests/support/mentors";

import { availabilityText, meetingPlaceText } from "./bookings.words";
import * as mentorsPage from "~/features/mentors/routes/mentors";
import * as availabilityRoute from "~/features/bookings/routes/mentor-availability";
import * as bookRoute from "~/features/bookings/routes/book";
import * as mentorRoute from "~/features/mentors/routes/mentor";
import { calendarEventsFor, calendarText } from "~/features/sessions/calendar.server";
import { bookingUid } from "./invite.server";
import { sendBookingReminders } from "./reminders.server";

/** Tuesdays 15:00 London of weeks 1 and 2. */
const WEEK_1 = "2027-01-12T15:00:00.000Z";
const WEEK_2 = "2027-01-19T15:00:00.000Z";
const PHONE = "+44 20 7946 0000";
const LINK = "https://meet.example.com/ann-room";

describe.each(testEngines())("a mentor's place to meet on $name", (engine) => {
  const s = seatScenario(engine);
  const services = () => s.services();
  const db = () => s.db();

  /** Ann in London (no place yet, so no hours), and Ada, her student in New York. */
  async function scene() {
    const { annId, mentor, set, students } = await londonMentorScene(s, {
      place: null,
      hours: false,
    });
    const [ada] = students;
    return { annId, mentor, set, adaId: ada!.id, ada: ada!.cookie };
  }

  const hours = { intent: "add_hours", weekday: "2", from: "15:00", to: "17:00" };
  const book = (cookie: string, slot: string, week: number) =>
    answer(services(), bookRoute.action, "/portal/book", cookie, {
      fields: { intent: "book", week: String(week), slot },
    });
  const emails = async (kind: string) =>
    (await outboxRows(db(), kind)).map((row) => ({
      ...row,
      event: (name: string) =>
        calendarLines(row.calendar ?? "").find((line) => line.name === name)?.value,
    }));
  const bookings = () => db().selectFrom("bookings").selectAll().orderBy("starts_at").execute();

  it("asks for the place before any hours: shown first, hours refused until it is saved", async () => {
    const { annId, mentor, set } = await scene();
    const view = async () =>
      (await answer(services(), availabilityRoute.loader, "/portal/mentor/availability", mentor))
        .body as { meetingPlace: string | null; hours: unknown[] };
    expect((await view()).meetingPlace).toBeNull();

    const refused = await set(hours);
    expect(refused.status).toBe(400);
    const body = refused.body as {
      result: { error: Record<string, string[]> };
      toast: { description: string };
    };
    expect(body.result.error[""]).toEqual([availabilityText.errors.placeNeeded]);
    expect(body.toast.description).toBe(meetingPlaceText.needed);
    expect((await view()).hours).toHaveLength(0);

    // A bad place is refused with its reason and stores nothing.
    for (const [place, message] of [
      ["http://meet.example.com/x", meetingPlaceText.errors.url],
      ["Room 4\nFloor 2", meetingPlaceText.errors.control],
      ["x".repeat(301), meetingPlaceText.errors.tooLong],
      ["  ", meetingPlaceText.errors.required],
    ] as const) {
      const bad = await set({ intent: "place", place });
      expect(bad.status, place).toBe(400);
      expect((bad.body as typeof body).result.error.place).toEqual([message]);
    }
    const row = () =>
      db().selectFrom("mentors").select("meeting_place").where("id", "=", annId).executeTakeFirst();
    expect((await row())?.meeting_place).toBeNull();

    expect((await set({ intent: "place", place: ` ${PHONE} ` })).status).toBe(303);
    expect((await row())?.meeting_place).toBe(PHONE);
    expect((await set(hours)).status).toBe(303);
    expect(await view()).toMatchObject({ meetingPlace: PHONE, hours: [{ weekday: 2 }] });
  });

  it("every booking carries it: pages, booked, moved, cancelled and reminder emails, invites, feed", async () => {
    const { mentor, set, ada, adaId, annId } = await scene();
    await set({ intent: "place", place: PHONE });
    await set(hours);
    expect((await book(ada, WEEK_1, 1)).status).toBe(303);
    const [booking] = await bookings();
    expect(booking!.place).toBe(PHONE);

    const page = (await answer(services(), bookRoute.loader, "/portal/book", ada)).body as {
      booking: { place: string | null };
    };
    expect(page.booking.place).toBe(PHONE);
    const mentorPage = (await answer(services(), mentorRoute.loader, "/portal/mentor", mentor))
      .body as { bookings: { place: string | null }[] };
    expect(mentorPage.bookings.map((b) => b.place)).toEqual([PHONE]);

    const where = meetingPlaceText.where(PHONE);
    const booked = await emails("one_on_one_booked");
    expect(booked.map((e) => e.to_address)).toEqual(["ann@example.com", "student0@example.com"]);
    for (const e of booked) {
      expect(e.text).toContain(where);
      expect(e.html).toContain("Where: +44 20 7946 0000");
      expect(e.event("LOCATION")).toBe(PHONE);
      expect(e.event("URL")).toBeUndefined();
    }

    await answer(services(), bookRoute.action, "/portal/book", ada, {
      fields: { intent: "reschedule", bookingId: booking!.id, slot: "2027-01-12T15:30:00.000Z" },
    });
    s.clock.set(new Date(Date.parse("2027-01-12T15:30:00.000Z") - 23 * 3_600_000));
    expect(await sendBookingReminders(services())).toBe(2);
    await answer(services(), mentorRoute.action, "/portal/mentor", mentor, {
      fields: { intent: "cancel_booking", bookingId: booking!.id, reason: "Ill today" },
    });
    for (const kind of ["one_on_one_moved", "one_on_one_reminder", "one_on_one_cancelled"]) {
      const sent = await emails(kind);
      expect(sent, kind).toHaveLength(2);
      for (const e of sent) expect(e.text, kind).toContain(where);
    }
    for (const e of await emails("one_on_one_cancelled")) expect(e.event("LOCATION")).toBe(PHONE);

    // The calendar feeds (student's and mentor's) carry it too.
    for (const owner of [
      { kind: "student" as const, personId: adaId },
      { kind: "mentor" as const, mentorId: annId },
    ]) {
      const lines = calendarLines(
        calendarText(await calendarEventsFor(db(), owner, "example.com"), {
          now: s.clock.now(),
        }),
      );
      expect(lines.find((l) => l.name === "UID")?.value).toBe(bookingUid(booking!.id));
      expect(lines.find((l) => l.name === "LOCATION")?.value).toBe(PHONE);
    }
  });

  it("a new place updates each upcoming booking's invite once (SEQUENCE + 1); past ones keep theirs", async () => {
    const { set, ada } = await scene();
    await set({ intent: "place", place: PHONE });
    await set(hours);
    await book(ada, WEEK_1, 1);
    await book(ada, WEEK_2, 2);
    // Week 1's has been held; week 2's is ahead.
    s.clock.set(new Date(Date.parse(WEEK_1) + 3_600_000));
    const saved = await set({ intent: "place", place: LINK });
    expect(saved.status).toBe(303);
    const [past, ahead] = await bookings();
    expect(past).toMatchObject({ place: PHONE, starts_at: WEEK_1 });
    expect(Number(past!.sequence)).toBe(0);
    expect(ahead).toMatchObject({ place: LINK, starts_at: WEEK_2 });
    expect(Number(ahead!.sequence)).toBe(1);

    const placed = await emails("one_on_one_place");
    expect(placed.map((e) => e.to_address)).toEqual(["ann@example.com", "student0@example.com"]);
    for (const e of placed) {
      expect(e.subject).toContain("new meeting place");
      expect(e.text).toContain(meetingPlaceText.where(LINK));
      expect(e.event("METHOD")).toBe("REQUEST");
      expect(e.event("UID")).toBe(bookingUid(ahead!.id));
      expect(e.event("SEQUENCE")).toBe("1");
      expect(e.event("LOCATION")).toBe(LINK);
      expect(e.event("URL")).toBe(LINK);
    }

    // Saving it again (a double click, a retried post) changes and sends nothing.
    const again = await set({ intent: "place", place: LINK });
    expect(again.status).toBe(303);
    expect(await emails("one_on_one_place")).toHaveLength(2);
    expect(Number((await bookings())[1]!.sequence)).toBe(1);
  });

  it("the owner sets it at /admin/mentors: audited, and the mentor's upcoming invites updated", async () => {
    const { annId, set, ada } = await scene();
    await set({ intent: "place", place: PHONE });
    await set(hours);
    await book(ada, WEEK_1, 1);
    // The owner's session, valid at the test clock's time (2027).
    const owner = await sessionCookie(
      db(),
      services().config.sessionSecrets,
      await insertAccount(db(), { email: "boss@example.com", password: "x" }),
      new Date(s.clock.now().getTime() + 3_600_000).toISOString(),
    );
    const post = (fields: Record<string, string>) =>
      answer(services(), mentorsPage.action, "/admin/mentors", owner, { fields });

    const bad = await post({ intent: "place", id: annId, place: "http://insecure.example.com" });
    expect(bad.status).toBe(400);
    expect((await bookings())[0]!.place).toBe(PHONE);

    expect((await post({ intent: "place", id: annId, place: LINK })).status).toBe(303);
    const [booking] = await bookings();
    expect(booking).toMatchObject({ place: LINK });
    expect(Number(booking!.sequence)).toBe(1);
    expect(await emails("one_on_one_place")).toHaveLength(2);
    const audit = await db()
      .selectFrom("audit_log")
      .select(["action", "actor"])
      .where("action", "=", "mentor.place")
      .execute();
    expect(audit).toEqual([{ action: "mentor.place", actor: "boss@example.com" }]);
    const listed = (await answer(services(), mentorsPage.loader, "/admin/mentors", owner)).body as {
      mentors: { id: string; meetingPlace: string | null }[];
    };
    expect(listed.mentors.find((m) => m.id === annId)?.meetingPlace).toBe(LINK);
  });
});

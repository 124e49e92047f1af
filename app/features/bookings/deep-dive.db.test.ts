import { describe, expect, it } from "vitest";
import { seatScenario } from "../../../tests/support/cohort";
import { londonMentorScene } from "../../../tests/support/bookings";
import { testEngines } from "../../../tests/support/databases";
import { fromApplication } from "../../../tests/support/outcome-moves";
import { outboxWithInvites } from "../../../tests/support/outbox";
import { answer } from "../../../tests/support/mentors";
import { portalCookie } from "../../../tests/support/portal";
import * as bookRoute from "~/features/bookings/routes/book";
import * as deepDiveRoute from "~/features/bookings/routes/deep-dive";
import * as interviewsRoute from "~/features/outcomes/routes/interviews";
import * as mentorRoute from "~/features/mentors/routes/mentor";
import { calendarEventsFor, calendarText } from "~/features/sessions/calendar.server";
import { cancelBooking } from "./book.server";
import { bookingUid } from "./invite.server";
import { sendBookingReminders } from "./reminders.server";

/** Tuesday 2027-01-12 15:00 in London (GMT) is 10:00 in New York (EST); hours run to 17:00. */
const TUE_1500 = "2027-01-12T15:00:00.000Z";
const TUE_1530 = "2027-01-12T15:30:00.000Z";
const TUE_1600 = "2027-01-12T16:00:00.000Z";
const NEXT_TUE_1500 = "2027-01-19T15:00:00.000Z";

describe.each(testEngines())("the interview deep-dive on $name", (engine) => {
  const s = seatScenario(engine);
  const services = () => s.services();
  const db = () => s.db();

  /** A mentor in London with Tuesdays 15:00-17:00, and `n` students of hers in New York. */
  const scene = (n = 1) => londonMentorScene(s, { place: "+44 20 7946 0000", students: n });

  type View = {
    kind: string;
    interviewId: string | null;
    weeks: { monday: string }[];
    booking: { id: string; mayChange: boolean } | null;
    days: { slots: { startsAt: string; time: string }[] }[];
  };
  const page = async (cookie: string, week?: string) =>
    (
      await answer(
        services(),
        deepDiveRoute.loader,
        `/portal/deep-dive${week ? `?week=${week}` : ""}`,
        cookie,
      )
    ).body as View;
  const times = (view: View) => view.days.flatMap((day) => day.slots.map((slot) => slot.startsAt));
  const post = (cookie: string, fields: Record<string, string>) =>
    answer(services(), deepDiveRoute.action, "/portal/deep-dive", cookie, { fields });
  const report = (cookie: string, date: string, firm = "Goldman Sachs") =>
    answer(services(), interviewsRoute.action, "/portal/interviews", cookie, {
      fields: { intent: "interview", firm, role: "Summer Analyst", date },
    });
  const interviewId = async (personId: string, date: string) =>
    (
      await db()
        .selectFrom("interviews")
        .select("id")
        .where("person_id", "=", personId)
        .where("interview_date", "=", date)
        .executeTakeFirstOrThrow()
    ).id;
  const book = async (st: { id: string; cookie: string }, slot: string, date = "2027-01-20") =>
    post(st.cookie, { intent: "book", interviewId: await interviewId(st.id, date), slot });
  const deepDives = () =>
    db()
      .selectFrom("bookings")
      .selectAll()
      .where("kind", "=", "deep_dive")
      .where("status", "=", "booked")
      .execute();
  const emails = (kind: string) => outboxWithInvites(db(), kind);

  it("is unlocked only by an interview still ahead, and booked once per programme", async () => {
    const { students } = await scene();
    const ada = students[0]!;
    expect((await page(ada.cookie)).kind).toBe("locked");
    // An interview already behind the student unlocks nothing.
    expect((await report(ada.cookie, "2027-01-05")).status).toBe(303);
    expect((await page(ada.cookie)).kind).toBe("locked");
    expect((await book(ada, TUE_1500, "2027-01-05")).status).toBe(409);
    expect(await deepDives()).toHaveLength(0);
    // One on Wednesday 2027-01-20 does: three weeks, the hours of the mentor's Tuesdays.
    expect((await report(ada.cookie, "2027-01-20")).status).toBe(303);
    const view = await page(ada.cookie, "2027-01-11");
    expect(view.kind).toBe("view");
    expect(view.weeks.map((w) => w.monday)).toEqual(["2027-01-04", "2027-01-11", "2027-01-18"]);
    expect(view.days).toEqual([
      {
        date: "2027-01-12",
        label: "Tue, Jan 12",
        slots: [
          { startsAt: TUE_1500, time: "10:00 AM EST", when: "Tue, Jan 12, 10:00 AM EST" },
          { startsAt: TUE_1530, time: "10:30 AM EST", when: "Tue, Jan 12, 10:30 AM EST" },
          { startsAt: TUE_1600, time: "11:00 AM EST", when: "Tue, Jan 12, 11:00 AM EST" },
        ],
      },
    ]);
    expect((await book(ada, TUE_1500)).status).toBe(303);
    const [row] = await deepDives();
    expect(row).toMatchObject({
      kind: "deep_dive",
      week: 0,
      starts_at: TUE_1500,
      ends_at: TUE_1600,
      interview_id: await interviewId(ada.id, "2027-01-20"),
    });
    // A second one is refused, for this interview or another ahead.
    expect((await book(ada, NEXT_TUE_1500)).status).toBe(409);
    expect((await report(ada.cookie, "2027-02-10", "Morgan Stanley")).status).toBe(303);
    expect((await book(ada, NEXT_TUE_1500, "2027-02-10")).status).toBe(409);
    expect(await deepDives()).toHaveLength(1);

    const booked = await emails("deep_dive_booked");
    expect(booked.map((e) => e.to_address)).toEqual(["ann@example.com", ada.email]);
    expect(booked[0]!.subject).toBe(
      "Interview deep-dive booked: Tue, Jan 12, 3:00 PM GMT (Europe/London)",
    );
    expect(booked[1]!.text).toContain(
      "Your interview deep-dive with Ann Mentor is booked for Tue, Jan 12, 10:00 AM EST (America/New_York).",
    );
    expect(booked[1]!.calendar).toContain(`UID:${bookingUid(row!.id)}`);
    expect(booked[1]!.calendar).toContain("SUMMARY:Interview deep-dive: student0 with Ann Mentor");
    expect(booked[1]!.calendar).toContain("DTEND:20270112T160000Z");
  });

  it("counts only the current seat's interviews: another cohort's interview ahead unlocks nothing", async () => {
    const { students } = await scene();
    const ada = students[0]!;
    const at = s.clock.now().toISOString();
    const older = "00000000-0000-4000-8000-0000000000c1";
    await db()
      .insertInto("cohorts")
      .values({
        id: older,
        start_date: "2026-09-07",
        capacity: 20,
        enrolled_count: 0,
        is_active: 0,
        is_current: 0,
        earliest_graduation_year: null,
        live_url: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db()
      .insertInto("interviews")
      .values({
        id: "00000000-0000-4000-8000-0000000000d1",
        person_id: ada.id,
        cohort_id: older,
        firm: "Goldman Sachs",
        role: "Summer Analyst",
        interview_date: "2027-01-20",
        created_at: at,
        updated_at: at,
        ...(await fromApplication(db(), ada.id, "interview", at)),
      })
      .execute();
    const interviews = async () =>
      (await answer(services(), interviewsRoute.loader, "/portal/interviews", ada.cookie)).body as {
        unlocked: boolean;
        deepDive: string | null;
      };
    expect(await interviews()).toMatchObject({ unlocked: false, deepDive: null });
    expect((await page(ada.cookie)).kind).toBe("locked");
    expect((await book(ada, TUE_1500)).status).toBe(409);
    expect(await deepDives()).toHaveLength(0);
    // One of the current seat's unlocks it, on both pages.
    expect((await report(ada.cookie, "2027-01-21", "Morgan Stanley")).status).toBe(303);
    expect((await interviews()).unlocked).toBe(true);
    expect((await page(ada.cookie)).kind).toBe("view");
  });

  it("two posts at once for two hours: one deep-dive (the mentor lock, then the index)", async () => {
    const { students } = await scene();
    const ada = students[0]!;
    await report(ada.cookie, "2027-01-20");
    const answers = await Promise.all([book(ada, TUE_1500), book(ada, NEXT_TUE_1500)]);
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409]);
    expect(await deepDives()).toHaveLength(1);
  });

  it("is bookable only before the interview day (site's zone)", async () => {
    const { students } = await scene();
    const ada = students[0]!;
    // Interview on Tuesday 2027-01-19: that Tuesday's hours are on the day itself.
    expect((await report(ada.cookie, "2027-01-19")).status).toBe(303);
    const lastWeek = await page(ada.cookie, "2027-01-18");
    expect(lastWeek.weeks.map((w) => w.monday)).toEqual(["2027-01-04", "2027-01-11", "2027-01-18"]);
    expect(times(lastWeek)).toEqual([]);
    expect((await book(ada, NEXT_TUE_1500, "2027-01-19")).status).toBe(409);
    expect(await deepDives()).toHaveLength(0);
    expect((await book(ada, TUE_1600, "2027-01-19")).status).toBe(303);
    // Once the interview day has begun in New York, nothing more (moving included) is offered.
    s.clock.set(new Date("2027-01-19T05:00:00Z"));
    // (Signed in again: a portal session lapses after a week without a request.)
    const again = await portalCookie(services(), {
      role: "student",
      personId: ada.id,
      email: ada.email,
      firstName: "S0",
    });
    const after = await page(again);
    expect(after.weeks).toEqual([]);
    expect(times(after)).toEqual([]);
  });

  it("never overlaps a 1-on-1 of the mentor's, nor a 1-on-1 it", async () => {
    const { students } = await scene(3);
    const [ada, bob, cat] = students as [
      (typeof students)[0],
      (typeof students)[0],
      (typeof students)[0],
    ];
    const oneOnOne = (cookie: string, slot: string) =>
      answer(services(), bookRoute.action, "/portal/book", cookie, {
        fields: { intent: "book", week: "1", slot },
      });
    expect((await oneOnOne(ada.cookie, TUE_1530)).status).toBe(303);
    expect((await report(bob.cookie, "2027-01-20")).status).toBe(303);
    // 15:00-16:00 and 15:30-16:30 overlap Ada's 15:30-16:00; 16:00-17:00 is free.
    expect(times(await page(bob.cookie, "2027-01-11"))).toEqual([TUE_1600]);
    expect((await book(bob, TUE_1500)).status).toBe(409);
    expect((await book(bob, TUE_1600)).status).toBe(303);
    // And a 1-on-1 cannot take the deep-dive's hour: Cat is left 15:00 only.
    const week = (await answer(services(), bookRoute.loader, "/portal/book?week=1", cat.cookie))
      .body as View;
    expect(times(week)).toEqual([TUE_1500]);
    expect((await oneOnOne(cat.cookie, "2027-01-12T16:30:00.000Z")).status).toBe(409);
  });

  it("ids cannot cross kinds: the 1-on-1 page cannot touch the deep-dive, nor the reverse", async () => {
    const { students } = await scene();
    const ada = students[0]!;
    await report(ada.cookie, "2027-01-20");
    expect((await book(ada, TUE_1500)).status).toBe(303);
    const oneOnOnePost = (fields: Record<string, string>) =>
      answer(services(), bookRoute.action, "/portal/book", ada.cookie, { fields });
    expect((await oneOnOnePost({ intent: "book", week: "1", slot: TUE_1600 })).status).toBe(303);
    const rows = () => db().selectFrom("bookings").selectAll().orderBy("starts_at").execute();
    const outbox = () => db().selectFrom("outbox").select("id").execute();
    const before = await rows();
    const sent = (await outbox()).length;
    const deepDiveId = before.find((b) => b.kind === "deep_dive")!.id;
    const oneOnOneId = before.find((b) => b.kind === "one_on_one")!.id;

    const refused = [
      [
        await oneOnOnePost({ intent: "cancel", bookingId: deepDiveId }),
        "That 1-on-1 is no longer booked.",
      ],
      [
        await oneOnOnePost({
          intent: "reschedule",
          bookingId: deepDiveId,
          slot: "2027-01-12T16:30:00.000Z",
        }),
        "That 1-on-1 is no longer booked.",
      ],
      [
        await post(ada.cookie, { intent: "cancel", bookingId: oneOnOneId }),
        "That deep-dive is no longer booked.",
      ],
      [
        await post(ada.cookie, {
          intent: "reschedule",
          bookingId: oneOnOneId,
          slot: NEXT_TUE_1500,
        }),
        "That deep-dive is no longer booked.",
      ],
    ] as const;
    for (const [response, message] of refused) {
      expect(response.status).toBe(409);
      expect(JSON.stringify(response.body)).toContain(message);
    }
    expect(await rows()).toEqual(before);
    expect(await outbox()).toHaveLength(sent);

    // The service itself: a student's cancel names the kind it may touch.
    const by = (kind: "one_on_one" | "deep_dive") => ({ personId: ada.id, kind });
    expect(await cancelBooking(services(), by("one_on_one"), deepDiveId)).toEqual({
      kind: "notFound",
    });
    expect(await cancelBooking(services(), by("deep_dive"), oneOnOneId)).toEqual({
      kind: "notFound",
    });
    expect(await rows()).toEqual(before);
    expect(await cancelBooking(services(), by("deep_dive"), deepDiveId)).toEqual({
      kind: "cancelled",
    });
    expect((await rows()).map((b) => [b.kind, b.status])).toEqual([
      ["deep_dive", "cancelled"],
      ["one_on_one", "booked"],
    ]);
  });

  it("moves and cancels up to 24 hours before; a mentor's cancellation gives it back", async () => {
    const { students, mentor } = await scene();
    const ada = students[0]!;
    await report(ada.cookie, "2027-01-20");
    // The student cancels in time: the deep-dive is theirs to book again.
    await book(ada, TUE_1500);
    const first = (await deepDives())[0]!;
    expect((await post(ada.cookie, { intent: "cancel", bookingId: first.id })).status).toBe(303);
    expect(await deepDives()).toHaveLength(0);
    expect((await book(ada, TUE_1500)).status).toBe(303);
    const [booking] = await deepDives();
    // Moving half an hour later overlaps only itself.
    expect(
      (await post(ada.cookie, { intent: "reschedule", bookingId: booking!.id, slot: TUE_1530 }))
        .status,
    ).toBe(303);
    expect((await deepDives())[0]).toMatchObject({
      id: booking!.id,
      starts_at: TUE_1530,
      sequence: 1,
    });
    const [, toStudent] = await emails("deep_dive_moved");
    expect(toStudent!.text).toContain("Your interview deep-dive with Ann Mentor moved from");
    expect(toStudent!.calendar).toContain("SEQUENCE:1");
    // A 1-on-1 id is not moved from this page.
    expect(
      (await post(ada.cookie, { intent: "reschedule", bookingId: "nope", slot: TUE_1600 })).status,
    ).toBe(409);

    // Less than 24 hours before: it stays booked, the page says so.
    s.clock.set(new Date(Date.parse(TUE_1530) - 24 * 3_600_000 + 1000));
    expect((await post(ada.cookie, { intent: "cancel", bookingId: booking!.id })).status).toBe(409);
    expect(
      (await post(ada.cookie, { intent: "reschedule", bookingId: booking!.id, slot: TUE_1600 }))
        .status,
    ).toBe(409);
    expect((await page(ada.cookie)).booking!.mayChange).toBe(false);
    // The mentor cancels with a reason; the student may book again before the interview.
    const cancel = (fields: Record<string, string>) =>
      answer(services(), mentorRoute.action, "/portal/mentor", mentor, { fields });
    expect(
      (await cancel({ intent: "cancel_booking", bookingId: booking!.id, reason: "Flight moved" }))
        .status,
    ).toBe(303);
    expect(await deepDives()).toHaveLength(0);
    const cancelled = (await emails("deep_dive_cancelled")).filter(
      (e) => e.to_address === ada.email,
    );
    expect(cancelled.at(-1)!.text).toContain("Reason: Flight moved");
    expect(cancelled.at(-1)!.text).toContain("You can book it again before your interview.");
    expect(cancelled.at(-1)!.calendar).toContain("METHOD:CANCEL");
    expect((await book(ada, NEXT_TUE_1500)).status).toBe(303);
  });

  it("reminders and the calendar feeds include the deep-dive", async () => {
    const { students, annId } = await scene();
    const ada = students[0]!;
    await report(ada.cookie, "2027-01-20");
    await book(ada, TUE_1500);
    const [booking] = await deepDives();
    s.clock.set(new Date(Date.parse(TUE_1500) - 23 * 3_600_000));
    await Promise.all([sendBookingReminders(services()), sendBookingReminders(services())]);
    const reminders = await emails("deep_dive_reminder");
    expect(reminders.map((e) => e.to_address)).toEqual(["ann@example.com", ada.email]);
    expect(reminders[1]!.text).toContain("A reminder: your interview deep-dive with Ann Mentor");
    const links = (text: string) => text.match(/https?:\/\/\S*\/portal\S*/g);
    expect(links(reminders[0]!.text)).toEqual([expect.stringMatching(/\/portal\/mentor$/)]);
    expect(links(reminders[1]!.text)).toEqual([expect.stringMatching(/\/portal\/deep-dive$/)]);
    for (const owner of [
      { kind: "student" as const, personId: ada.id },
      { kind: "mentor" as const, mentorId: annId },
    ]) {
      const feed = calendarText(await calendarEventsFor(db(), owner, "example.com"), {
        now: s.clock.now(),
      }).replace(/\r\n[ \t]/g, "");
      expect(feed).toContain(`UID:${bookingUid(booking!.id)}`);
      expect(feed).toContain("SUMMARY:Interview deep-dive: student0 with Ann Mentor");
      expect(feed).toContain("DTEND:20270112T160000Z");
    }
  });
});

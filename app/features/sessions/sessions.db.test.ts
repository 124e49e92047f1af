import { describe, expect, it } from "vitest";
import { insertAccount, ownerCookie, sessionCookie, settle } from "../../../tests/support/admin";
import { calendarLines } from "../../../tests/support/calendar";
import { seatScenario } from "../../../tests/support/cohort";
import {
  callAction,
  flashToastOf,
  formRequest,
  type FormActionBody,
  makeContext,
  unwrap,
} from "../../../tests/support/context";
import { testEngines } from "../../../tests/support/databases";
import { outboxRows } from "../../../tests/support/outbox";
import { insertMentor, insertStudent, portalCookie } from "../../../tests/support/portal";
import { createCohort } from "~/features/cohort/series.server";
import { action as cohortAction, loader as cohortLoader } from "~/features/cohort/routes/cohort";
import { action as cohortsAction } from "~/features/cohort/routes/cohorts";
import { action as settingsAction } from "~/features/cohort/routes/cohort-settings";
import { loader as feedLoader } from "~/features/sessions/routes/feed";
import {
  action as calendarAction,
  loader as downloadLoader,
} from "~/features/sessions/routes/calendar";
import { loader as homeLoader } from "~/features/portal/routes/home";
import { loader as mentorLoader } from "~/features/mentors/routes/mentor";
import { calendarCard, type CalendarCardData } from "./portal-calendar.server";
import { setCurrentCohort } from "../../../tests/support/cohort";
import { setMentorActive } from "~/features/mentors/mentors.server";
import { erasePerson } from "~/features/people/privacy.server";
import { refundEnrollment } from "~/features/enrollment/refunds.server";
import { approveWithdrawal } from "~/features/withdrawals/decisions.server";
import { requestToLeave } from "~/features/withdrawals/requests.server";
import { planMissingSessions } from "./session-plan.server";

describe.each(testEngines())("group sessions and calendar feeds on $name", (engine) => {
  const s = seatScenario(engine);
  const owner = () => ownerCookie({ services: s.services(), config: s.services().config });
  const ctx = () => makeContext(s.services());

  async function post(
    run: unknown,
    path: string,
    fields: Record<string, string>,
    cookie: string,
    params: Record<string, string> = {},
  ) {
    s.clock.advance(1000);
    return unwrap(
      await settle(callAction(run as never, formRequest(path, fields, { cookie }), ctx(), params)),
    );
  }
  async function get(
    run: unknown,
    path: string,
    cookie?: string,
    params: Record<string, string> = {},
  ) {
    const request = new Request(`http://localhost:3000${path}`, {
      headers: cookie ? { cookie } : {},
    });
    return unwrap(await settle(callAction(run as never, request, ctx(), params)));
  }
  /** The owner signed in (`signedIn`, else now), and the cohort's start set to Monday 2027-03-01. */
  async function startingMarch1(signedIn?: string) {
    const cookie = signedIn ?? (await owner());
    const cohortId = await s.cohortId();
    const start = { intent: "save", startDate: "2027-03-01" };
    await post(settingsAction, "/admin/cohort-settings", start, cookie);
    return { cookie, cohortId };
  }
  const sessions = (cohortId: string) =>
    s
      .db()
      .selectFrom("group_sessions")
      .selectAll()
      .where("cohort_id", "=", cohortId)
      .orderBy("week")
      .execute();
  const outbox = (kind: string) => outboxRows(s.db(), kind);

  /** The calendar card of `cookie`'s person, as their portal page shows it. */
  async function card(cookie: string, page: "/portal" | "/portal/mentor") {
    const body = (await get(page === "/portal" ? homeLoader : mentorLoader, page, cookie)).body as {
      home?: { calendar: CalendarCardData };
      calendar?: CalendarCardData;
    };
    return (body.home?.calendar ?? body.calendar)!;
  }
  /** The address on the card of `cookie`'s person (null: none shown). */
  async function shownAddress(cookie: string, page: "/portal" | "/portal/mentor") {
    const urls = (await card(cookie, page)).feed?.urls;
    return urls ? /\/calendar\/([\w-]{43})\.ics$/.exec(urls.https)![1]! : null;
  }
  /**
   * The feed of `cookie`'s person: "Get your calendar address" (or "Reset link"), back to their
   * card, whose address a calendar app then fetches.
   */
  async function subscribe(cookie: string, intent: "open" | "reset" = "open") {
    const answer = await post(calendarAction, "/portal/calendar", { intent }, cookie);
    expect(answer.status).toBe(303);
    const location = answer.headers.get("location")!;
    expect(location).toMatch(/^\/portal(\/mentor)?#calendar$/);
    return (await shownAddress(cookie, location.split("#")[0] as "/portal"))!;
  }
  /** Mia, a mentor, and Ada, her student in `cohortId`, each with a portal cookie. */
  async function mentorAndStudent(cohortId: string) {
    const mentorId = await insertMentor(s.db(), "mentor@example.com", "Mia Mentor");
    const ada = await insertStudent(s.db(), {
      email: "ada@example.com",
      firstName: "Ada",
      cohortId,
      mentorId,
    });
    const mentorUser = {
      role: "mentor",
      mentorId,
      email: "mentor@example.com",
      name: "Mia Mentor",
    } as const;
    const student = await portalCookie(s.services(), {
      role: "student",
      personId: ada,
      email: "ada@example.com",
      firstName: "Ada",
    });
    return {
      mentorId,
      ada,
      mentorUser,
      student,
      mentor: await portalCookie(s.services(), mentorUser),
    };
  }
  const fetchFeed = (token: string) =>
    get(feedLoader, `/calendar/${token}.ics`, undefined, { token });

  it("plans six sessions on making a cohort current and on setting the date, never twice", async () => {
    const cookie = await owner();
    const next = await createCohort(s.services(), "boss@example.com", {
      startDate: "2027-03-03",
      capacity: 10,
    });
    for (let i = 0; i < 2; i++)
      await post(cohortsAction, "/admin/cohorts", { intent: "make_current", id: next }, cookie);
    const planned = await sessions(next);
    expect(planned.map((row) => row.week)).toEqual([1, 2, 3, 4, 5, 6]);
    // Tuesdays 19:00 New York: EST until the change of 2027-03-14, EDT after it.
    expect(planned.slice(0, 3).map((row) => row.starts_at)).toEqual([
      "2027-03-03T00:00:00.000Z",
      "2027-03-10T00:00:00.000Z",
      "2027-03-16T23:00:00.000Z",
    ]);
    expect(planned.map((row) => Number(row.sequence))).toEqual([0, 0, 0, 0, 0, 0]);
    expect(planned[0]!.topic).toBe("Assessment and resume review");

    // Setting the date again (twice) re-plans the same six rows, one SEQUENCE up each.
    for (let i = 0; i < 2; i++)
      await post(
        settingsAction,
        "/admin/cohort-settings",
        { intent: "save", startDate: "2027-03-10" },
        cookie,
      );
    const moved = await sessions(next);
    expect(moved.map((row) => row.id)).toEqual(planned.map((row) => row.id));
    expect(moved[0]!.starts_at).toBe("2027-03-10T00:00:00.000Z");
    expect(moved.map((row) => Number(row.sequence))).toEqual([1, 1, 1, 1, 1, 1]);
    const audit = await s.db().selectFrom("audit_log").select("action").execute();
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(["cohort.update", "cohort.create"]),
    );
  });

  it("moves and cancels one session: each person emailed once, in their own zone, with the invite", async () => {
    const { cookie, cohortId } = await startingMarch1();
    const mentorId = await insertMentor(s.db(), "mentor@example.com", "Mia Mentor");
    await s
      .db()
      .updateTable("mentors")
      .set({ time_zone: "Europe/London" })
      .where("id", "=", mentorId)
      .execute();
    const ada = await insertStudent(s.db(), {
      email: "ada@example.com",
      firstName: "Ada",
      cohortId,
      mentorId,
    });
    await s
      .db()
      .insertInto("student_profiles")
      .values({
        person_id: ada,
        time_zone: "America/Los_Angeles",
        updated_at: s.clock.now().toISOString(),
      })
      .execute();
    await insertStudent(s.db(), { email: "bob@example.com", firstName: "Bob", cohortId, mentorId });
    // The live link: saving it re-plans nothing new and counts every SEQUENCE up (a new LOCATION).
    const saved = await post(
      cohortAction,
      `/admin/cohorts/${cohortId}`,
      {
        intent: "session_settings",
        weekday: "2",
        time: "19:00",
        minutes: "60",
        liveUrl: "https://meet.example.com/cohort",
      },
      cookie,
      { id: cohortId },
    );
    expect(saved.status).toBe(303);
    const [, week2] = await sessions(cohortId);
    expect(Number(week2!.sequence)).toBe(1);

    const move = { intent: "session_move", id: week2!.id, startsAt: "2027-03-11T18:30" };
    const answer = await post(cohortAction, `/admin/cohorts/${cohortId}`, move, cookie, {
      id: cohortId,
    });
    expect(answer.status).toBe(303);
    expect((await flashToastOf(answer, s.services()))?.title).toBe(
      "Session moved; 3 people emailed",
    );
    const again = await post(cohortAction, `/admin/cohorts/${cohortId}`, move, cookie, {
      id: cohortId,
    });
    expect(again.status).toBe(409);
    const after = (await sessions(cohortId))[1]!;
    expect(after.starts_at).toBe("2027-03-11T23:30:00.000Z"); // 18:30 EST
    expect(Number(after.sequence)).toBe(2);

    const mails = await outbox("group_session_moved");
    expect(mails.map((m) => m.to_address)).toEqual([
      "ada@example.com",
      "bob@example.com",
      "mentor@example.com",
    ]);
    const byTo = Object.fromEntries(mails.map((m) => [m.to_address, m]));
    expect(byTo["ada@example.com"]!.text).toContain("3:30 PM PST (America/Los_Angeles)");
    expect(byTo["bob@example.com"]!.text).toContain("6:30 PM EST (America/New_York)");
    expect(byTo["mentor@example.com"]!.text).toContain("11:30 PM GMT (Europe/London)");
    const invite = calendarLines(byTo["ada@example.com"]!.calendar!);
    const value = (name: string) => invite.find((line) => line.name === name)?.value;
    expect(value("METHOD")).toBe("REQUEST");
    expect(value("UID")).toBe(`session-${week2!.id}@localhost:3000`);
    expect(value("SEQUENCE")).toBe("2");
    expect(value("DTSTART")).toBe("20270311T233000Z");
    expect(value("LOCATION")).toBe("https://meet.example.com/cohort");

    // "Cancel session" first asks, naming how many it will email: nothing changes, nobody hears.
    const ask = { intent: "session_cancel", id: week2!.id };
    const before = await sessions(cohortId);
    const asked = await post(cohortAction, `/admin/cohorts/${cohortId}`, ask, cookie, {
      id: cohortId,
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ confirmCancel: { id: week2!.id, count: 3 } });
    expect(await sessions(cohortId)).toEqual(before);
    expect(await outbox("group_session_cancelled")).toHaveLength(0);
    const cancel = { ...ask, confirm: "yes" };
    expect(
      (await post(cohortAction, `/admin/cohorts/${cohortId}`, cancel, cookie, { id: cohortId }))
        .status,
    ).toBe(303);
    expect(
      (await post(cohortAction, `/admin/cohorts/${cohortId}`, cancel, cookie, { id: cohortId }))
        .status,
    ).toBe(409);
    const cancelled = await outbox("group_session_cancelled");
    expect(cancelled).toHaveLength(3);
    const cancelInvite = calendarLines(cancelled[0]!.calendar!);
    expect(cancelInvite.find((l) => l.name === "METHOD")?.value).toBe("CANCEL");
    expect(cancelInvite.find((l) => l.name === "STATUS")?.value).toBe("CANCELLED");
    expect(cancelInvite.find((l) => l.name === "SEQUENCE")?.value).toBe("3");
    const actions = (await s.db().selectFrom("audit_log").select("action").execute()).map(
      (r) => r.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining(["cohort.sessions", "session.move", "session.cancel"]),
    );

    // A session of another cohort is not this page's to change.
    const other = await post(
      cohortAction,
      `/admin/cohorts/${cohortId}`,
      { intent: "session_cancel", id: "nope" },
      cookie,
      { id: cohortId },
    );
    expect(other.status).toBe(404);
    // The owner's page lists the six, the moved one in the site's zone, named.
    const page = await get(cohortLoader, `/admin/cohorts/${cohortId}`, cookie, { id: cohortId });
    const body = page.body as { sessions: { sessions: { when: string; cancelled: boolean }[] } };
    expect(body.sessions.sessions[1]).toMatchObject({
      when: "Thu, Mar 11, 2027, 6:30 PM EST",
      cancelled: true,
    });
  });

  it("a private feed: hashed token, fetched by a calendar app, reset kills the old one, 404 unknown", async () => {
    const { cohortId } = await startingMarch1();
    const { ada, student, mentor } = await mentorAndStudent(cohortId);

    const home = async () =>
      (await get(homeLoader, "/portal", student)).body as {
        home: { checklist: { items: { key: string; state: string }[] } };
      };
    const calendarItem = async () =>
      (await home()).home.checklist.items.find((i) => i.key === "calendar")?.state;
    expect(await calendarItem()).toBe("todo");

    const token = await subscribe(student);
    const stored = await s.db().selectFrom("calendar_feeds").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await calendarItem()).toBe("todo"); // not until a calendar app fetches it

    const feed = await fetchFeed(token);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const lines = calendarLines(feed.body as string);
    expect(lines.filter((l) => l.name === "BEGIN" && l.value === "VEVENT")).toHaveLength(6);
    expect(lines.find((l) => l.name === "DTSTART")?.value).toBe("20270303T000000Z");
    expect(await calendarItem()).toBe("done");

    // The mentor's feed holds the same six sessions (the cohort of their student), same UIDs.
    const mentorFeed = await fetchFeed(await subscribe(mentor));
    const uids = (text: string) =>
      calendarLines(text)
        .filter((l) => l.name === "UID")
        .map((l) => l.value);
    expect(uids(mentorFeed.body as string)).toEqual(uids(feed.body as string));

    // Reset: a new address on the card, the old one dead.
    const reset = await post(calendarAction, "/portal/calendar", { intent: "reset" }, student);
    expect(reset.status).toBe(303);
    expect(reset.headers.get("location")).toBe("/portal#calendar");
    expect((await flashToastOf(reset, s.services()))?.title).toBe("New calendar link made");
    const fresh = (await shownAddress(student, "/portal"))!;
    expect(fresh).not.toBe(token);
    expect((await fetchFeed(token)).status).toBe(404);
    expect((await fetchFeed(fresh)).status).toBe(200);
    expect((await fetchFeed("unknown-token")).status).toBe(404);
    expect(
      await s.db().selectFrom("calendar_feeds").where("person_id", "=", ada).selectAll().execute(),
    ).toHaveLength(1);

    // The download is the same calendar, for the signed-in person only.
    const download = await get(downloadLoader, "/portal/calendar", student);
    expect(download.headers.get("content-disposition")).toContain("attachment");
    expect(uids(download.body as string)).toEqual(uids(feed.body as string));
  });

  it("erasing a student or deactivating a mentor deletes their feed for good", async () => {
    const { mentorId, ada, student, mentor, mentorUser } = await mentorAndStudent(
      await s.cohortId(),
    );
    const studentToken = await subscribe(student);
    const mentorToken = await subscribe(mentor);
    expect((await fetchFeed(studentToken)).status).toBe(200);
    expect((await fetchFeed(mentorToken)).status).toBe(200);

    // Erased: the seat stays paid (the books keep it), the feed is gone.
    expect(await erasePerson(s.db(), ada, "boss@example.com", s.clock.now())).toBe(true);
    expect((await fetchFeed(studentToken)).status).toBe(404);
    const feedsOf = (column: "person_id" | "mentor_id", id: string) =>
      s.db().selectFrom("calendar_feeds").selectAll().where(column, "=", id).execute();
    expect(await feedsOf("person_id", ada)).toEqual([]);

    // Deactivated, then reactivated: the old address never answers again.
    await setMentorActive(s.services(), "boss@example.com", mentorId, false);
    expect(await feedsOf("mentor_id", mentorId)).toEqual([]);
    await setMentorActive(s.services(), "boss@example.com", mentorId, true);
    expect((await fetchFeed(mentorToken)).status).toBe(404);
    // Back, they have no feed until they ask for one; a new address, which works.
    const back = await portalCookie(s.services(), mentorUser);
    expect((await card(back, "/portal/mentor")).feed).toBeNull();
    const fresh = await subscribe(back);
    expect(fresh).not.toBe(mentorToken);
    expect((await fetchFeed(fresh)).status).toBe(200);
    expect((await fetchFeed(mentorToken)).status).toBe(404);
  });

  it("one address for every device: shown on every visit, kept by a second 'get', unusable from the database alone", async () => {
    const { ada, student } = await mentorAndStudent(await s.cohortId());
    expect((await card(student, "/portal")).feed).toBeNull();
    const token = await subscribe(student);
    // Two visits (two devices), and a second "get": the same address, and it works.
    expect(await shownAddress(student, "/portal")).toBe(token);
    expect(await subscribe(student)).toBe(token);
    expect((await fetchFeed(token)).status).toBe(200);
    const urls = (await card(student, "/portal")).feed!.urls!;
    expect(urls.https).toBe(`http://localhost:3000/calendar/${token}.ics`);
    expect(urls.webcal).toBe(`webcal://localhost:3000/calendar/${token}.ics`);
    expect(urls.google).toBe(
      `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(urls.webcal)}`,
    );
    // The row holds a hash and a salt: neither is the token, nor answers as one.
    const [row] = await s.db().selectFrom("calendar_feeds").selectAll().execute();
    expect(JSON.stringify(row)).not.toContain(token);
    for (const leaked of [row!.token_hash, row!.salt!])
      expect((await fetchFeed(leaked)).status).toBe(404);
    // Another server secret derives another token: the address needs this server's secret.
    const otherSecret = { ...s.services().config, sessionSecrets: ["another-secret-entirely"] };
    const elsewhere = await calendarCard(
      { ...s.services(), config: otherSecret },
      { kind: "student", personId: ada },
      "UTC",
    );
    expect(elsewhere.feed?.urls).toBeNull();

    // A feed from before salts still answers, but its address cannot be shown: Reset link.
    await s.db().updateTable("calendar_feeds").set({ salt: null }).execute();
    expect((await card(student, "/portal")).feed).toMatchObject({ urls: null });
    expect((await fetchFeed(token)).status).toBe(200);
    const reset = await subscribe(student, "reset");
    expect(reset).not.toBe(token);
    expect((await fetchFeed(token)).status).toBe(404);
    expect(await shownAddress(student, "/portal")).toBe(reset);
  });

  it("a refund or an approved withdrawal revokes the student's feed for good", async () => {
    const cohortId = await s.cohortId();
    const { ada, student } = await mentorAndStudent(cohortId);
    const bob = await insertStudent(s.db(), {
      email: "bob@example.com",
      firstName: "Bob",
      cohortId,
      mentorId: null,
    });
    const bobCookie = await portalCookie(s.services(), {
      role: "student",
      personId: bob,
      email: "bob@example.com",
      firstName: "Bob",
    });
    const adaToken = await subscribe(student);
    const bobToken = await subscribe(bobCookie);
    const feedsOf = (personId: string) =>
      s.db().selectFrom("calendar_feeds").selectAll().where("person_id", "=", personId).execute();

    expect(await refundEnrollment(s.services(), "boss@example.com", ada, "asked")).toBe("refunded");
    expect((await fetchFeed(adaToken)).status).toBe(404);
    expect(await feedsOf(ada)).toEqual([]);

    expect(await requestToLeave(s.services(), bob, { kind: "leave", reason: "A job" })).toBe(
      "sent",
    );
    const [request] = await s
      .db()
      .selectFrom("withdrawals")
      .select("id")
      .where("person_id", "=", bob)
      .execute();
    const approved = await approveWithdrawal(
      s.services(),
      { id: "owner", email: "boss@example.com" },
      bob,
      { withdrawalId: request!.id, amountCents: 0, note: "", confirmed: true },
    );
    expect(approved.kind).toBe("approved");
    expect((await fetchFeed(bobToken)).status).toBe(404);
    expect(await feedsOf(bob)).toEqual([]);
  });

  /**
   * A cohort from 2027-03-01 with a mentor and two students; `send` posts to its page as the
   * owner (signed in until 2099, so the clock can move into the programme).
   */
  async function peopledCohort() {
    const cookie = await sessionCookie(
      s.db(),
      s.services().config.sessionSecrets,
      await insertAccount(s.db(), { email: "boss@example.com", password: "x" }),
      "2099-01-01T00:00:00.000Z",
    );
    const { cohortId } = await startingMarch1(cookie);
    const { mentorId, ada } = await mentorAndStudent(cohortId);
    await insertStudent(s.db(), { email: "bob@example.com", firstName: "Bob", cohortId, mentorId });
    const page = `/admin/cohorts/${cohortId}`;
    const send = (fields: Record<string, string>) =>
      post(cohortAction, page, fields, cookie, { id: cohortId });
    const slot = (fields: Record<string, string> = {}) =>
      send({
        intent: "session_settings",
        weekday: "2",
        time: "19:00",
        minutes: "60",
        liveUrl: "https://meet.example.com/cohort",
        ...fields,
      });
    return { cookie, cohortId, ada, send, slot };
  }

  it("the home says where the cohort is, past sessions read Held or Canceled, and an unsaved zone is the site's, named", async () => {
    const { cohortId, send, slot } = await peopledCohort();
    expect((await slot()).status).toBe(303);
    const week4 = (await sessions(cohortId))[3]!;
    expect((await send({ intent: "session_cancel", id: week4.id, confirm: "yes" })).status).toBe(
      303,
    );
    const { id: personId } = await s
      .db()
      .selectFrom("people")
      .select("id")
      .where("email", "=", "ada@example.com")
      .executeTakeFirstOrThrow();
    // Signed in at the clock's time (a portal session does not last for weeks).
    const home = async (browserZone?: string) => {
      const student = await portalCookie(s.services(), {
        role: "student",
        personId,
        email: "ada@example.com",
        firstName: "Ada",
      });
      return (
        (
          await get(
            homeLoader,
            "/portal",
            browserZone ? `${student}; fsts_tz=${encodeURIComponent(browserZone)}` : student,
          )
        ).body as {
          home: { place: unknown; calendar: CalendarCardData };
        }
      ).home;
    };
    // Week 3 (Tuesday March 16, 2027, after New York's clock change): weeks 1-2 held.
    s.clock.set(new Date("2027-03-17T12:00:00Z"));
    const during = await home();
    expect(during.place).toEqual({ kind: "during", week: 3, of: 6 });
    expect(during.calendar.zone).toMatchObject({ name: "America/New_York", from: "site" });
    // The browser said its zone (the enhancement's cookie): the same events in London, named.
    const london = await home("Europe/London");
    expect(london.calendar.zone).toMatchObject({ name: "Europe/London", from: "browser" });
    expect(london.calendar.events[2]!.when).toMatch(/GMT$/);
    expect(during.calendar.events[2]!.when).toMatch(/EDT$/);
    // A zone that is not one is ignored: the site's, named.
    expect((await home("Mars/Base")).calendar.zone).toMatchObject({ from: "site" });
    expect(during.calendar.events.map((e) => e.tense)).toEqual([
      "held",
      "held",
      "held",
      "canceled",
      "upcoming",
      "upcoming",
    ]);
    expect(during.calendar.events[2]!.when).toBe("Tue, Mar 16, 7:00 PM EDT");
    s.clock.set(new Date("2027-04-12T12:00:00Z"));
    expect((await home()).place).toEqual({ kind: "after", endedOn: "April 11" });
  });

  it("re-saving the settings keeps a moved and a cancelled session; a changed slot moves and emails", async () => {
    const { cohortId, ada, send, slot } = await peopledCohort();
    expect((await slot()).status).toBe(303);
    const planned = await sessions(cohortId);
    const week4 = planned[3]!;
    const week5 = planned[4]!;
    expect(
      (await send({ intent: "session_move", id: week4.id, startsAt: "2027-03-25T18:30" })).status,
    ).toBe(303);
    expect((await send({ intent: "session_cancel", id: week5.id, confirm: "yes" })).status).toBe(
      303,
    );
    expect(await outbox("group_session_moved")).toHaveLength(3);
    const movedAt = "2027-03-25T22:30:00.000Z"; // Thursday 18:30 EDT
    const snapshot = async () =>
      (await sessions(cohortId)).map((row) => ({
        week: row.week,
        starts_at: row.starts_at,
        status: row.status,
        minutes: Number(row.minutes),
        sequence: Number(row.sequence),
      }));
    const before = await snapshot();

    // Only the live link changes: nothing moves, nobody is emailed, every SEQUENCE goes up once.
    const linked = await slot({ liveUrl: "https://meet.example.com/new-room" });
    expect((await flashToastOf(linked, s.services()))?.title).toBe(
      "Session settings saved; the sessions are planned",
    );
    const relinked = await snapshot();
    expect(relinked).toEqual(before.map((row) => ({ ...row, sequence: row.sequence + 1 })));
    expect(relinked[3]).toMatchObject({ starts_at: movedAt, status: "scheduled" });
    expect(relinked[4]).toMatchObject({ status: "cancelled" });
    expect(await outbox("group_session_moved")).toHaveLength(3);
    // The feed has the moved time and the new link.
    const student = await portalCookie(s.services(), {
      role: "student",
      personId: ada,
      email: "ada@example.com",
      firstName: "Ada",
    });
    const feed = await fetchFeed(await subscribe(student));
    const text = (feed.body as string).replace(/\r?\n[ \t]/g, "");
    const week4Event = text.split("BEGIN:VEVENT").find((e) => e.includes(`session-${week4.id}@`))!;
    expect(week4Event).toContain("DTSTART:20270325T223000Z");
    expect(week4Event).toContain("LOCATION:https://meet.example.com/new-room");
    expect(week4Event).toContain(`SEQUENCE:${relinked[3]!.sequence}`);

    // Only the length changes: the moved start stays, the length follows; no email.
    await slot({ liveUrl: "https://meet.example.com/new-room", minutes: "90" });
    const longer = await snapshot();
    expect(longer[3]).toMatchObject({ starts_at: movedAt, minutes: 90 });
    expect(longer[4]).toEqual(relinked[4]); // the cancelled one is left alone
    expect(await outbox("group_session_moved")).toHaveLength(3);

    // A new day decides every week's time: the five scheduled sessions move (the moved one too),
    // each announced as a move announces it; the cancelled one stays as it was.
    const thursday = await slot({
      weekday: "4",
      liveUrl: "https://meet.example.com/new-room",
      minutes: "90",
    });
    expect((await flashToastOf(thursday, s.services()))?.title).toBe(
      "Session settings saved; 5 sessions moved, 15 people emailed",
    );
    const replanned = await snapshot();
    expect(replanned[3]).toMatchObject({
      starts_at: "2027-03-25T23:00:00.000Z", // Thursday 19:00 EDT
      sequence: longer[3]!.sequence + 1,
    });
    expect(replanned[0]!.starts_at).toBe("2027-03-05T00:00:00.000Z"); // Thursday 19:00 EST
    expect(replanned[4]).toEqual(longer[4]);
    const mails = (await outbox("group_session_moved")).filter((m) =>
      m.subject.startsWith("Week 4"),
    );
    expect(mails.map((m) => m.to_address)).toEqual([
      "ada@example.com",
      "ada@example.com",
      "bob@example.com",
      "bob@example.com",
      "mentor@example.com",
      "mentor@example.com",
    ]);
    const latest = mails.find(
      (m) => m.to_address === "bob@example.com" && m.text.includes("7:00 PM EDT"),
    )!;
    expect(latest.text).toContain("now starts Thu, Mar 25, 2027, 7:00 PM EDT (America/New_York)");
    const invite = calendarLines(latest.calendar!);
    const value = (name: string) => invite.find((line) => line.name === name)?.value;
    expect(value("METHOD")).toBe("REQUEST");
    expect(value("UID")).toBe(`session-${week4.id}@localhost:3000`);
    expect(value("SEQUENCE")).toBe(String(replanned[3]!.sequence));
    expect(value("DTSTART")).toBe("20270325T230000Z");
    const audit = await s
      .db()
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "cohort.sessions")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details).planned).toEqual({
      created: 0,
      moved: 5,
      updated: 0,
      emailed: 15,
    });

    // Saving the same again changes nothing and sends nothing.
    await slot({ weekday: "4", liveUrl: "https://meet.example.com/new-room", minutes: "90" });
    expect(await snapshot()).toEqual(replanned);
    expect(await outbox("group_session_moved")).toHaveLength(18);
  });

  it("a re-plan leaves sessions that have started, and never moves one into the past", async () => {
    const { cohortId, send, slot } = await peopledCohort();
    await slot();
    // Week 4 (Tuesday March 23) moved to Thursday March 25, 18:00.
    const week4 = (await sessions(cohortId))[3]!;
    await send({ intent: "session_move", id: week4.id, startsAt: "2027-03-25T18:00" });
    const planned = await sessions(cohortId);
    // Wednesday of week 4, noon New York: weeks 1-3 (Tuesdays) have started.
    s.clock.set(new Date("2027-03-24T16:00:00Z"));
    const sent = (await outbox("group_session_moved")).length;
    // Monday: every week's planned start changes. Weeks 1-3 have started: left alone. Week 4's
    // new Monday (March 22) is past: it keeps Thursday. Weeks 5 and 6 move to their Mondays.
    const monday = await slot({ weekday: "1" });
    expect((await flashToastOf(monday, s.services()))?.title).toBe(
      "Session settings saved; 2 sessions moved, 6 people emailed",
    );
    const after = await sessions(cohortId);
    expect(after.slice(0, 4).map((r) => [r.starts_at, Number(r.sequence)])).toEqual(
      planned.slice(0, 4).map((r) => [r.starts_at, Number(r.sequence)]),
    );
    expect(after[3]!.starts_at).toBe("2027-03-25T22:00:00.000Z");
    expect(after[4]!.starts_at).toBe("2027-03-29T23:00:00.000Z");
    expect(after[5]!.starts_at).toBe("2027-04-05T23:00:00.000Z");
    expect(await outbox("group_session_moved")).toHaveLength(sent + 6);
  });

  it("a new start date moves the sessions, each announced as a move; a cancelled one stays", async () => {
    const { cookie, cohortId, send, slot } = await peopledCohort();
    await slot();
    const week2 = (await sessions(cohortId))[1]!;
    await send({ intent: "session_cancel", id: week2.id, confirm: "yes" });
    const answer = await post(
      settingsAction,
      "/admin/cohort-settings",
      { intent: "save", startDate: "2027-03-08" },
      cookie,
    );
    expect(answer.status).toBe(303);
    const after = await sessions(cohortId);
    expect(after[0]!.starts_at).toBe("2027-03-10T00:00:00.000Z"); // Tuesday March 9, EST
    expect(after[1]).toMatchObject({ status: "cancelled", starts_at: week2.starts_at });
    const moved = await outbox("group_session_moved");
    expect(moved).toHaveLength(5 * 3);
    expect(new Set(moved.map((m) => m.subject))).toEqual(
      new Set([1, 3, 4, 5, 6].map((n) => `Week ${n} group session moved`)),
    );
  });

  it("a move must be ahead and within the programme; a started session can't be moved or cancelled", async () => {
    const { cookie, cohortId, send, slot } = await peopledCohort();
    await slot();
    const [week1, , week3] = await sessions(cohortId);
    // Wednesday of week 2: week 1 (Tuesday March 2) is over, week 3 (March 16) is ahead.
    s.clock.set(new Date("2027-03-10T17:00:00Z"));
    const rows = () => sessions(cohortId);
    const before = await rows();
    const errorOf = (answer: { body: unknown }) => (answer.body as FormActionBody).result?.error;

    const tooLate = await send({
      intent: "session_move",
      id: week1!.id,
      startsAt: "2027-03-03T19:00",
    });
    expect(tooLate.status).toBe(409);
    const started = "That session has already started: it can't be moved or canceled";
    expect(errorOf(tooLate)).toEqual({ startsAt: [started] });
    const noCancel = await send({ intent: "session_cancel", id: week1!.id });
    expect(noCancel.status).toBe(409);
    expect(errorOf(noCancel)).toEqual({ "": [started] });

    const past = await send({
      intent: "session_move",
      id: week3!.id,
      startsAt: "2027-03-09T19:00",
    });
    expect(past.status).toBe(400);
    expect(errorOf(past)).toEqual({ startsAt: ["Choose a start in the future"] });
    const outside = [
      "Choose a start within the program's six weeks: Monday, March 1, 2027 to Sunday, April 11, 2027 (America/New_York)",
    ];
    for (const startsAt of ["2027-07-13T19:00", "2027-04-12T00:00"]) {
      const late = await send({ intent: "session_move", id: week3!.id, startsAt });
      expect(late.status, startsAt).toBe(400);
      expect(errorOf(late)).toEqual({ startsAt: outside });
    }
    // Nothing changed, nobody was emailed.
    expect(await rows()).toEqual(before);
    expect(await outbox("group_session_moved")).toHaveLength(0);
    expect(await outbox("group_session_cancelled")).toHaveLength(0);

    // The last minute of week 6's Sunday is still within it.
    const last = await send({
      intent: "session_move",
      id: week3!.id,
      startsAt: "2027-04-11T23:59",
    });
    expect(last.status).toBe(303);
    expect(await outbox("group_session_moved")).toHaveLength(3);

    // The page shows week 1 as started (no controls), week 3 not.
    const page = await get(cohortLoader, `/admin/cohorts/${cohortId}`, cookie, {
      id: cohortId,
    });
    const listed = (page.body as { sessions: { sessions: { week: number; started: boolean }[] } })
      .sessions.sessions;
    expect(listed.map((x) => x.started)).toEqual([true, true, false, false, false, false]);
  });

  it("the sessions job plans a dated current cohort that has none, once, and never undoes a move", async () => {
    const cohortId = await s.cohortId();
    await setCurrentCohort(s.db(), { start_date: "2027-01-13" });
    expect(await sessions(cohortId)).toHaveLength(0);
    expect(await planMissingSessions(s.services())).toEqual({ planned: 6 });
    const planned = await sessions(cohortId);
    expect(planned.map((row) => row.week)).toEqual([1, 2, 3, 4, 5, 6]);
    // A session moved by hand stays where it was put.
    await s
      .db()
      .updateTable("group_sessions")
      .set({ starts_at: "2027-01-20T23:30:00.000Z" })
      .where("id", "=", planned[1]!.id)
      .execute();
    expect(await planMissingSessions(s.services())).toEqual({ planned: 0 });
    expect((await sessions(cohortId))[1]!.starts_at).toBe("2027-01-20T23:30:00.000Z");
  });
});

import { describe, expect, it } from "vitest";
import { ownerCookie, settle } from "../../tests/support/admin";
import { calendarLines } from "../../tests/support/calendar";
import { seatScenario } from "../../tests/support/cohort";
import {
  callAction,
  flashToastOf,
  formRequest,
  makeContext,
  unwrap,
} from "../../tests/support/context";
import { testEngines } from "../../tests/support/databases";
import { insertMentor, insertStudent, portalCookie } from "../../tests/support/portal";
import { createCohort } from "~/cohort/series.server";
import { action as cohortAction, loader as cohortLoader } from "~/routes/admin/cohort";
import { action as cohortsAction } from "~/routes/admin/cohorts";
import { action as settingsAction } from "~/routes/admin/cohort-settings";
import { loader as feedLoader } from "~/routes/calendar/feed";
import { action as calendarAction, loader as downloadLoader } from "~/routes/portal/calendar";
import { loader as homeLoader } from "~/routes/portal/home";
import { setCurrentCohort } from "../../tests/support/cohort";
import { planMissingSessions } from "./sessions.server";

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
  const sessions = (cohortId: string) =>
    s
      .db()
      .selectFrom("group_sessions")
      .selectAll()
      .where("cohort_id", "=", cohortId)
      .orderBy("week")
      .execute();
  const outbox = (kind: string) =>
    s
      .db()
      .selectFrom("outbox")
      .selectAll()
      .where("kind", "=", kind)
      .orderBy("to_address")
      .execute();

  /** The feed of `cookie`'s person: subscribe, then fetch as a calendar app would. */
  async function subscribe(cookie: string) {
    const answer = await post(calendarAction, "/portal/calendar", { intent: "subscribe" }, cookie);
    expect(answer.status).toBe(303);
    const location = answer.headers.get("location")!;
    expect(location).toMatch(/^webcal:\/\/localhost:3000\/calendar\/[\w-]{43}\.ics$/);
    return /\/calendar\/([\w-]{43})\.ics$/.exec(location)![1]!;
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
    const cookie = await owner();
    const cohortId = await s.cohortId();
    await post(
      settingsAction,
      "/admin/cohort-settings",
      { intent: "save", startDate: "2027-03-01" },
      cookie,
    );
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

    const cancel = { intent: "session_cancel", id: week2!.id };
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
    const cookie = await owner();
    const cohortId = await s.cohortId();
    await post(
      settingsAction,
      "/admin/cohort-settings",
      { intent: "save", startDate: "2027-03-01" },
      cookie,
    );
    const mentorId = await insertMentor(s.db(), "mentor@example.com", "Mia Mentor");
    const ada = await insertStudent(s.db(), {
      email: "ada@example.com",
      firstName: "Ada",
      cohortId,
      mentorId,
    });
    const student = await portalCookie(s.services(), {
      role: "student",
      personId: ada,
      email: "ada@example.com",
      firstName: "Ada",
    });
    const mentor = await portalCookie(s.services(), {
      role: "mentor",
      mentorId,
      email: "mentor@example.com",
      name: "Mia Mentor",
    });

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

    // Reset: a new link in the toast, the old one dead.
    const reset = await post(calendarAction, "/portal/calendar", { intent: "reset" }, student);
    expect(reset.status).toBe(303);
    expect(reset.headers.get("location")).toBe("/portal");
    const toast = await flashToastOf(reset, s.services());
    const fresh = /\/calendar\/([\w-]{43})\.ics/.exec(toast!.description!)![1]!;
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

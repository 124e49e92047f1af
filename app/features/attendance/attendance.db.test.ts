import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { insertAccount, sessionCookie } from "../../../tests/support/admin";
import { seatScenario } from "../../../tests/support/cohort";
import { testEngines } from "../../../tests/support/databases";
import { answer } from "../../../tests/support/mentors";
import { insertMentor, insertStudent, portalCookie } from "../../../tests/support/portal";
import * as mentorSessionRoute from "~/features/attendance/routes/mentor-session";
import * as mentorRoute from "~/features/mentors/routes/mentor";
import * as ownerSessionRoute from "~/features/attendance/routes/cohort-session";
import * as csvRoute from "~/features/attendance/routes/cohort-attendance-csv";
import * as cohortRoute from "~/features/cohort/routes/cohort";
import { loader as homeLoader } from "~/features/portal/routes/home";

/**
 * Attendance, 1-on-1 outcomes and recordings through the real pages and services. The cohort
 * started Monday 2026-11-09; the clock reads Sunday 2026-11-22 12:00 UTC, so the sessions of
 * weeks 1 and 2 have happened, week 3's (Tuesday 2026-11-24) has not, and week 1 has ended.
 */
describe.each(testEngines())("attendance and recordings on $name", (engine) => {
  const s = seatScenario(engine);
  const db = () => s.db();
  const services = () => s.services();
  const sessionStart = (week: number) =>
    new Date(Date.UTC(2026, 10, 10 + 7 * (week - 1), 0)).toISOString();

  async function scene() {
    const cohortId = await s.cohortId();
    await db()
      .updateTable("cohorts")
      .set({ start_date: "2026-11-09" })
      .where("id", "=", cohortId)
      .execute();
    const now = s.clock.now().toISOString();
    const sessionIds: string[] = [];
    for (const week of [1, 2, 3, 4, 5, 6]) {
      const id = randomUUID();
      sessionIds.push(id);
      await db()
        .insertInto("group_sessions")
        .values({
          id,
          cohort_id: cohortId,
          week,
          starts_at: sessionStart(week),
          minutes: 60,
          topic: `Topic ${week}`,
          recording_url: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const mia = await insertMentor(db(), "mia@example.com", "Mia Mentor");
    const max = await insertMentor(db(), "max@example.com", "Max Mentor");
    const ann = await insertStudent(db(), {
      email: "ann@example.com",
      firstName: "Ann",
      cohortId,
      mentorId: mia,
    });
    const bob = await insertStudent(db(), {
      email: "bob@example.com",
      firstName: "Bob",
      cohortId,
      mentorId: max,
    });
    const cookies = {
      mia: await portalCookie(services(), {
        role: "mentor",
        mentorId: mia,
        email: "mia@example.com",
        name: "Mia Mentor",
      }),
      max: await portalCookie(services(), {
        role: "mentor",
        mentorId: max,
        email: "max@example.com",
        name: "Max Mentor",
      }),
      ann: await portalCookie(services(), {
        role: "student",
        personId: ann,
        email: "ann@example.com",
        firstName: "Ann",
      }),
      owner: await sessionCookie(
        db(),
        services().config.sessionSecrets,
        await insertAccount(db(), { email: "boss@example.com", password: "x" }),
        "2099-01-01T00:00:00.000Z",
      ),
    };
    return { cohortId, sessionIds, mia, max, ann, bob, cookies };
  }
  type Scene = Awaited<ReturnType<typeof scene>>;

  async function booking(
    sc: Scene,
    input: { person: string; mentor: string; week: number; startsAt: string },
  ) {
    const id = randomUUID();
    const now = s.clock.now().toISOString();
    await db()
      .insertInto("bookings")
      .values({
        id,
        cohort_id: sc.cohortId,
        person_id: input.person,
        mentor_id: input.mentor,
        kind: "one_on_one",
        week: input.week,
        starts_at: input.startsAt,
        ends_at: new Date(new Date(input.startsAt).getTime() + 30 * 60_000).toISOString(),
        status: "booked",
        cancelled_by: null,
        cancel_reason: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  const marks = () =>
    db().selectFrom("attendance").selectAll().orderBy("session_id").orderBy("person_id").execute();
  const mentorPage = (sc: Scene, cookie: string, sessionId: string) =>
    answer(services(), mentorSessionRoute.loader, `/portal/mentor/sessions/${sessionId}`, cookie, {
      params: { id: sessionId },
    });
  const mentorPost = (cookie: string, sessionId: string, fields: Record<string, string>) =>
    answer(services(), mentorSessionRoute.action, `/portal/mentor/sessions/${sessionId}`, cookie, {
      params: { id: sessionId },
      fields,
    });
  const ownerPost = (sc: Scene, sessionId: string, fields: Record<string, string>) =>
    answer(
      services(),
      ownerSessionRoute.action,
      `/admin/cohorts/${sc.cohortId}/sessions/${sessionId}`,
      sc.cookies.owner,
      { params: { id: sc.cohortId, session: sessionId }, fields },
    );

  it("lets a mentor mark only their own students, once the session has started", async () => {
    const sc = await scene();
    const week1 = sc.sessionIds[0]!;
    const page = await mentorPage(sc, sc.cookies.mia, week1);
    expect(page.status).toBe(200);
    const body = page.body as { students: { personId: string }[] };
    expect(body.students.map((st) => st.personId)).toEqual([sc.ann]);

    // Another mentor's student in the form: refused, nothing written.
    const foreign = await mentorPost(sc.cookies.mia, week1, {
      intent: "attendance",
      "marks[0].student": sc.bob,
      "marks[0].status": "attended",
    });
    expect(foreign.status).toBe(400);
    expect(JSON.stringify(foreign.body)).toContain("not in this session");
    expect(await marks()).toEqual([]);

    // An unknown status: refused under the field, nothing written.
    const badStatus = await mentorPost(sc.cookies.mia, week1, {
      intent: "attendance",
      "marks[0].student": sc.ann,
      "marks[0].status": "late",
    });
    expect(badStatus.status).toBe(400);
    expect(await marks()).toEqual([]);

    // Before the session starts: refused.
    const early = await mentorPost(sc.cookies.mia, sc.sessionIds[2]!, {
      intent: "attendance",
      "marks[0].student": sc.ann,
      "marks[0].status": "attended",
    });
    expect(early.status).toBe(409);
    expect(await marks()).toEqual([]);

    const saved = await mentorPost(sc.cookies.mia, week1, {
      intent: "attendance",
      "marks[0].student": sc.ann,
      "marks[0].status": "absent",
    });
    expect(saved.status).toBe(303);
    // Marking again updates the one row (upsert).
    await mentorPost(sc.cookies.mia, week1, {
      intent: "attendance",
      "marks[0].student": sc.ann,
      "marks[0].status": "excused",
    });
    const rows = await marks();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      session_id: week1,
      person_id: sc.ann,
      status: "excused",
      marked_by: "mentor",
      marked_by_id: sc.mia,
    });
  });

  it("hides a session from a mentor with no students in its cohort", async () => {
    const sc = await scene();
    await db()
      .updateTable("payments")
      .set({ mentor_id: sc.mia })
      .where("person_id", "=", sc.bob)
      .execute();
    expect((await mentorPage(sc, sc.cookies.max, sc.sessionIds[0]!)).status).toBe(404);
    const post = await mentorPost(sc.cookies.max, sc.sessionIds[0]!, {
      intent: "recording",
      url: "https://video.example.com/1",
    });
    expect(post.status).toBe(404);
    const row = await db()
      .selectFrom("group_sessions")
      .select("recording_url")
      .where("id", "=", sc.sessionIds[0]!)
      .executeTakeFirstOrThrow();
    expect(row.recording_url).toBeNull();
  });

  it("lets the owner mark every paid student, audited", async () => {
    const sc = await scene();
    const week2 = sc.sessionIds[1]!;
    const answer1 = await ownerPost(sc, week2, {
      intent: "attendance",
      "marks[0].student": sc.ann,
      "marks[0].status": "attended",
      "marks[1].student": sc.bob,
      "marks[1].status": "absent",
    });
    expect(answer1.status).toBe(303);
    expect((await marks()).map((m) => [m.person_id, m.status, m.marked_by])).toEqual(
      [
        [sc.ann, "attended", "owner"],
        [sc.bob, "absent", "owner"],
      ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
    const audit = await db()
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "session.attendance")
      .execute();
    expect(audit).toHaveLength(1);
    // A session of another cohort's path: not found.
    const wrong = await answer(
      services(),
      ownerSessionRoute.action,
      `/admin/cohorts/none/sessions/${week2}`,
      sc.cookies.owner,
      {
        params: { id: "none", session: week2 },
        fields: { intent: "attendance", "marks[0].student": sc.ann, "marks[0].status": "absent" },
      },
    );
    expect(wrong.status).toBe(404);
    expect((await marks()).find((m) => m.person_id === sc.ann)?.status).toBe("attended");
  });

  it("marks a 1-on-1 held only after it started, only by its own mentor", async () => {
    const sc = await scene();
    const past = await booking(sc, {
      person: sc.ann,
      mentor: sc.mia,
      week: 2,
      startsAt: "2026-11-18T15:00:00.000Z",
    });
    const future = await booking(sc, {
      person: sc.ann,
      mentor: sc.mia,
      week: 3,
      startsAt: "2026-11-25T15:00:00.000Z",
    });
    const home = await answer(services(), mentorRoute.loader, "/portal/mentor", sc.cookies.mia);
    expect((home.body as { toMark: { id: string }[] }).toMark.map((b) => b.id)).toEqual([past]);
    const post = (cookie: string, bookingId: string, outcome = "held") =>
      answer(services(), mentorRoute.action, "/portal/mentor", cookie, {
        fields: { intent: "outcome", bookingId, outcome },
      });
    expect((await post(sc.cookies.max, past)).status).toBe(404);
    expect((await post(sc.cookies.mia, future)).status).toBe(409);
    const refused = await post(sc.cookies.mia, past, "maybe");
    expect(refused.status).toBe(400);
    // The refusal stands under its field.
    expect((refused.body as { result: { error: unknown } }).result.error).toEqual({
      outcome: ["Choose held, a no-show by the student or by the mentor"],
    });
    const outcomes = () =>
      db().selectFrom("bookings").select(["id", "outcome"]).orderBy("starts_at").execute();
    expect((await outcomes()).map((b) => b.outcome)).toEqual([null, null]);
    expect((await post(sc.cookies.mia, past)).status).toBe(303);
    expect((await outcomes()).map((b) => b.outcome)).toEqual(["held", null]);
    const after = await answer(services(), mentorRoute.loader, "/portal/mentor", sc.cookies.mia);
    expect((after.body as { toMark: unknown[] }).toMark).toEqual([]);
    // The owner corrects it from the session page of its week.
    const owner = await ownerPost(sc, sc.sessionIds[1]!, {
      intent: "outcome",
      bookingId: past,
      outcome: "student_no_show",
    });
    expect(owner.status).toBe(303);
    expect((await outcomes())[0]!.outcome).toBe("student_no_show");
  });

  it("emails a recording link to the live students once per link, and shows it in the portal", async () => {
    const sc = await scene();
    const carl = await insertStudent(db(), {
      email: "carl@example.com",
      firstName: "Carl",
      cohortId: sc.cohortId,
      mentorId: sc.mia,
    });
    await db()
      .updateTable("payments")
      .set({ status: "refunded" })
      .where("person_id", "=", carl)
      .execute();
    const week1 = sc.sessionIds[0]!;
    const emails = () =>
      db()
        .selectFrom("outbox")
        .select(["to_address", "text"])
        .where("kind", "=", "group_session_recording")
        .orderBy("created_at")
        .orderBy("to_address")
        .execute();
    const bad = await ownerPost(sc, week1, {
      intent: "recording",
      url: "http://video.example.com/1",
    });
    expect(bad.status).toBe(400);
    const early = await ownerPost(sc, sc.sessionIds[2]!, {
      intent: "recording",
      url: "https://video.example.com/3",
    });
    expect(early.status).toBe(409);
    expect(await emails()).toEqual([]);

    const first = await ownerPost(sc, week1, {
      intent: "recording",
      url: "https://video.example.com/1",
    });
    expect(first.status).toBe(303);
    expect((await emails()).map((e) => e.to_address)).toEqual([
      "ann@example.com",
      "bob@example.com",
    ]);
    expect((await emails())[0]!.text).toContain("https://video.example.com/1");
    // The same link again (the mentor this time): nobody is emailed twice.
    s.clock.advance(1000);
    await mentorPost(sc.cookies.mia, week1, {
      intent: "recording",
      url: "https://video.example.com/1",
    });
    expect(await emails()).toHaveLength(2);
    // A new link goes out once more.
    s.clock.advance(1000);
    await mentorPost(sc.cookies.mia, week1, {
      intent: "recording",
      url: "https://video.example.com/1b",
    });
    expect(await emails()).toHaveLength(4);

    const home = await answer(services(), homeLoader, "/portal", sc.cookies.ann);
    const events = (home.body as { home: { calendar: { events: { recording: string | null }[] } } })
      .home.calendar.events;
    expect(events.map((e) => e.recording)).toContain("https://video.example.com/1b");
  });

  it("refuses marks and a recording on a cancelled session: nothing stored, nobody emailed", async () => {
    const sc = await scene();
    const week2 = sc.sessionIds[1]!;
    await db()
      .updateTable("group_sessions")
      .set({ status: "cancelled" })
      .where("id", "=", week2)
      .execute();
    const recording = () =>
      db()
        .selectFrom("group_sessions")
        .select("recording_url")
        .where("id", "=", week2)
        .executeTakeFirstOrThrow();
    const recordingEmails = () =>
      db().selectFrom("outbox").selectAll().where("kind", "=", "group_session_recording").execute();
    const refusals = [
      await mentorPost(sc.cookies.mia, week2, {
        intent: "recording",
        url: "https://video.example.com/2",
      }),
      await ownerPost(sc, week2, { intent: "recording", url: "https://video.example.com/2" }),
      await mentorPost(sc.cookies.mia, week2, {
        intent: "attendance",
        "marks[0].student": sc.ann,
        "marks[0].status": "attended",
      }),
      await ownerPost(sc, week2, {
        intent: "attendance",
        "marks[0].student": sc.bob,
        "marks[0].status": "absent",
      }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(409);
      expect(JSON.stringify(refused.body)).toContain(
        "This session was canceled; nothing was saved",
      );
    }
    expect((await recording()).recording_url).toBeNull();
    expect(await recordingEmails()).toEqual([]);
    expect(await marks()).toEqual([]);
  });

  it("rate-limits the mentor's session form and outcome post per mentor: one past the limit changes nothing", async () => {
    const sc = await scene();
    const week1 = sc.sessionIds[0]!;
    const limit = services().config.portalRateLimitPerMinute;
    const mark = (status: string) =>
      mentorPost(sc.cookies.mia, week1, {
        intent: "attendance",
        "marks[0].student": sc.ann,
        "marks[0].status": status,
      });
    for (let i = 0; i < limit; i++) expect((await mark("late")).status).toBe(400);
    expect((await mark("attended")).status).toBe(429);
    expect(await marks()).toEqual([]);

    const past = await booking(sc, {
      person: sc.ann,
      mentor: sc.mia,
      week: 2,
      startsAt: "2026-11-18T15:00:00.000Z",
    });
    const outcome = (value: string) =>
      answer(services(), mentorRoute.action, "/portal/mentor", sc.cookies.mia, {
        fields: { intent: "outcome", bookingId: past, outcome: value },
      });
    for (let i = 0; i < limit; i++) expect((await outcome("maybe")).status).toBe(400);
    expect((await outcome("held")).status).toBe(429);
    const row = await db()
      .selectFrom("bookings")
      .select("outcome")
      .where("id", "=", past)
      .executeTakeFirstOrThrow();
    expect(row.outcome).toBeNull();
  });

  it("shows the grid on the cohort page and writes it as CSV", async () => {
    const sc = await scene();
    await ownerPost(sc, sc.sessionIds[0]!, {
      intent: "attendance",
      "marks[0].student": sc.ann,
      "marks[0].status": "attended",
    });
    const held = await booking(sc, {
      person: sc.ann,
      mentor: sc.mia,
      week: 1,
      startsAt: "2026-11-11T15:00:00.000Z",
    });
    await answer(services(), mentorRoute.action, "/portal/mentor", sc.cookies.mia, {
      fields: { intent: "outcome", bookingId: held, outcome: "held" },
    });
    const page = await answer(
      services(),
      cohortRoute.loader,
      `/admin/cohorts/${sc.cohortId}`,
      sc.cookies.owner,
      {
        params: { id: sc.cohortId },
      },
    );
    const grid = (
      page.body as {
        grid: {
          rows: {
            student: { name: string };
            cells: {
              group: string;
              groupMissing: boolean;
              oneOnOne: string;
              oneOnOneMissing: boolean;
            }[];
            groupAttended: number;
            oneOnOnesHeld: number;
          }[];
        };
      }
    ).grid;
    const ann = grid.rows.find((r) => r.student.name.startsWith("Ann"))!;
    const bob = grid.rows.find((r) => r.student.name.startsWith("Bob"))!;
    expect(ann.cells[0]).toMatchObject({
      group: "attended",
      groupMissing: false,
      oneOnOne: "held",
      oneOnOneMissing: false,
    });
    expect(bob.cells[0]).toMatchObject({
      group: "unmarked",
      groupMissing: true,
      oneOnOne: "none",
      oneOnOneMissing: true,
    });
    expect(ann.cells[2]).toMatchObject({ group: "unmarked", groupMissing: false });

    const csv = await answer(
      services(),
      csvRoute.loader,
      `/admin/cohorts/${sc.cohortId}/attendance.csv`,
      sc.cookies.owner,
      {
        params: { id: sc.cohortId },
      },
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = String(csv.body).trim().split("\r\n");
    expect(lines[0]).toBe(
      '"student","email","mentor","week_1_group","week_1_one_on_one","week_2_group","week_2_one_on_one","week_3_group","week_3_one_on_one","week_4_group","week_4_one_on_one","week_5_group","week_5_one_on_one","week_6_group","week_6_one_on_one","group_attended","one_on_ones_held"',
    );
    const annLine = lines.find((l) => l.includes("ann@example.com"))!;
    expect(annLine).toContain('"Mia Mentor","attended","held","unmarked (missing)","none"');
    expect(annLine.endsWith('"1","1"')).toBe(true);
    const bobLine = lines.find((l) => l.includes("bob@example.com"))!;
    expect(bobLine).toContain('"unmarked (missing)","none (missing)"');
  });
});

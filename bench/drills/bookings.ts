import { readdirSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { sendBookingReminders } from "../../app/features/bookings/reminders.server";
import { updateCohortSettings } from "../../app/features/cohort/settings.server";
import { bookingText } from "../../app/features/bookings/bookings.words";
import { changeAvailability } from "../../app/features/bookings/availability.server";
import type { DB } from "../../app/db/database.server";
import { mondayOf } from "../../app/features/cohort/cohort";
import { programmeWeekAt, REMINDERS } from "../../app/features/bookings/slots";
import { dateInZone } from "../../app/lib/time-zone";
import { loadConfig } from "../../app/env.server";
import type { Clock } from "../../app/lib/clock";
import { MAILBOX_SUBDIR } from "../../app/mail/transport.server";
import { addMentor } from "../../app/features/mentors/mentors.server";
import type { Services } from "../../app/context";
import { createServices } from "../../app/services.server";
import { Jar } from "../lib/browser";
import { qualifiedApplicants } from "../lib/buyers";
import type { EngineSetup } from "../lib/engines";
import { round } from "../lib/format";
import { FORM_HEADERS } from "../lib/forms";
import { sleep, startServer, type RunningServer } from "../lib/server";
import type { DrillResult } from "../lib/types";

export const BOOKINGS_DRILL = "j. 1-on-1 bookings: 10 students, 2 mentors, two instances, 30 s";

const STUDENTS = 10;
const FLOW_MS = 30_000;
const SAMPLE_MS = 250;
const REMINDER_EVERY_MS = 700;
const DAY_MS = 24 * 3_600_000;

/**
 * Two mentors, each in their own zone, with two mornings a week: 12 half-hour slots a week each
 * for their 5 students, so the popular first three are fought over and the rest fill up.
 */
const MENTORS = [
  {
    name: "Bench London",
    email: "bench.london@example.com",
    zone: "Europe/London",
    hours: [
      { weekday: 2, from: "09:00", to: "12:00" },
      { weekday: 4, from: "09:00", to: "12:00" },
    ],
  },
  {
    name: "Bench New York",
    email: "bench.newyork@example.com",
    zone: "America/New_York",
    hours: [
      { weekday: 1, from: "13:00", to: "16:00" },
      { weekday: 3, from: "13:00", to: "16:00" },
    ],
  },
] as const;

type Intent = "book" | "reschedule" | "cancel";
/** What a post of /portal/book was answered: a redirect (done) or the refusal's reason. */
type Answer =
  | "booked"
  | "moved"
  | "cancelled"
  | "taken"
  | "already"
  | "tooLate"
  | "notFound"
  | "slot"
  | `unexpected ${string}`;

interface Student {
  index: number;
  personId: string;
  email: string;
  mentorId: string;
  jar: Jar;
}

interface Page {
  slots: string[];
  booking: { id: string; startsAt: string } | null;
}

/** A clock the drill moves by hand: the reminders job runs at the moments it is due. */
class BenchClock implements Clock {
  at: Date | null = null;
  /** The latest moment the clock was moved to (reminders queued then are due from then on). */
  latest = 0;
  now() {
    if (this.at) this.latest = Math.max(this.latest, this.at.getTime());
    return this.at ?? new Date();
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const pickOne = <T>(items: readonly T[]): T | undefined =>
  items[Math.floor(Math.random() * items.length)];

/** The page's free slots (the buttons' data-slot) and the student's booking of the week. */
function parsePage(html: string): Page {
  const slots = [...html.matchAll(/data-slot="([^"]+)"/g)].map((m) => m[1]!);
  const startsAt = /data-booking="([^"]+)"/.exec(html)?.[1];
  const id = /name="bookingId" value="([^"]+)"/.exec(html)?.[1];
  return { slots, booking: startsAt && id ? { id, startsAt } : null };
}

/** The refusal a 409 answer names, by the words the page shows. */
function refusalOf(html: string): Answer {
  for (const kind of ["taken", "already", "tooLate", "notFound", "slot"] as const)
    if (html.includes(bookingText.errors[kind])) return kind;
  return "unexpected 409";
}

const DONE: Record<Intent, Answer> = { book: "booked", reschedule: "moved", cancel: "cancelled" };

/** Live bookings that overlap another of the same mentor, and students with two in one week. */
async function violations(db: DB) {
  const { rows: overlaps } = await sql<{ n: number | string }>`
    select count(*) as n from bookings a join bookings b
      on a.mentor_id = b.mentor_id and a.id < b.id
    where a.status = 'booked' and b.status = 'booked'
      and a.starts_at < b.ends_at and b.starts_at < a.ends_at`.execute(db);
  const { rows: twice } = await sql<{ n: number | string }>`
    select count(*) as n from (select person_id from bookings
      where status = 'booked' and kind = 'one_on_one'
      group by person_id, cohort_id, week having count(*) > 1) as w`.execute(db);
  return { overlaps: Number(overlaps[0]?.n ?? 0), twice: Number(twice[0]?.n ?? 0) };
}

/**
 * Issue 35's bench drill. Two instances of the production build on one PostgreSQL database, a
 * current cohort starting next week, two mentors (London and New York, weekly hours set through
 * the availability service) and ten students who paid through the test checkout over HTTP (the
 * payment assigns the mentor, five each, and signs the browser in to the portal). For 30 s every
 * student books over HTTP, alternating the instances: first the same three popular slots of their
 * mentor all at once, then any free slot of week 1 or 2 (two posts at once, one per instance),
 * rescheduling, cancelling and booking again at random. Sampled every 250 ms, and at the end:
 * no two live bookings of a mentor overlap and no student has two live 1-on-1s in one week.
 * Meanwhile and afterwards the reminders job runs in this process, twice at once against the same
 * database, with its clock moved to the moments 24 hours and 1 hour before each live 1-on-1; two
 * mail workers deliver them. Every reminder of every live 1-on-1 must be queued and delivered
 * exactly once.
 */
export async function bookingRace(engine: EngineSetup): Promise<DrillResult> {
  const inspect = await engine.inspect();
  const db = inspect.db;
  const env = {
    PAYMENT_PROVIDER: "test",
    MAIL_WORKER_INTERVAL_MS: "500",
    RATE_LIMIT_PER_MINUTE: "1000000000",
    PORTAL_RATE_LIMIT_PER_MINUTE: "1000000000",
    HOLDS_PER_ADDRESS: "1000000",
    EMAILS_PER_RECIPIENT_PER_HOUR: "1000000",
  };
  const first = await startServer({
    dataDir: engine.dataDir,
    databaseUrl: engine.databaseUrl,
    env,
  });
  const servers: RunningServer[] = [first];
  const clock = new BenchClock();
  const jobs: Services[] = [];
  try {
    servers.push(
      await startServer({
        dataDir: engine.dataDir,
        databaseUrl: engine.databaseUrl,
        sessionSecret: first.sessionSecret,
        env,
      }),
    );
    // The reminders job and the mail worker of two more "instances", in this process, where the
    // clock can be moved (the servers' clocks are the system's).
    const config = loadConfig({
      NODE_ENV: "production",
      DATA_DIR: engine.dataDir,
      DATABASE_URL: engine.databaseUrl,
      SESSION_SECRET: first.sessionSecret,
      PUBLIC_URL: first.url,
      MAIL_FROM: "Bench reminders <reminders@bench.example>",
      // The servers' caps, so the in-process workers deliver as they do.
      EMAILS_PER_RECIPIENT_PER_HOUR: env.EMAILS_PER_RECIPIENT_PER_HOUR,
    });
    for (let i = 0; i < 2; i++) jobs.push(await createServices(config, { clock }));
    const services = jobs[0]!;
    const siteZone = config.siteTimeZone;

    // The cohort starts on the Monday two to eight days from now: weeks 1 and 2 are bookable,
    // and every slot is more than a day away (no notice or change cutoff in the way).
    const today = dateInZone(new Date(), siteZone);
    const startDate = mondayOf(
      new Date(Date.parse(`${today}T12:00:00Z`) + 8 * DAY_MS).toISOString().slice(0, 10),
    );
    await updateCohortSettings(services, "bench", { startDate, capacity: 20, isActive: true });
    const mentorIds: string[] = [];
    for (const mentor of MENTORS) {
      const created = await addMentor(
        db,
        "bench",
        { email: mentor.email, name: mentor.name, bio: "", capacity: STUDENTS / 2 },
        new Date(),
      );
      if (created.kind !== "created") throw new Error("the mentor was not created");
      const id = created.mentor.id;
      mentorIds.push(id);
      const change = async (form: Parameters<typeof changeAvailability>[2]) => {
        const done = await changeAvailability(db, id, form, siteZone, new Date());
        if (done.kind !== "ok") throw new Error(`availability refused: ${done.reason}`);
      };
      await db
        .updateTable("mentors")
        .set({ meeting_place: `https://meet.example.com/${id}` })
        .where("id", "=", id)
        .execute();
      await change({ intent: "zone", timeZone: mentor.zone });
      for (const row of mentor.hours) await change({ intent: "add_hours", ...row });
    }

    // Ten qualified applicants pay through the test checkout, as a browser does; the payment
    // picks their mentor and the confirmation page signs that browser in to the portal.
    const applicants = await qualifiedApplicants(
      db,
      first.sessionSecret,
      STUDENTS,
      "bench-student",
    );
    const enrolStarted = performance.now();
    const students: Student[] = await Promise.all(
      applicants.map(async (applicant, index): Promise<Student> => {
        const server = servers[index % servers.length]!;
        const jar = new Jar();
        jar.set(applicant.cookie);
        const send = async (url: string, body?: string) => {
          const res = await fetch(url.startsWith("http") ? url : `${server.url}${url}`, {
            method: body === undefined ? "GET" : "POST",
            headers: {
              cookie: jar.header(),
              ...(body === undefined ? {} : { ...FORM_HEADERS, origin: server.url }),
            },
            body,
            redirect: "manual",
            signal: AbortSignal.timeout(20_000),
          });
          await res.arrayBuffer();
          jar.take(res);
          return { status: res.status, location: res.headers.get("location") ?? "" };
        };
        await send("/enroll");
        const checkout = await send("/enroll", "");
        if (!/\/checkout\/test\//.test(checkout.location))
          throw new Error(`enrol: ${checkout.status} ${checkout.location}`);
        const paid = await send(
          checkout.location,
          new URLSearchParams({ intent: "pay", email: applicant.email }).toString(),
        );
        const confirmed = await send(paid.location);
        if (confirmed.status !== 200 || !jar.has("fsts_portal"))
          throw new Error(`payment confirmation ${confirmed.status}: no portal session`);
        const payment = await db
          .selectFrom("payments")
          .select("mentor_id")
          .where("person_id", "=", applicant.personId)
          .where("status", "=", "paid")
          .executeTakeFirstOrThrow();
        if (!payment.mentor_id) throw new Error("a paid student has no mentor");
        return { index, ...applicant, mentorId: payment.mentor_id, jar };
      }),
    );
    const enrolSeconds = (performance.now() - enrolStarted) / 1000;
    const perMentor = mentorIds.map((id) => students.filter((s) => s.mentorId === id).length);

    const answers: Record<string, number> = {};
    const tally = (key: string) => {
      answers[key] = (answers[key] ?? 0) + 1;
    };
    const postMs: number[] = [];
    const getMs: number[] = [];
    let posts = 0;
    let gets = 0;
    let turn = 0;
    const nextServer = () => servers[turn++ % servers.length]!;

    const page = async (student: Student, week: number, server = nextServer()) => {
      const started = performance.now();
      const res = await fetch(`${server.url}/portal/book?week=${week}`, {
        headers: { cookie: student.jar.header() },
        redirect: "manual",
        signal: AbortSignal.timeout(20_000),
      });
      const html = await res.text();
      getMs.push(performance.now() - started);
      gets += 1;
      if (res.status !== 200) {
        tally(`unexpected GET ${res.status}`);
        return { slots: [], booking: null };
      }
      return parsePage(html);
    };
    const post = async (
      student: Student,
      fields: Record<string, string> & { intent: Intent },
      server = nextServer(),
    ): Promise<Answer> => {
      const started = performance.now();
      let answer: Answer;
      try {
        const res = await fetch(`${server.url}/portal/book`, {
          method: "POST",
          headers: { ...FORM_HEADERS, origin: server.url, cookie: student.jar.header() },
          body: new URLSearchParams(fields).toString(),
          redirect: "manual",
          signal: AbortSignal.timeout(20_000),
        });
        const html = await res.text();
        answer =
          res.status === 303
            ? DONE[fields.intent]
            : res.status === 409
              ? refusalOf(html)
              : `unexpected ${res.status}`;
      } catch (error) {
        answer = `unexpected ${(error as Error).name}`;
      }
      postMs.push(performance.now() - started);
      posts += 1;
      tally(`${fields.intent}:${answer}`);
      return answer;
    };

    // The popular slots: the first three of each mentor's week 1, as their students see them.
    const popular = new Map<string, string[]>();
    for (const id of mentorIds) {
      const someone = students.find((s) => s.mentorId === id)!;
      popular.set(id, (await page(someone, 1)).slots.slice(0, 3));
    }

    const flowStarted = Date.now();
    const flowEnds = flowStarted + FLOW_MS;
    let running = true;

    const act = async (student: Student) => {
      const hot = popular.get(student.mentorId)!;
      // Everyone at once: each student posts the three popular slots together.
      await Promise.all(
        hot.map((slot, i) =>
          post(student, { intent: "book", week: "1", slot }, servers[(student.index + i) % 2]),
        ),
      );
      while (Date.now() < flowEnds) {
        const week = Math.random() < 0.7 ? 1 : 2;
        const seen = await page(student, week);
        const choice = () =>
          (week === 1 && Math.random() < 0.3 ? pickOne(hot) : undefined) ?? pickOne(seen.slots);
        if (!seen.booking) {
          // Two slots of the week at once, one post per instance: one booking at most.
          const picks = [choice(), choice()].filter((s): s is string => Boolean(s));
          await Promise.all(
            picks.map((slot, i) =>
              post(student, { intent: "book", week: String(week), slot }, servers[i]),
            ),
          );
        } else {
          const r = Math.random();
          const slot = choice();
          if (r < 0.4 && slot)
            await post(student, { intent: "reschedule", bookingId: seen.booking.id, slot });
          else if (r < 0.6) await post(student, { intent: "cancel", bookingId: seen.booking.id });
          else if (r < 0.8 && slot)
            await post(student, { intent: "book", week: String(week), slot });
        }
        await sleep(Math.random() * 200);
      }
    };

    // Sampled while the students book: what must never be true, even for a moment.
    let samples = 0;
    let worstOverlaps = 0;
    let worstTwice = 0;
    const sampler = (async () => {
      while (running) {
        const seen = await violations(db);
        samples += 1;
        worstOverlaps = Math.max(worstOverlaps, seen.overlaps);
        worstTwice = Math.max(worstTwice, seen.twice);
        await sleep(SAMPLE_MS);
      }
    })();

    // The reminders job, twice at once, at the moment a reminder of a live 1-on-1 falls due.
    let reminderRuns = 0;
    let queuedDuring = 0;
    const runJobsAt = async (at: Date) => {
      clock.at = at;
      const queued = await Promise.all(jobs.map((job) => sendBookingReminders(job)));
      reminderRuns += jobs.length;
      return queued.reduce((a, b) => a + b, 0);
    };
    const reminders = (async () => {
      while (running) {
        const live = await db
          .selectFrom("bookings")
          .select("starts_at")
          .where("status", "=", "booked")
          .execute();
        const booking = pickOne(live);
        const reminder = pickOne(REMINDERS)!;
        if (booking)
          queuedDuring += await runJobsAt(
            new Date(Date.parse(booking.starts_at) - reminder.beforeMs + 60_000),
          );
        await sleep(REMINDER_EVERY_MS);
      }
    })();

    await Promise.all(students.map(act));
    const flowSeconds = (Date.now() - flowStarted) / 1000;
    running = false;
    await Promise.all([sampler, reminders]);

    // Afterwards: the job at every moment a reminder of a live 1-on-1 falls due, in order.
    const live = await db
      .selectFrom("bookings")
      .select(["id", "person_id", "mentor_id", "week", "starts_at", "updated_at"])
      .where("status", "=", "booked")
      .execute();
    const moments = [
      ...new Set(
        live.flatMap((b) => REMINDERS.map((r) => Date.parse(b.starts_at) - r.beforeMs + 60_000)),
      ),
    ].sort((a, b) => a - b);
    const sweepStarted = performance.now();
    let queuedAfter = 0;
    for (const moment of moments) queuedAfter += await runJobsAt(new Date(moment));
    const sweepSeconds = (performance.now() - sweepStarted) / 1000;

    // Two mail workers deliver them, past the last moment.
    // Past every moment the clock visited: during the race it visited moments of 1-on-1s that
    // were moved later, whose reminders were queued then (the last live one's alone was too early).
    clock.at = new Date(Math.max(moments.at(-1) ?? Date.now(), clock.latest) + 3_600_000);
    const pendingReminders = async () =>
      Number(
        (
          await db
            .selectFrom("outbox")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("kind", "=", "one_on_one_reminder")
            .where("status", "!=", "sent")
            .executeTakeFirstOrThrow()
        ).n,
      );
    // As long as the workers make progress (10 s without any ends it), not a fixed deadline.
    let pending = await pendingReminders();
    let progressAt = Date.now();
    while (pending > 0 && Date.now() - progressAt < 10_000) {
      await Promise.all(jobs.map((job) => job.mailWorker.runOnce()));
      const left = await pendingReminders();
      if (left < pending) progressAt = Date.now();
      pending = left;
    }

    // The verdict, from the database and the mailbox.
    const end = await violations(db);
    const cohort = await db
      .selectFrom("cohorts")
      .select("start_date")
      .where("is_current", "=", 1)
      .executeTakeFirstOrThrow();
    const assigned = new Map(students.map((s) => [s.personId, s.mentorId]));
    // The week of each live 1-on-1 counted from its instant, not only its stored week.
    const weeksOf = new Map<string, number>();
    let wrongWeek = 0;
    let wrongMentor = 0;
    let sameWeekByInstant = 0;
    for (const b of live) {
      const week = programmeWeekAt(cohort.start_date, new Date(b.starts_at), siteZone);
      if (week !== Number(b.week)) wrongWeek += 1;
      if (assigned.get(b.person_id) !== b.mentor_id) wrongMentor += 1;
      const key = `${b.person_id}:${week}`;
      if (weeksOf.has(key)) sameWeekByInstant += 1;
      weeksOf.set(key, 1);
    }

    const rows = await db
      .selectFrom("outbox")
      .select(["id", "dedupe_key", "status", "last_error", "send_after", "attempts"])
      .where("kind", "=", "one_on_one_reminder")
      .execute();
    const byKey = new Map<string, number>();
    for (const row of rows)
      byKey.set(row.dedupe_key ?? "", (byKey.get(row.dedupe_key ?? "") ?? 0) + 1);
    const expected = live.flatMap((b) =>
      REMINDERS.filter(
        (r) => Date.parse(b.updated_at) <= Date.parse(b.starts_at) - r.beforeMs,
      ).flatMap((r) =>
        ["student", "mentor"].map(
          (who) => `booking-reminder:${b.id}:${b.starts_at}:${r.key}:${who}`,
        ),
      ),
    );
    const missing = expected.filter((key) => !byKey.has(key)).length;
    const duplicatedKeys = [...byKey.values()].filter((n) => n > 1).length;
    const claimed = Number(
      (
        await db
          .selectFrom("sent_once")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("key", "like", "booking-reminder:%")
          .executeTakeFirstOrThrow()
      ).n,
    );
    const files = new Map<string, number>();
    for (const file of readdirSync(path.join(engine.dataDir, MAILBOX_SUBDIR))) {
      const id = /-([0-9a-f-]{36})\.eml$/.exec(file)?.[1];
      if (id) files.set(id, (files.get(id) ?? 0) + 1);
    }
    const deliveredOnce = rows.filter((r) => r.status === "sent" && files.get(r.id) === 1).length;
    const deliveredTwice = rows.filter((r) => (files.get(r.id) ?? 0) > 1).length;
    const notDelivered = rows
      .filter((r) => !(r.status === "sent" && files.get(r.id) === 1))
      .map(
        (r) =>
          `${r.status}, ${files.get(r.id) ?? 0} files, attempts ${r.attempts}, due ${r.send_after} (${r.last_error ?? "no error"})`,
      );
    if (notDelivered.length) console.log("  not delivered once:", notDelivered.join(", "));
    const stale = rows.length - expected.filter((key) => byKey.has(key)).length;

    const count = (prefix: string) =>
      Object.entries(answers)
        .filter(([k]) => k.startsWith(prefix))
        .reduce((sum, [, n]) => sum + n, 0);
    const unexpected = Object.keys(answers).filter((k) => k.includes("unexpected"));
    const booked = count("book:booked");
    const moved = count("reschedule:moved");
    const cancelled = count("cancel:cancelled");
    const kinds = ["taken", "already", "tooLate", "notFound", "slot"] as const;
    const refusedOf = (kind: string) =>
      count(`book:${kind}`) + count(`reschedule:${kind}`) + count(`cancel:${kind}`);
    const refused = kinds.reduce((sum, kind) => sum + refusedOf(kind), 0);
    const pass =
      perMentor.every((n) => n === STUDENTS / 2) &&
      worstOverlaps === 0 &&
      worstTwice === 0 &&
      end.overlaps === 0 &&
      end.twice === 0 &&
      sameWeekByInstant === 0 &&
      wrongWeek === 0 &&
      wrongMentor === 0 &&
      missing === 0 &&
      duplicatedKeys === 0 &&
      claimed === rows.length &&
      deliveredOnce === rows.length &&
      expected.length > 0 &&
      booked > 0 &&
      moved > 0 &&
      cancelled > 0 &&
      unexpected.length === 0;
    const p = (values: number[], q: number) => round(percentile(values, q), 0);
    const refusals = kinds.map((kind) => `${refusedOf(kind)} ${kind}`).join(", ");
    return {
      name: BOOKINGS_DRILL,
      engine: engine.name,
      pass,
      summary:
        `${servers.length} instances, ${students.length} students paid and signed in (${perMentor.join("/")} per mentor) in ${round(enrolSeconds, 1)} s; ` +
        `${round(flowSeconds, 1)} s of booking: ${posts} posts (${booked} booked, ${moved} moved, ${cancelled} cancelled, ${refused} refused: ${refusals}), ${gets} week views; ` +
        `post p50/p95 ${p(postMs, 50)}/${p(postMs, 95)} ms, view p50/p95 ${p(getMs, 50)}/${p(getMs, 95)} ms; ` +
        `overlapping live bookings ${end.overlaps} (worst of ${samples} samples ${worstOverlaps}), students with two in a week ${end.twice} (worst ${worstTwice}, by instant ${sameWeekByInstant}); ` +
        `${live.length} live 1-on-1s, reminders: ${expected.length} due, ${missing} missing, ${duplicatedKeys} duplicated, ${deliveredOnce}/${rows.length} delivered once (${deliveredTwice} twice), ${stale} for 1-on-1s moved or cancelled after; ` +
        `${reminderRuns} job runs (2 at once; ${queuedDuring} queued during, ${queuedAfter} after in ${round(sweepSeconds, 1)} s)` +
        (unexpected.length ? `; unexpected: ${unexpected.join(", ")}` : ""),
      details: {
        instances: servers.length,
        students: students.length,
        perMentor: perMentor.join("/"),
        posts,
        gets,
        booked,
        moved,
        cancelled,
        refused,
        ...answers,
        postP50Ms: p(postMs, 50),
        postP95Ms: p(postMs, 95),
        getP50Ms: p(getMs, 50),
        getP95Ms: p(getMs, 95),
        samples,
        worstOverlaps,
        worstTwice,
        overlaps: end.overlaps,
        twoInAWeek: end.twice,
        sameWeekByInstant,
        wrongWeek,
        wrongMentor,
        liveBookings: live.length,
        remindersDue: expected.length,
        remindersMissing: missing,
        remindersDuplicated: duplicatedKeys,
        remindersQueued: rows.length,
        remindersClaimed: claimed,
        remindersDeliveredOnce: deliveredOnce,
        remindersDeliveredTwice: deliveredTwice,
        remindersStale: stale,
        reminderRuns,
        queuedDuring,
        queuedAfter,
      },
    };
  } finally {
    for (const job of jobs) await job.close();
    for (const server of servers) await server.stop();
    await inspect.close();
  }
}

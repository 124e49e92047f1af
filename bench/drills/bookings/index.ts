import { loadConfig } from "../../../app/env.server";
import { createServices } from "../../../app/services.server";
import type { Services } from "../../../app/context";
import type { EngineSetup } from "../../lib/engines";
import { round } from "../../lib/format";
import { startServer, type RunningServer } from "../../lib/server";
import type { DrillResult } from "../../lib/types";
import { BenchClock, reminderVerdict, ReminderJobs } from "./reminders";
import { enrolStudents, setUpMentors, STUDENTS } from "./setup";
import { REFUSALS, Traffic } from "./traffic";
import { percentile, sampleViolations, violations, weekVerdict } from "./verdict";

export const BOOKINGS_DRILL = "j. 1-on-1 bookings: 10 students, 2 mentors, two instances, 30 s";

const FLOW_MS = 30_000;
const SAMPLE_MS = 250;

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
    const siteZone = config.siteTimeZone;
    const mentorIds = await setUpMentors(jobs[0]!, db, siteZone);
    const enrolled = await enrolStudents(db, servers, first.sessionSecret);
    const students = enrolled.students;
    const perMentor = mentorIds.map((id) => students.filter((s) => s.mentorId === id).length);

    // The popular slots: the first three of each mentor's week 1, as their students see them.
    const traffic = new Traffic(servers);
    const popular = new Map<string, string[]>();
    for (const id of mentorIds) {
      const someone = students.find((s) => s.mentorId === id)!;
      popular.set(id, (await traffic.page(someone, 1)).slots.slice(0, 3));
    }

    const flowStarted = Date.now();
    let running = true;
    const reminders = new ReminderJobs(jobs, clock, db);
    const sampler = sampleViolations(db, () => running, SAMPLE_MS);
    const during = reminders.during(() => running);
    await Promise.all(
      students.map((s) => traffic.student(s, popular.get(s.mentorId)!, flowStarted + FLOW_MS)),
    );
    const flowSeconds = (Date.now() - flowStarted) / 1000;
    running = false;
    const [sampled] = await Promise.all([sampler, during]);

    const live = await db
      .selectFrom("bookings")
      .select(["id", "person_id", "mentor_id", "week", "starts_at", "updated_at"])
      .where("status", "=", "booked")
      .execute();
    await reminders.sweepAndDeliver(live);

    // The verdict, from the database and the mailbox.
    const end = await violations(db);
    const assigned = new Map(students.map((s) => [s.personId, s.mentorId]));
    const weeks = await weekVerdict(db, live, assigned, siteZone);
    const mail = await reminderVerdict(db, engine.dataDir, live);
    const unexpected = Object.keys(traffic.answers).filter((k) => k.includes("unexpected"));
    const booked = traffic.count("book:booked");
    const moved = traffic.count("reschedule:moved");
    const cancelled = traffic.count("cancel:cancelled");
    const refusedOf = (kind: string) =>
      traffic.count(`book:${kind}`) +
      traffic.count(`reschedule:${kind}`) +
      traffic.count(`cancel:${kind}`);
    const refused = REFUSALS.reduce((sum, kind) => sum + refusedOf(kind), 0);
    const pass =
      perMentor.every((n) => n === STUDENTS / 2) &&
      sampled.worstOverlaps === 0 &&
      sampled.worstTwice === 0 &&
      end.overlaps === 0 &&
      end.twice === 0 &&
      weeks.sameWeekByInstant === 0 &&
      weeks.wrongWeek === 0 &&
      weeks.wrongMentor === 0 &&
      mail.missing === 0 &&
      mail.duplicated === 0 &&
      mail.claimed === mail.queued &&
      mail.deliveredOnce === mail.queued &&
      mail.due > 0 &&
      booked > 0 &&
      moved > 0 &&
      cancelled > 0 &&
      unexpected.length === 0;
    const p = (values: number[], q: number) => round(percentile(values, q), 0);
    const { postMs, getMs } = traffic;
    const refusals = REFUSALS.map((kind) => `${refusedOf(kind)} ${kind}`).join(", ");
    return {
      name: BOOKINGS_DRILL,
      engine: engine.name,
      pass,
      summary:
        `${servers.length} instances, ${students.length} students paid and signed in (${perMentor.join("/")} per mentor) in ${round(enrolled.seconds, 1)} s; ` +
        `${round(flowSeconds, 1)} s of booking: ${traffic.posts} posts (${booked} booked, ${moved} moved, ${cancelled} cancelled, ${refused} refused: ${refusals}), ${traffic.gets} week views; ` +
        `post p50/p95 ${p(postMs, 50)}/${p(postMs, 95)} ms, view p50/p95 ${p(getMs, 50)}/${p(getMs, 95)} ms; ` +
        `overlapping live bookings ${end.overlaps} (worst of ${sampled.samples} samples ${sampled.worstOverlaps}), students with two in a week ${end.twice} (worst ${sampled.worstTwice}, by instant ${weeks.sameWeekByInstant}); ` +
        `${live.length} live 1-on-1s, reminders: ${mail.due} due, ${mail.missing} missing, ${mail.duplicated} duplicated, ${mail.deliveredOnce}/${mail.queued} delivered once (${mail.deliveredTwice} twice), ${mail.stale} for 1-on-1s moved or cancelled after; ` +
        `${reminders.runs} job runs (2 at once; ${reminders.queuedDuring} queued during, ${reminders.queuedAfter} after in ${round(reminders.sweepSeconds, 1)} s)` +
        (unexpected.length ? `; unexpected: ${unexpected.join(", ")}` : ""),
      details: {
        instances: servers.length,
        students: students.length,
        perMentor: perMentor.join("/"),
        posts: traffic.posts,
        gets: traffic.gets,
        booked,
        moved,
        cancelled,
        refused,
        ...traffic.answers,
        postP50Ms: p(postMs, 50),
        postP95Ms: p(postMs, 95),
        getP50Ms: p(getMs, 50),
        getP95Ms: p(getMs, 95),
        samples: sampled.samples,
        worstOverlaps: sampled.worstOverlaps,
        worstTwice: sampled.worstTwice,
        overlaps: end.overlaps,
        twoInAWeek: end.twice,
        ...weeks,
        liveBookings: live.length,
        remindersDue: mail.due,
        remindersMissing: mail.missing,
        remindersDuplicated: mail.duplicated,
        remindersQueued: mail.queued,
        remindersClaimed: mail.claimed,
        remindersDeliveredOnce: mail.deliveredOnce,
        remindersDeliveredTwice: mail.deliveredTwice,
        remindersStale: mail.stale,
        reminderRuns: reminders.runs,
        queuedDuring: reminders.queuedDuring,
        queuedAfter: reminders.queuedAfter,
      },
    };
  } finally {
    for (const job of jobs) await job.close();
    for (const server of servers) await server.stop();
    await inspect.close();
  }
}

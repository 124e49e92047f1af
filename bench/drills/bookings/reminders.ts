import { readdirSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sendBookingReminders } from "../../../app/features/bookings/reminders.server";
import type { DB } from "../../../app/db/database.server";
import { REMINDERS } from "../../../app/features/bookings/slots";
import type { Clock } from "../../../app/lib/clock";
import { MAILBOX_SUBDIR } from "../../../app/mail/transport.server";
import type { Services } from "../../../app/context";
import { sleep } from "../../lib/server";
import { pickOne } from "./traffic";

const REMINDER_EVERY_MS = 700;

/** A clock the drill moves by hand: the reminders job runs at the moments it is due. */
export class BenchClock implements Clock {
  at: Date | null = null;
  /** The latest moment the clock was moved to (reminders queued then are due from then on). */
  latest = 0;
  now() {
    if (this.at) this.latest = Math.max(this.latest, this.at.getTime());
    return this.at ?? new Date();
  }
}

interface LiveBooking {
  id: string;
  starts_at: string;
  updated_at: string;
}

/** The reminders job of two in-process "instances" (where the clock can be moved), and their mail. */
export class ReminderJobs {
  runs = 0;
  queuedDuring = 0;
  queuedAfter = 0;
  sweepSeconds = 0;

  constructor(
    private readonly jobs: Services[],
    private readonly clock: BenchClock,
    private readonly db: DB,
  ) {}

  /** The job twice at once, with the clock at `at`; how many reminders they queued. */
  private async runAt(at: Date) {
    this.clock.at = at;
    const queued = await Promise.all(this.jobs.map((job) => sendBookingReminders(job)));
    this.runs += this.jobs.length;
    return queued.reduce((a, b) => a + b, 0);
  }

  /** While `running()`: the job at the moment a random reminder of a random live 1-on-1 falls due. */
  async during(running: () => boolean) {
    while (running()) {
      const live = await this.db
        .selectFrom("bookings")
        .select("starts_at")
        .where("status", "=", "booked")
        .execute();
      const booking = pickOne(live);
      const reminder = pickOne(REMINDERS)!;
      if (booking)
        this.queuedDuring += await this.runAt(
          new Date(Date.parse(booking.starts_at) - reminder.beforeMs + 60_000),
        );
      await sleep(REMINDER_EVERY_MS);
    }
  }

  /**
   * Afterwards: the job at every moment a reminder of a live 1-on-1 falls due, in order; then the
   * two mail workers deliver, past every moment the clock visited (during the race it visited
   * moments of 1-on-1s that were moved later, whose reminders were queued then), as long as they
   * make progress (10 s without any ends it), not to a fixed deadline.
   */
  async sweepAndDeliver(live: readonly LiveBooking[]) {
    const moments = [
      ...new Set(
        live.flatMap((b) => REMINDERS.map((r) => Date.parse(b.starts_at) - r.beforeMs + 60_000)),
      ),
    ].sort((a, b) => a - b);
    const started = performance.now();
    for (const moment of moments) this.queuedAfter += await this.runAt(new Date(moment));
    this.sweepSeconds = (performance.now() - started) / 1000;
    this.clock.at = new Date(Math.max(moments.at(-1) ?? Date.now(), this.clock.latest) + 3_600_000);
    const pendingReminders = async () =>
      Number(
        (
          await this.db
            .selectFrom("outbox")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("kind", "=", "one_on_one_reminder")
            .where("status", "!=", "sent")
            .executeTakeFirstOrThrow()
        ).n,
      );
    let pending = await pendingReminders();
    let progressAt = Date.now();
    while (pending > 0 && Date.now() - progressAt < 10_000) {
      await Promise.all(this.jobs.map((job) => job.mailWorker.runOnce()));
      const left = await pendingReminders();
      if (left < pending) progressAt = Date.now();
      pending = left;
    }
  }
}

/**
 * Every reminder due for a live 1-on-1 (24 h unless booked or moved within the day before, 1 h
 * always; to the student and to the mentor), against the outbox, the sent-once claims and the
 * mailbox: each queued once, claimed once, delivered in exactly one file.
 */
export async function reminderVerdict(db: DB, dataDir: string, live: readonly LiveBooking[]) {
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
      ["student", "mentor"].map((who) => `booking-reminder:${b.id}:${b.starts_at}:${r.key}:${who}`),
    ),
  );
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
  for (const file of readdirSync(path.join(dataDir, MAILBOX_SUBDIR))) {
    const id = /-([0-9a-f-]{36})\.eml$/.exec(file)?.[1];
    if (id) files.set(id, (files.get(id) ?? 0) + 1);
  }
  const notDelivered = rows
    .filter((r) => !(r.status === "sent" && files.get(r.id) === 1))
    .map(
      (r) =>
        `${r.status}, ${files.get(r.id) ?? 0} files, attempts ${r.attempts}, due ${r.send_after} (${r.last_error ?? "no error"})`,
    );
  if (notDelivered.length) console.log("  not delivered once:", notDelivered.join(", "));
  return {
    due: expected.length,
    missing: expected.filter((key) => !byKey.has(key)).length,
    duplicated: [...byKey.values()].filter((n) => n > 1).length,
    queued: rows.length,
    claimed,
    deliveredOnce: rows.filter((r) => r.status === "sent" && files.get(r.id) === 1).length,
    deliveredTwice: rows.filter((r) => (files.get(r.id) ?? 0) > 1).length,
    stale: rows.length - expected.filter((key) => byKey.has(key)).length,
  };
}

import path from "node:path";
import { openDatabase } from "../../app/db/database.server";
import { log } from "../../app/lib/logger.server";
import { enqueueEmail } from "../../app/mail/outbox.server";
import { smtpTransport } from "../../app/mail/transport.server";
import { MailWorker, retryDelayMs, type RunResult } from "../../app/mail/worker.server";
import { startSmtpServer } from "../../fakes/smtp";
import { freePort, removeDir, tempDir } from "../lib/server";
import type { DrillResult } from "../lib/types";

const EMAILS = 50;
/** How many delivery attempts the real server answers with 421 once it is back. */
const TEMPORARY_FAILURES = 15;
const DOWN_ROUNDS = 2;
const MAX_ROUNDS = 30;

/** The worker's clock, moved by hand: the 30 s doubling backoff passes in no time. */
class ManualClock {
  private current = Date.parse("2026-11-22T12:00:00Z");
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current += ms;
  }
}

/**
 * The app's MailWorker against its real outbox (SQLite) and a real SMTP server: first the server is
 * down (connection refused) for two backoff rounds, then it answers 421 to the next 15 messages,
 * then it recovers. Every queued email must arrive exactly once (counted by Message-ID); afterwards
 * a 550 must mark its email failed after one attempt and never retry it.
 */
export async function smtpOutage(): Promise<DrillResult> {
  // The worker logs every failed attempt; here they are the point of the drill, not news.
  const logLevel = log.pino.level;
  log.pino.level = "silent";
  try {
    return await drill();
  } finally {
    log.pino.level = logLevel;
  }
}

async function drill(): Promise<DrillResult> {
  const dir = tempDir("drill-smtp");
  const clock = new ManualClock();
  const database = await openDatabase(`file:${path.join(dir, "mail.db")}`);
  const smtp = await startSmtpServer();
  const options = { from: "bench@example.com" };
  const down = new MailWorker(
    database.db,
    smtpTransport(`smtp://127.0.0.1:${await freePort()}`),
    clock,
    options,
  );
  const worker = new MailWorker(database.db, smtpTransport(smtp.url), clock, options);
  try {
    const ids: string[] = [];
    for (let i = 0; i < EMAILS; i++) {
      ids.push(
        await enqueueEmail(
          database.db,
          {
            kind: "bench",
            to: `smtp-drill-${i}@example.com`,
            personId: null,
            subject: `Drill ${i}`,
            html: `<p>Drill ${i}</p>`,
            text: `Drill ${i}`,
          },
          clock.now(),
        ),
      );
    }

    // Outage: every due email is tried and rescheduled, for two backoff rounds.
    const whileDown: RunResult = { sent: 0, retried: 0, failed: 0, suppressed: 0 };
    for (let round = 1; round <= DOWN_ROUNDS; round++) {
      await drain(down, whileDown);
      clock.advance(retryDelayMs(round));
    }

    // Recovery with a flaky start: 421 to the next few messages, then normal service.
    smtp.failNext(...Array<number>(TEMPORARY_FAILURES).fill(421));
    const afterRecovery: RunResult = { sent: 0, retried: 0, failed: 0, suppressed: 0 };
    let rounds = 0;
    while (rounds < MAX_ROUNDS && (await pending(database.db)) > 0) {
      rounds += 1;
      await drain(worker, afterRecovery);
      clock.advance(retryDelayMs(8));
    }

    const messageIds = smtp.received.map((m) => /^message-id:\s*(\S+)/im.exec(m.raw)?.[1] ?? "");
    const unique = new Set(messageIds.filter(Boolean));
    const expected = new Set(ids.map((id) => `<${id}@fromscratchtosuccess.mail>`));
    const missing = [...expected].filter((id) => !unique.has(id)).length;
    const duplicates = messageIds.length - unique.size;
    const statuses = await database.db
      .selectFrom("outbox")
      .select(["status", "attempts"])
      .where("id", "in", ids)
      .execute();
    const allSent = statuses.every((s) => s.status === "sent");
    const maxAttempts = Math.max(...statuses.map((s) => s.attempts));

    // A permanent failure: one attempt, marked failed, never retried.
    const before = smtp.received.length;
    smtp.failNext(550);
    const permanentId = await enqueueEmail(
      database.db,
      {
        kind: "bench",
        to: "rejected@example.com",
        personId: null,
        subject: "Rejected",
        html: "<p>x</p>",
        text: "x",
      },
      clock.now(),
    );
    const firstTry = await worker.runOnce();
    clock.advance(3_600_000);
    const later = await worker.runOnce();
    const permanent = await database.db
      .selectFrom("outbox")
      .select(["status", "attempts"])
      .where("id", "=", permanentId)
      .executeTakeFirstOrThrow();
    const permanentOk =
      firstTry.failed === 1 &&
      later.sent + later.failed + later.retried === 0 &&
      permanent.status === "failed" &&
      permanent.attempts === 1 &&
      smtp.received.length === before;

    const deliveredOnce =
      messageIds.length === EMAILS && unique.size === EMAILS && missing === 0 && allSent;
    return {
      name: "b. SMTP down, then 421s, then 550",
      engine: "sqlite",
      pass: deliveredOnce && whileDown.sent === 0 && permanentOk,
      summary: `${EMAILS} queued; down: ${whileDown.retried} attempts refused; after recovery ${afterRecovery.retried} temporary failures retried, ${messageIds.length} received, ${unique.size} unique Message-IDs, ${duplicates} duplicates, ${missing} missing; 550: ${permanent.status} after ${permanent.attempts} attempt(s)`,
      details: {
        queued: EMAILS,
        attemptsWhileDown: whileDown.retried,
        temporaryFailuresInjected: TEMPORARY_FAILURES,
        temporaryFailuresRetried: afterRecovery.retried,
        workerRoundsAfterRecovery: rounds,
        received: messageIds.length,
        uniqueMessageIds: unique.size,
        duplicates,
        missing,
        maxAttemptsPerEmail: maxAttempts,
        permanentStatus: permanent.status,
        permanentAttempts: permanent.attempts,
        permanentRetriedLater: later.sent + later.failed + later.retried > 0,
      },
    };
  } finally {
    await down.stop();
    await worker.stop();
    await smtp.close();
    await database.close();
    removeDir(dir);
  }
}

/** Runs the worker until nothing due is left at the current (frozen) time; batches are 20 rows. */
async function drain(worker: MailWorker, total: RunResult) {
  for (let i = 0; i < 20; i++) {
    const result = await worker.runOnce();
    total.sent += result.sent;
    total.retried += result.retried;
    total.failed += result.failed;
    if (result.sent + result.retried + result.failed === 0) return;
  }
}

async function pending(db: Awaited<ReturnType<typeof openDatabase>>["db"]) {
  const row = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

import type { DB } from "~/db/database.server";
import { errorMessage, log } from "~/lib/logger.server";
import type { Clock } from "~/lib/clock";
import type { MailTransport } from "./transport.server";

export interface MailWorkerOptions {
  from: string;
  intervalMs: number;
  maxAttempts?: number;
  batchSize?: number;
  /** How long a claimed row stays reserved for the worker that claimed it. */
  lockMs?: number;
}

export interface RunResult {
  sent: number;
  retried: number;
  failed: number;
}

/** A 5xx SMTP reply is final; anything else (4xx, refused connection, timeout) is worth retrying. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown })?.responseCode;
  return typeof code === "number" && code >= 500;
}

/** With hourly retries after the first hour, 30 attempts ride out a day-long SMTP outage. */
export const MAX_ATTEMPTS = 30;

/** 30 s, 1 min, 2 min … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * Delivers the outbox. A row is claimed (locked_until) before sending, so two workers, or two
 * ticks of one, never send the same row; it is marked sent or rescheduled right after.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<RunResult> | null = null;

  constructor(
    private readonly db: DB,
    private readonly transport: MailTransport,
    private readonly clock: Clock,
    private readonly options: MailWorkerOptions,
  ) {}

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.options.intervalMs);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    this.transport.close();
  }

  private async tick() {
    if (this.running) return;
    try {
      await this.runOnce();
    } catch (error) {
      log.error("mail worker tick failed", { error: errorMessage(error) });
    }
  }

  runOnce(): Promise<RunResult> {
    if (this.running) return this.running;
    this.running = this.deliverDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async deliverDue(): Promise<RunResult> {
    const result: RunResult = { sent: 0, retried: 0, failed: 0 };
    const now = this.clock.now();
    const nowIso = now.toISOString();
    const due = await this.db
      .selectFrom("outbox")
      .select(["id"])
      .where("status", "=", "pending")
      .where("send_after", "<=", nowIso)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", nowIso)]))
      .orderBy("send_after")
      .limit(this.options.batchSize ?? 20)
      .execute();

    for (const { id } of due) {
      // Each claim is stamped with the time it is made, so a slow batch never claims a row
      // with a lock that has already run out.
      const claimed = await this.claim(id, this.clock.now());
      if (!claimed) continue;
      let failure: unknown = null;
      try {
        await this.transport.send({
          id: claimed.id,
          from: this.options.from,
          to: claimed.to_address,
          subject: claimed.subject,
          html: claimed.html,
          text: claimed.text,
        });
      } catch (error) {
        failure = error;
      }
      if (failure === null) {
        // Outside the send's try: a failure to record "sent" must not schedule a second send.
        await this.db
          .updateTable("outbox")
          .set({
            status: "sent",
            sent_at: this.clock.now().toISOString(),
            attempts: claimed.attempts + 1,
            locked_until: null,
            last_error: null,
          })
          .where("id", "=", id)
          .execute();
        result.sent += 1;
        continue;
      }
      const attempts = claimed.attempts + 1;
      const final =
        isPermanentFailure(failure) || attempts >= (this.options.maxAttempts ?? MAX_ATTEMPTS);
      await this.db
        .updateTable("outbox")
        .set({
          status: final ? "failed" : "pending",
          attempts,
          last_error: errorMessage(failure).slice(0, 500),
          locked_until: null,
          send_after: final
            ? claimed.send_after
            : new Date(this.clock.now().getTime() + retryDelayMs(attempts)).toISOString(),
        })
        .where("id", "=", id)
        .execute();
      if (final) result.failed += 1;
      else result.retried += 1;
      log.warn("email delivery failed", { id, kind: claimed.kind, attempts, final });
    }
    return result;
  }

  private async claim(id: string, now: Date) {
    const nowIso = now.toISOString();
    const lockedUntil = new Date(now.getTime() + (this.options.lockMs ?? 60_000)).toISOString();
    const update = await this.db
      .updateTable("outbox")
      .set({ locked_until: lockedUntil })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", nowIso)]))
      .executeTakeFirst();
    if (Number(update.numUpdatedRows) !== 1) return null;
    return this.db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  }
}

import type { DB } from "~/db/database.server";
import { JOB_TEXT_MAX, nextSlot, retryAt, storedResult } from "./schedule";
import type { Clock } from "~/lib/clock";
import { errorMessage, log } from "~/lib/logger.server";

/** One periodic job, declared once (see jobs.server.ts). */
export interface Job {
  name: string;
  /** It runs once per slot of this length (slots counted in UTC from the epoch, see nextSlot). */
  everyMs: number;
  /**
   * How long a claim lasts: an instance that dies mid-run holds the job this long, then another
   * takes it. Longer than the job ever takes; defaults to 10 minutes.
   */
  leaseMs?: number;
  /** The work; its result (a small summary) is stored on the job's row for the console. */
  run(now: Date): Promise<unknown>;
}

const DEFAULT_LEASE_MS = 10 * 60_000;

/**
 * The one scheduler of background work. Every instance runs the same list of jobs; each job has
 * one row in `jobs` that is its lease: an instance runs a job only after a single UPDATE has
 * found it due and unleased and stamped its lease, so with any number of instances exactly one
 * runs each slot. When the run ends the row records its start, duration, result or error, and
 * when it is due next; a failed run is tried again a minute later. A timer ticks at the shortest
 * interval, and an instance asks the database about a job only when that job may be due.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private stopping = false;
  private ensured: Promise<void> | null = null;
  private readonly running = new Map<string, Promise<unknown>>();
  /** When this instance next asks about each job (it may be due earlier on another's clock). */
  private readonly nextCheck = new Map<string, number>();

  constructor(
    private readonly db: DB,
    private readonly clock: Clock,
    readonly jobs: readonly Job[],
  ) {}

  start(): void {
    if (this.timer || this.jobs.length === 0) return;
    this.stopping = false;
    const tickMs = Math.max(50, Math.min(...this.jobs.map((job) => job.everyMs), 60_000));
    this.timer = setInterval(() => void this.runDue(), tickMs);
    this.timer.unref();
  }

  /** Takes no more work and waits for the runs in progress. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled(this.running.values());
  }

  /**
   * Runs every job that is due and that this instance wins, side by side. Returns the result of
   * each job this instance ran (a failure is logged and stored, not thrown).
   */
  async runDue(): Promise<Record<string, unknown>> {
    const now = this.clock.now();
    const due = this.jobs.filter(
      (job) =>
        !this.stopping &&
        !this.running.has(job.name) &&
        (this.nextCheck.get(job.name) ?? 0) <= now.getTime(),
    );
    const results = await Promise.all(due.map((job) => this.runJob(job, now)));
    const ran: Record<string, unknown> = {};
    due.forEach((job, i) => {
      if (results[i] !== NOT_RUN) ran[job.name] = results[i];
    });
    return ran;
  }

  private runJob(job: Job, now: Date): Promise<unknown> {
    const run = this.claimAndRun(job, now).finally(() => this.running.delete(job.name));
    this.running.set(job.name, run);
    return run;
  }

  private async claimAndRun(job: Job, now: Date): Promise<unknown> {
    try {
      if (!(await this.claim(job, now))) return NOT_RUN;
    } catch (error) {
      log.error("job claim failed", { job: job.name, error: errorMessage(error) });
      this.nextCheck.set(job.name, now.getTime() + Math.min(job.everyMs, 60_000));
      return NOT_RUN;
    }
    const started = process.hrtime.bigint();
    let result: unknown = null;
    let failure: unknown = undefined;
    try {
      result = await job.run(now);
    } catch (error) {
      failure = error;
    }
    const ms = Number((process.hrtime.bigint() - started) / 1_000_000n);
    const finished = this.clock.now();
    const dueAt =
      failure === undefined ? nextSlot(now, job.everyMs) : retryAt(finished, job.everyMs);
    if (failure !== undefined)
      log.error("job failed", { job: job.name, ms, error: errorMessage(failure) });
    await this.db
      .updateTable("jobs")
      .set({
        lease_until: null,
        due_at: dueAt.toISOString(),
        last_finished_at: finished.toISOString(),
        last_ms: ms,
        ...(failure === undefined
          ? { last_result: storedResult(result), last_error: null }
          : { last_error: errorMessage(failure).slice(0, JOB_TEXT_MAX) }),
      })
      .where("name", "=", job.name)
      .execute()
      .catch((error: unknown) =>
        log.error("job outcome not recorded", { job: job.name, error: errorMessage(error) }),
      );
    this.nextCheck.set(job.name, dueAt.getTime());
    return failure === undefined ? result : NOT_RUN;
  }

  /** Stamps the job's lease if it is due and nobody holds it; true when this instance has it. */
  private async claim(job: Job, now: Date): Promise<boolean> {
    await (this.ensured ??= this.ensureRows(now).catch((error: unknown) => {
      this.ensured = null;
      throw error;
    }));
    const nowIso = now.toISOString();
    const claimed = await this.db
      .updateTable("jobs")
      .set({
        lease_until: new Date(now.getTime() + (job.leaseMs ?? DEFAULT_LEASE_MS)).toISOString(),
        last_started_at: nowIso,
      })
      .where("name", "=", job.name)
      .where("due_at", "<=", nowIso)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", nowIso)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 1) return true;
    // Another instance has it, or it is not due yet: ask again when it is, or after a while.
    const row = await this.db
      .selectFrom("jobs")
      .select("due_at")
      .where("name", "=", job.name)
      .executeTakeFirst();
    const soon = now.getTime() + Math.min(job.everyMs, 60_000);
    this.nextCheck.set(job.name, Math.max(row ? Date.parse(row.due_at) : 0, soon));
    return false;
  }

  /** Each job's row, due at once the first time any instance sees the job. */
  private async ensureRows(now: Date): Promise<void> {
    await this.db
      .insertInto("jobs")
      .values(this.jobs.map((job) => ({ name: job.name, due_at: now.toISOString() })))
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
  }
}

/** A job this instance did not run (not due, another instance has it, or it failed). */
const NOT_RUN = Symbol("not run");

export interface JobStatus {
  name: string;
  dueAt: string;
  running: boolean;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  lastMs: number | null;
  lastResult: string | null;
  lastError: string | null;
}

/** Every job's row for the console, in the order the jobs are declared. */
export async function jobStatuses(
  db: DB,
  jobs: readonly Pick<Job, "name">[],
  now: Date,
): Promise<JobStatus[]> {
  const rows = await db.selectFrom("jobs").selectAll().execute();
  const byName = new Map(rows.map((row) => [row.name, row]));
  return jobs.map(({ name }) => {
    const row = byName.get(name);
    return {
      name,
      dueAt: row?.due_at ?? now.toISOString(),
      running: Boolean(row?.lease_until && row.lease_until > now.toISOString()),
      lastStartedAt: row?.last_started_at ?? null,
      lastFinishedAt: row?.last_finished_at ?? null,
      lastMs: row?.last_ms ?? null,
      lastResult: row?.last_result ?? null,
      lastError: row?.last_error ?? null,
    };
  });
}

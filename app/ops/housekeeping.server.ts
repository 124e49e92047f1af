import { sql } from "kysely";
import type { DB } from "~/db/database.server";
import type { Engine } from "~/db/migrations.server";
import { log } from "~/lib/logger.server";
import { SingleFlight } from "~/lib/single-flight.server";
import type { Clock } from "~/lib/clock";
import { runAnalyticsPass, type AnalyticsPassResult } from "~/analytics/rollup.server";
import { backupDatabase, type BackupResult } from "./backup.server";
import { runRetention, type RetentionPolicy, type RetentionResult } from "./retention.server";

export interface HousekeepingOptions {
  engine: Engine;
  databaseUrl: string;
  /** PostgreSQL: the schema the app works in (tests use one per suite). */
  schema?: string;
  backupDir: string;
  backupKeep: number;
  /** Hours between backups; null: the server takes none (run `npm run db:backup` instead). */
  backupEveryHours: number | null;
  retention: RetentionPolicy;
  /** Raw page views are kept this many days; null when analytics is off. */
  analyticsRawDays: number | null;
  tickMs?: number;
}

export interface HousekeepingRun {
  /** What the retention pass did; null when this instance had nothing due (or another had it). */
  retention: RetentionResult | null;
  backup: BackupResult | null;
  analytics: AnalyticsPassResult | null;
}

type Job = "retention" | "backup" | "analytics";

/**
 * The server's scheduled work beside the mail worker: a retention pass once a day, the analytics
 * pass (roll-ups and raw retention) once an hour and, when BACKUP_EVERY_HOURS is set, a backup
 * per slot of that many hours. Each run is claimed with a
 * row in `job_runs` (job, slot) first, so with several instances exactly one does it; a run that
 * fails gives its claim back, and the next tick (on any instance) tries again.
 */
export class Housekeeping {
  private timer: NodeJS.Timeout | null = null;
  private firstTick: NodeJS.Timeout | null = null;
  private readonly jobs = new SingleFlight(() => this.runDue(), "housekeeping failed");
  /** The last slot of each job this instance claimed or saw claimed: no database call until the next. */
  private readonly seen = new Map<Job, string>();

  constructor(
    private readonly db: DB,
    private readonly clock: Clock,
    private readonly options: HousekeepingOptions,
  ) {}

  start() {
    if (this.timer) return;
    const tickMs = this.options.tickMs ?? 60_000;
    this.timer = setInterval(() => void this.jobs.tick(), tickMs);
    this.timer.unref();
    // Soon after start rather than a full interval later, but not while the server is starting.
    this.firstTick = setTimeout(() => void this.jobs.tick(), Math.min(tickMs, 10_000));
    this.firstTick.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    if (this.firstTick) clearTimeout(this.firstTick);
    this.timer = null;
    this.firstTick = null;
    await this.jobs.inProgress?.catch(() => undefined);
  }

  /** Runs whatever is due now; both jobs are attempted even when the first one fails. */
  runOnce(): Promise<HousekeepingRun> {
    return this.jobs.run();
  }

  private async runDue(): Promise<HousekeepingRun> {
    const now = this.clock.now();
    const [retention, backup, analytics] = await Promise.allSettled([
      this.retentionIfDue(now),
      this.backupIfDue(now),
      this.analyticsIfDue(now),
    ]);
    if (retention.status === "rejected") throw retention.reason;
    if (backup.status === "rejected") throw backup.reason;
    if (analytics.status === "rejected") throw analytics.reason;
    return { retention: retention.value, backup: backup.value, analytics: analytics.value };
  }

  private async analyticsIfDue(now: Date): Promise<AnalyticsPassResult | null> {
    const rawDays = this.options.analyticsRawDays;
    if (rawDays === null) return null;
    return this.once(this.db, "analytics", now.toISOString().slice(0, 13), async () => {
      const result = await runAnalyticsPass(this.db, now, rawDays);
      log.info("analytics pass", { ...result });
      return result;
    });
  }

  private async retentionIfDue(now: Date): Promise<RetentionResult | null> {
    const slot = now.toISOString().slice(0, 10);
    return this.once(this.db, "retention", slot, async () => {
      const result = await runRetention(this.db, this.options.retention, now);
      log.info("retention pass", { ...result });
      return result;
    });
  }

  private async backupIfDue(now: Date): Promise<BackupResult | null> {
    const hours = this.options.backupEveryHours;
    if (!hours) return null;
    const slot = `${hours}h:${Math.floor(now.getTime() / (hours * 3_600_000))}`;
    if (this.seen.get("backup") === slot) return null;
    const backUp = (db: DB) =>
      this.once(db, "backup", slot, async () => {
        const result = await backupDatabase(
          { databaseUrl: this.options.databaseUrl, schema: this.options.schema },
          { dir: this.options.backupDir, keep: this.options.backupKeep, now },
        );
        log.info("backup written", {
          file: result.file,
          bytes: result.bytes,
          ms: result.ms,
          removed: result.removed.length,
        });
        return result;
      });
    if (this.options.engine !== "postgres") return backUp(this.db);
    // One dump at a time across every instance sharing the database; the claim row then keeps
    // an instance that comes later in the same slot from taking a second one.
    const key = `fsts-backup:${this.options.schema ?? "public"}`;
    return this.db.connection().execute(async (conn) => {
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_lock(hashtext(${key})) as locked`.execute(conn);
      if (!rows[0]?.locked) return null;
      try {
        return await backUp(conn);
      } finally {
        await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(conn);
      }
    });
  }

  /** Claims (job, slot), runs `work`, records its outcome; null when the slot was already taken. */
  private async once<T>(db: DB, job: Job, slot: string, work: () => Promise<T>): Promise<T | null> {
    if (this.seen.get(job) === slot) return null;
    const claimedAt = this.clock.now().toISOString();
    const claim = await db
      .insertInto("job_runs")
      .values({ job, slot, claimed_at: claimedAt, finished_at: null, outcome: null })
      .onConflict((oc) => oc.columns(["job", "slot"]).doNothing())
      .executeTakeFirst();
    this.seen.set(job, slot);
    if (Number(claim.numInsertedOrUpdatedRows ?? 0) !== 1) return null;
    try {
      const result = await work();
      await db
        .updateTable("job_runs")
        .set({ finished_at: this.clock.now().toISOString(), outcome: JSON.stringify(result) })
        .where("job", "=", job)
        .where("slot", "=", slot)
        .execute();
      return result;
    } catch (error) {
      await db.deleteFrom("job_runs").where("job", "=", job).where("slot", "=", slot).execute();
      this.seen.delete(job);
      throw error;
    }
  }
}

import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { testEngines, TestClock } from "../../tests/support/databases";
import { secondInstance } from "../../tests/support/scheduler";
import { useTestServices } from "../../tests/support/suite";
import { jobStatuses, Scheduler, type Job } from "./scheduler.server";

describe.each(testEngines())("the scheduler on $name", (engine) => {
  const clock = new TestClock();
  const t = useTestServices(engine, { clock, env: { BACKUP_EVERY_HOURS: "6" } });

  const jobRow = (name: string) =>
    t.services.db.selectFrom("jobs").selectAll().where("name", "=", name).executeTakeFirstOrThrow();

  it("declares every periodic job once, each its own job", () => {
    expect(t.services.scheduler.jobs.map((job) => job.name)).toEqual([
      "seat-offers",
      "checkout-reminders",
      "booking-reminders",
      "one-on-one-nudges",
      "session-reminders",
      "late-work-reminders",
      "plan-payments",
      "outcome-nudges",
      "sequences",
      "broadcasts",
      "mail",
      "sessions",
      "surveys",
      "retention",
      "analytics",
      "backup",
    ]);
  });

  it("takes one backup per 6-hour slot across instances, and records it on the job", async () => {
    // BACKUP_EVERY_HOURS is 6 here: the backups of 1 December, the day this test runs.
    const backupsOnDecember1 = () =>
      readdirSync(t.config.backupDir).filter((name) =>
        /^fsts-backup-2026-12-01T.*Z\.(sqlite|pgdump)$/.test(name),
      );
    clock.set(new Date("2026-12-01T00:30:00Z"));
    const first = await Promise.all([
      t.services.scheduler.runDue(),
      secondInstance(t, clock).runDue(),
    ]);
    expect(first.filter((run) => run.backup !== undefined)).toHaveLength(1);
    clock.set(new Date("2026-12-01T05:59:00Z"));
    expect((await secondInstance(t, clock).runDue()).backup).toBeUndefined();
    clock.set(new Date("2026-12-01T06:01:00Z"));
    const next = (await secondInstance(t, clock).runDue()).backup as { file: string };
    expect(next.file).toMatch(/fsts-backup-2026-12-01T06-01-00\.000Z/);
    expect(backupsOnDecember1()).toHaveLength(2);
    const row = await jobRow("backup");
    expect(row).toMatchObject({
      due_at: "2026-12-01T12:00:00.000Z",
      lease_until: null,
      last_started_at: "2026-12-01T06:01:00.000Z",
      last_error: null,
    });
    expect(row.last_result).toContain("fsts-backup-2026-12-01T06-01-00");
  });

  it("leaves a job to the instance that holds its lease, and takes it once the lease lapses", async () => {
    clock.set(new Date("2026-12-02T00:10:00Z"));
    await t.services.db
      .updateTable("jobs")
      .set({ lease_until: "2026-12-02T00:20:00.000Z" })
      .where("name", "=", "retention")
      .execute();
    expect((await secondInstance(t, clock).runDue()).retention).toBeUndefined();
    clock.set(new Date("2026-12-02T00:21:00Z"));
    expect((await secondInstance(t, clock).runDue()).retention).toMatchObject({
      resumesDeleted: 0,
    });
    expect(await jobRow("retention")).toMatchObject({
      lease_until: null,
      due_at: "2026-12-03T00:00:00.000Z",
    });
  });

  it("stores a failure with its error, tries again a minute later, and a success clears it", async () => {
    let fail = true;
    const flaky: Job = {
      name: "flaky",
      everyMs: 3_600_000,
      run: async () => {
        if (fail) throw new Error("the database went away");
        return { done: 1 };
      },
    };
    const scheduler = new Scheduler(t.services.db, clock, [flaky]);
    clock.set(new Date("2026-12-03T10:00:00Z"));
    expect(await scheduler.runDue()).toEqual({});
    expect(await jobRow("flaky")).toMatchObject({
      lease_until: null,
      due_at: "2026-12-03T10:01:00.000Z",
      last_error: "the database went away",
      last_result: null,
    });
    clock.set(new Date("2026-12-03T10:00:30Z"));
    expect(await new Scheduler(t.services.db, clock, [flaky]).runDue()).toEqual({});
    fail = false;
    clock.set(new Date("2026-12-03T10:01:00Z"));
    expect(await scheduler.runDue()).toEqual({ flaky: { done: 1 } });
    expect(await jobRow("flaky")).toMatchObject({
      due_at: "2026-12-03T11:00:00.000Z",
      last_error: null,
      last_result: '{"done":1}',
    });
    const [status] = await jobStatuses(t.services.db, [flaky], clock.now());
    expect(status).toMatchObject({
      name: "flaky",
      running: false,
      lastStartedAt: "2026-12-03T10:01:00.000Z",
      lastResult: '{"done":1}',
      lastError: null,
    });
  });

  it("runs a job on one instance only when several ask at the same moment", async () => {
    let runs = 0;
    const counted: Job = {
      name: "counted",
      everyMs: 60_000,
      run: async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return runs;
      },
    };
    clock.set(new Date("2026-12-04T00:00:30Z"));
    const instances = [1, 2, 3, 4].map(() => new Scheduler(t.services.db, clock, [counted]));
    await Promise.all(instances.map((s) => s.runDue()));
    expect(runs).toBe(1);
  });
});

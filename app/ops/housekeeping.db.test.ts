import { readdirSync } from "node:fs";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { testEngines, TestClock } from "../../tests/support/databases";
import { secondInstance } from "../../tests/support/housekeeping";
import { useTestServices } from "../../tests/support/suite";

describe.each(testEngines())("retention and scheduled backups on $name", (engine) => {
  const clock = new TestClock();
  const t = useTestServices(engine, { clock, env: { BACKUP_EVERY_HOURS: "6" } });

  // BACKUP_EVERY_HOURS is 6 here: the backups and runs of 1 December, the day these tests run.
  const backupsOnDecember1 = () =>
    readdirSync(t.config.backupDir).filter((name) =>
      /^fsts-backup-2026-12-01T.*Z\.(sqlite|pgdump)$/.test(name),
    );
  const backupRunsOnDecember1 = () =>
    t.services.db
      .selectFrom("job_runs")
      .select(["slot", "finished_at", "outcome"])
      .where("job", "=", "backup")
      .where("claimed_at", ">=", "2026-12-01")
      .execute();

  it("takes one backup per 6-hour slot across instances", async () => {
    clock.set(new Date("2026-12-01T00:30:00Z"));
    const first = await Promise.all([
      t.services.housekeeping.runOnce(),
      secondInstance(t, clock).runOnce(),
    ]);
    expect(first.filter((run) => run.backup !== null)).toHaveLength(1);
    clock.set(new Date("2026-12-01T05:59:00Z"));
    expect((await secondInstance(t, clock).runOnce()).backup).toBeNull();
    clock.set(new Date("2026-12-01T06:01:00Z"));
    const next = await secondInstance(t, clock).runOnce();
    expect(next.backup?.file).toMatch(/fsts-backup-2026-12-01T06-01-00\.000Z/);
    expect(backupsOnDecember1()).toHaveLength(2);
    const runs = await backupRunsOnDecember1();
    expect(runs).toHaveLength(2);
    expect(runs.every((run) => run.finished_at && run.outcome?.includes("fsts-backup-"))).toBe(
      true,
    );
  });

  if (engine.name === "postgres") {
    it("skips the slot while another instance holds the backup lock", async () => {
      const holder = new pg.Client({ connectionString: engine.url });
      await holder.connect();
      try {
        await holder.query("select pg_advisory_lock(hashtext($1))", [`fsts-backup:${t.schema}`]);
        clock.set(new Date("2026-12-01T12:01:00Z"));
        expect((await secondInstance(t, clock).runOnce()).backup).toBeNull();
        expect(await backupRunsOnDecember1()).toHaveLength(2);
      } finally {
        await holder.end();
      }
      expect((await secondInstance(t, clock).runOnce()).backup).not.toBeNull();
    });
  }
});

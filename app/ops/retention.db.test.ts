import { readdirSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startTestServices,
  testEngines,
  TestClock,
  type TestServices,
} from "../../tests/support/databases";
import type { ReviewStatus } from "~/db/schema";
import type { DB } from "~/db/database.server";
import { erasePerson } from "~/console/privacy.server";
import { Housekeeping, type HousekeepingOptions } from "./housekeeping.server";
import { runRetention } from "./retention.server";
import { newPerson } from "~/people/people.server";

const DAY = 86_400_000;
const START = new Date("2026-01-01T09:00:00Z");

async function person(db: DB, id: string, at: Date) {
  await db
    .insertInto("people")
    .values(
      newPerson(`${id}@example.com`, at.toISOString(), {
        id,
        first_name: "Ada",
        last_name: "Lovelace",
        university: "State",
        graduation_year: "2027",
      }),
    )
    .execute();
}

async function upload(db: DB, id: string, personId: string, status: ReviewStatus, changedAt: Date) {
  await db
    .insertInto("uploads")
    .values({
      id,
      person_id: personId,
      submission_id: null,
      name: "resume.docx",
      full_path: "resume.docx",
      content_type: "application/octet-stream",
      size: 3,
      sha256: "x",
      data: new Uint8Array([1, 2, 3]),
      review_status: status,
      scheduled_for: null,
      created_at: START.toISOString(),
      updated_at: changedAt.toISOString(),
    })
    .execute();
}

async function submission(db: DB, id: string, personId: string, at: Date) {
  await db
    .insertInto("submissions")
    .values({
      id,
      person_id: personId,
      type: "lead_magnet",
      form_data: JSON.stringify({ resourceType: "resume" }),
      status: "completed",
      source: "direct",
      utm: "{}",
      email: `${personId}@example.com`,
      visitor_id: `visitor-${id}`,
      fingerprint: `fingerprint-${id}`,
      created_at: at.toISOString(),
    })
    .execute();
}

async function hold(db: DB, id: string, at: Date) {
  await db
    .insertInto("seat_holds")
    .values({
      id,
      cohort_id: "c",
      kind: "checkout",
      offer_token_hash: null,
      person_id: null,
      visitor_id: `visitor-${id}`,
      email: null,
      status: "expired",
      provider: "test",
      session_id: null,
      expires_at: at.toISOString(),
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    })
    .execute();
}

const days = (n: number) => new Date(START.getTime() + n * DAY);

describe.each(testEngines())("retention and scheduled backups on $name", (engine) => {
  const clock = new TestClock(START);
  let t: TestServices;

  /** Another app instance on the same database: its own Housekeeping, the same settings. */
  function secondInstance(): Housekeeping {
    const options: HousekeepingOptions = {
      engine: t.services.engine,
      databaseUrl: t.config.databaseUrl,
      schema: t.schema,
      backupDir: t.config.backupDir,
      backupKeep: t.config.backupKeep,
      backupEveryHours: t.config.backupEveryHours,
      retention: { resumeKeepDays: 180, visitorIdKeepDays: 90 },
    };
    return new Housekeeping(t.services.db, clock, options);
  }

  beforeAll(async () => {
    t = await startTestServices(engine, { clock, env: { BACKUP_EVERY_HOURS: "6" } });
    const db = t.services.db;
    await person(db, "p1", START);
    await person(db, "p2", START);
    // Reviewed on day 0, on day 100, and waiting since day 0 / scheduled since day 0.
    await upload(db, "reviewed-early", "p1", "reviewed", days(0));
    await upload(db, "reviewed-late", "p1", "reviewed", days(100));
    await upload(db, "waiting", "p1", "waiting", days(0));
    await upload(db, "scheduled", "p1", "scheduled", days(0));
    await submission(db, "s-early", "p1", days(0));
    await submission(db, "s-late", "p2", days(60));
    await hold(db, "h-early", days(0));
    await hold(db, "h-late", days(60));
  });

  afterAll(async () => {
    await t?.cleanup();
  });

  async function uploads() {
    const rows = await t.services.db.selectFrom("uploads").select("id").orderBy("id").execute();
    return rows.map((r) => r.id);
  }

  async function visitorIds() {
    const submissions = await t.services.db
      .selectFrom("submissions")
      .select(["id", "visitor_id", "fingerprint"])
      .orderBy("id")
      .execute();
    const holds = await t.services.db
      .selectFrom("seat_holds")
      .select(["id", "visitor_id"])
      .orderBy("id")
      .execute();
    return { submissions, holds };
  }

  it("keeps everything while nothing is due", async () => {
    const result = await runRetention(
      t.services.db,
      { resumeKeepDays: 180, visitorIdKeepDays: 90 },
      days(89),
    );
    expect(result).toMatchObject({ resumesDeleted: 0, submissionsCleared: 0, holdsCleared: 0 });
    expect(await uploads()).toEqual(["reviewed-early", "reviewed-late", "scheduled", "waiting"]);
  });

  it("clears visitor ids after 90 days, only on what is that old", async () => {
    clock.set(days(91));
    const run = await t.services.housekeeping.runOnce();
    expect(run.retention).toMatchObject({
      resumesDeleted: 0,
      submissionsCleared: 1,
      holdsCleared: 1,
    });
    expect(await visitorIds()).toEqual({
      submissions: [
        { id: "s-early", visitor_id: "", fingerprint: "" },
        { id: "s-late", visitor_id: "visitor-s-late", fingerprint: "fingerprint-s-late" },
      ],
      holds: [
        { id: "h-early", visitor_id: null },
        { id: "h-late", visitor_id: "visitor-h-late" },
      ],
    });
    // The submission itself stays: it feeds the owner's counts.
    const count = await t.services.db
      .selectFrom("submissions")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it("runs once a day whichever instance asks, and a second pass finds nothing", async () => {
    const other = secondInstance();
    const [mine, theirs] = await Promise.all([t.services.housekeeping.runOnce(), other.runOnce()]);
    expect(mine.retention).toBeNull();
    expect(theirs.retention).toBeNull();
    const again = await runRetention(
      t.services.db,
      { resumeKeepDays: 180, visitorIdKeepDays: 90 },
      clock.now(),
    );
    expect(again).toMatchObject({ resumesDeleted: 0, submissionsCleared: 0, holdsCleared: 0 });
  });

  it("deletes reviewed resumes 180 days after their review, and nothing else", async () => {
    clock.set(days(181));
    const [a, b] = await Promise.all([
      t.services.housekeeping.runOnce(),
      secondInstance().runOnce(),
    ]);
    const ran = [a.retention, b.retention].filter((r) => r !== null);
    expect(ran).toHaveLength(1);
    expect(ran[0]).toMatchObject({ resumesDeleted: 1, submissionsCleared: 1, holdsCleared: 1 });
    expect(await uploads()).toEqual(["reviewed-late", "scheduled", "waiting"]);

    clock.set(days(281));
    await t.services.housekeeping.runOnce();
    expect(await uploads()).toEqual(["scheduled", "waiting"]);
    const audit = await t.services.db
      .selectFrom("audit_log")
      .select(["actor", "details"])
      .where("action", "=", "retention")
      .execute();
    expect(audit).toHaveLength(3);
    expect(audit.every((row) => row.actor === "system")).toBe(true);
  });

  it("leaves erasure working on aged rows", async () => {
    expect(await erasePerson(t.services.db, "p2", "owner@example.com", clock.now())).toBe(true);
    const p2 = await t.services.db
      .selectFrom("people")
      .select("email")
      .where("id", "=", "p2")
      .executeTakeFirstOrThrow();
    expect(p2.email).toBe("erased-p2@invalid");
  });

  // The earlier passes took backups too (BACKUP_EVERY_HOURS is 6 here): count December's only.
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
      secondInstance().runOnce(),
    ]);
    expect(first.filter((run) => run.backup !== null)).toHaveLength(1);
    clock.set(new Date("2026-12-01T05:59:00Z"));
    expect((await secondInstance().runOnce()).backup).toBeNull();
    clock.set(new Date("2026-12-01T06:01:00Z"));
    const next = await secondInstance().runOnce();
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
        expect((await secondInstance().runOnce()).backup).toBeNull();
        expect(await backupRunsOnDecember1()).toHaveLength(2);
      } finally {
        await holder.end();
      }
      expect((await secondInstance().runOnce()).backup).not.toBeNull();
    });
  }
});

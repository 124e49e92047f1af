import { beforeAll, describe, expect, it } from "vitest";
import { testEngines, TestClock } from "../../../tests/support/databases";
import { RETENTION, secondInstance } from "../../../tests/support/scheduler";
import { insertAda, uploadRow } from "../../../tests/support/rows";
import { useTestServices } from "../../../tests/support/suite";
import type { ReviewStatus } from "~/db/schema";
import type { DB } from "~/db/database.server";
import { erasePerson } from "~/features/people/privacy.server";
import { runRetention } from "./retention.server";

const DAY = 86_400_000;
const START = new Date("2026-01-01T09:00:00Z");

async function person(db: DB, id: string, at: Date) {
  await insertAda(db, id, `${id}@example.com`, at.toISOString());
}

async function upload(db: DB, id: string, personId: string, status: ReviewStatus, changedAt: Date) {
  await db
    .insertInto("uploads")
    .values(
      uploadRow(id, personId, START.toISOString(), {
        review_status: status,
        updated_at: changedAt.toISOString(),
      }),
    )
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
  const t = useTestServices(engine, { clock, env: { BACKUP_EVERY_HOURS: "6" } });

  beforeAll(async () => {
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
    const result = await runRetention(t.services.db, RETENTION, days(89));
    expect(result).toMatchObject({ resumesDeleted: 0, submissionsCleared: 0, holdsCleared: 0 });
    expect(await uploads()).toEqual(["reviewed-early", "reviewed-late", "scheduled", "waiting"]);
  });

  it("clears visitor ids after 90 days, only on what is that old", async () => {
    clock.set(days(91));
    const run = await t.services.scheduler.runDue();
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
    const other = secondInstance(t, clock);
    const [mine, theirs] = await Promise.all([t.services.scheduler.runDue(), other.runDue()]);
    expect(mine.retention).toBeUndefined();
    expect(theirs.retention).toBeUndefined();
    const again = await runRetention(t.services.db, RETENTION, clock.now());
    expect(again).toMatchObject({ resumesDeleted: 0, submissionsCleared: 0, holdsCleared: 0 });
  });

  it("deletes reviewed resumes 180 days after their review, and nothing else", async () => {
    clock.set(days(181));
    const [a, b] = await Promise.all([
      t.services.scheduler.runDue(),
      secondInstance(t, clock).runDue(),
    ]);
    const ran = [a.retention, b.retention].filter((r) => r !== undefined);
    expect(ran).toHaveLength(1);
    expect(ran[0]).toMatchObject({ resumesDeleted: 1, submissionsCleared: 1, holdsCleared: 1 });
    expect(await uploads()).toEqual(["reviewed-late", "scheduled", "waiting"]);

    clock.set(days(281));
    await t.services.scheduler.runDue();
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
});

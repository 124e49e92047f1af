import { describe, expect, it } from "vitest";
import { useSeededConsole } from "../../../tests/support/console";
import { testEngines } from "../../../tests/support/databases";
import { recordAudit } from "~/features/accounts/audit.server";
import { americanSpelling } from "./american-spelling.server";
import { sentOnceSpelling } from "./sent-once-spelling.server";

describe.each(testEngines())("the american-spelling migration on $name", (engine) => {
  const { t } = useSeededConsole(engine);

  it("renames the stored email kinds and the refund audit action, and nothing else", async () => {
    const db = t.services.db;
    const [first, second] = await db.selectFrom("outbox").select("id").limit(2).execute();
    await db
      .updateTable("outbox")
      .set({ kind: "enrolment_open" })
      .where("id", "=", first!.id)
      .execute();
    await db
      .updateTable("outbox")
      .set({ kind: "lead_magnet" })
      .where("id", "=", second!.id)
      .execute();
    await recordAudit(db, "owner@example.com", "enrolment.refund", {}, new Date());
    await recordAudit(db, "owner@example.com", "person.status", {}, new Date());

    await americanSpelling.up(db as never);

    const kindOf = async (id: string) =>
      (await db.selectFrom("outbox").select("kind").where("id", "=", id).executeTakeFirstOrThrow())
        .kind;
    expect(await kindOf(first!.id)).toBe("enrollment_open");
    expect(await kindOf(second!.id)).toBe("lead_magnet");
    const actions = await db.selectFrom("audit_log").select("action").orderBy("id").execute();
    expect(actions.map((row) => row.action).slice(-2)).toEqual([
      "enrollment.refund",
      "person.status",
    ]);
  });

  it("renames the once-only keys of the enrollment-open email, so nobody is told twice", async () => {
    const db = t.services.db;
    const at = new Date().toISOString();
    await db
      .insertInto("sent_once")
      .values([
        { key: "enrolment-open:cohort-1:person-1", at },
        { key: "offer-reminder:hold-1", at },
      ])
      .execute();
    await sentOnceSpelling.up(db as never);
    const keys = await db.selectFrom("sent_once").select("key").orderBy("key").execute();
    expect(keys.map((row) => row.key)).toEqual([
      "enrollment-open:cohort-1:person-1",
      "offer-reminder:hold-1",
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { useSeededConsole } from "../../tests/support/console";
import { testEngines } from "../../tests/support/databases";
import { PAGE_SIZE } from "~/features/people/people-query.server";
import { emailLog, retryEmail } from "./email-log.server";

describe.each(testEngines())("owner's console queries on $name", (engine) => {
  const { t, clock } = useSeededConsole(engine);

  it("lists, retries emails", async () => {
    const log = await emailLog(t.services.db, { status: "pending" });
    expect(log.total).toBe(3 + PAGE_SIZE + 5);
    const id = log.rows[0]!.id;
    expect(await retryEmail(t.services.db, id, clock.now())).toBe(false);
    await t.services.db
      .updateTable("outbox")
      .set({ status: "failed", attempts: 8 })
      .where("id", "=", id)
      .execute();
    expect(await retryEmail(t.services.db, id, clock.now())).toBe(true);
    expect(
      await t.services.db
        .selectFrom("outbox")
        .select(["status", "attempts"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      status: "pending",
      attempts: 0,
    });
  });
});

import { describe, expect, it } from "vitest";
import { useSeededConsole } from "../../../tests/support/console";
import { testEngines } from "../../../tests/support/databases";
import { reviewUploadRow } from "../../../tests/support/rows";
import { markReviewed, resumeQueue, scheduleReview } from "./resume-queue.server";

describe.each(testEngines())("owner's console queries on $name", (engine) => {
  const { t, clock, ids } = useSeededConsole(engine);

  it("schedules and marks resume reviews, emailing the slot", async () => {
    const now = clock.now().toISOString();
    await t.services.db
      .insertInto("uploads")
      .values(reviewUploadRow("up1", ids.bob!, "bob_example_com_1.docx", now))
      .execute();
    expect((await resumeQueue(t.services.db, "waiting")).map((u) => u.email)).toEqual([
      "bob@example.com",
    ]);
    expect(
      await scheduleReview(t.services.db, "up1", "2027-02-30", "owner@example.com", clock.now()),
    ).toBe(false);
    expect(
      await scheduleReview(t.services.db, "up1", "2020-01-01", "owner@example.com", clock.now()),
    ).toBe(false);
    expect(
      await scheduleReview(t.services.db, "up1", "2027-01-12", "owner@example.com", clock.now()),
    ).toBe(true);
    expect(await resumeQueue(t.services.db, "waiting")).toEqual([]);
    const email = await t.services.db
      .selectFrom("outbox")
      .selectAll()
      .where("kind", "=", "resume_review_scheduled")
      .executeTakeFirstOrThrow();
    expect(email.to_address).toBe("bob@example.com");
    expect(email.text).toContain("Tuesday, January 12, 2027");
    expect(await markReviewed(t.services.db, "up1", "owner@example.com", clock.now())).toBe(true);
    expect((await resumeQueue(t.services.db, "reviewed")).map((u) => u.id)).toEqual(["up1"]);
    const audit = await t.services.db.selectFrom("audit_log").select("action").execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["resume.schedule", "resume.reviewed"]),
    );
  });
});

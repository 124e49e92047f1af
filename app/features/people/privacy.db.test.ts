import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { useSeededConsole } from "../../../tests/support/console";
import { testEngines } from "../../../tests/support/databases";
import { reviewUploadRow } from "../../../tests/support/rows";
import { attributionReport } from "~/features/analytics/attribution.server";
import { dashboard } from "~/features/analytics/dashboard.server";
import { personDetail } from "./person-detail.server";
import { erasePerson, exportPerson } from "./privacy.server";

describe.each(testEngines())("owner's console queries on $name", (engine) => {
  const { t, clock, ids } = useSeededConsole(engine);

  // Bob sent a resume for review: erasing him removes the file too.
  beforeAll(async () => {
    const now = clock.now().toISOString();
    await t.services.db
      .insertInto("uploads")
      .values(reviewUploadRow("up1", ids.bob!, "bob_example_com_1.docx", now))
      .execute();
  });

  it("exports a person and erases them, leaving nothing personal but keeping the counts", async () => {
    const exported = await exportPerson(t.services.db, ids.bob!, "owner@example.com", clock.now());
    expect(exported?.person.email).toBe("bob@example.com");
    expect(exported?.submissions.length).toBe(2);

    const before = await attributionReport(
      t.services.db,
      { from: "2026-11-01", to: "2026-11-30" },
      "first",
      "utm_source",
    );
    const leadsBefore = (await dashboard(t.services.db, clock.now(), "UTC")).leads;
    const mailbox = mkdtempSync(path.join(tmpdir(), "fsts-mailbox-"));
    writeFileSync(path.join(mailbox, "a.eml"), "To: bob@example.com\n\nHi Bob");
    writeFileSync(path.join(mailbox, "b.eml"), "To: ada@example.com\n\nHi Ada");
    expect(
      await erasePerson(t.services.db, ids.bob!, "owner@example.com", clock.now(), mailbox),
    ).toBe(true);
    expect(readdirSync(mailbox)).toEqual(["b.eml"]);
    expect((await dashboard(t.services.db, clock.now(), "UTC")).leads).toEqual(leadsBefore);
    const bobEmails = await t.services.db
      .selectFrom("outbox")
      .select(["status"])
      .where("person_id", "=", ids.bob!)
      .execute();
    expect(bobEmails.every((e) => e.status !== "pending")).toBe(true);
    const after = await attributionReport(
      t.services.db,
      { from: "2026-11-01", to: "2026-11-30" },
      "first",
      "utm_source",
    );
    expect(after).toEqual(before);

    const detail = (await personDetail(t.services.db, ids.bob!))!;
    const dump = JSON.stringify(detail);
    expect(dump).not.toContain("bob@example.com");
    expect(dump).not.toContain('"bob"');
    expect(detail.uploads).toEqual([]);
    for (const table of ["submissions", "outbox", "payments", "people"] as const) {
      const rows = await t.services.db.selectFrom(table).selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain("bob@example.com");
    }
    const audit = await t.services.db.selectFrom("audit_log").select(["action", "actor"]).execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: "person.export", actor: "owner@example.com" },
        { action: "person.erase", actor: "owner@example.com" },
      ]),
    );
  });
});

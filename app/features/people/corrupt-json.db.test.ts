import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startTestServices,
  testEngines,
  TestClock,
  type TestServices,
} from "../../../tests/support/databases";
import { submitLead } from "~/features/leads/submit-lead.server";
import { newPerson } from "./people.server";
import { attributionReport } from "~/features/analytics/attribution.server";
import { dashboard } from "~/features/analytics/dashboard.server";
import { allPeople, csvRow, searchPeople } from "./people-query.server";
import { personDetail } from "./person-detail.server";
import { erasePerson } from "./privacy.server";

/** Rows whose JSON columns were broken by hand: every reader still answers (record 0025). */
describe.each(testEngines())("corrupt JSON columns on $name", (engine) => {
  const clock = new TestClock(new Date("2026-11-10T12:00:00Z"));
  const email = "broken@example.com";
  let t: TestServices;
  let personId: string;

  beforeAll(async () => {
    t = await startTestServices(engine, { clock });
    const now = clock.now().toISOString();
    const person = newPerson(email, now, {
      tags: '["kept",7,null]',
      lead_magnets: "not json",
      first_touch: '{"utm_source":5}',
      last_touch: "{",
    });
    personId = person.id;
    await t.services.db.insertInto("people").values(person).execute();
    await t.services.db
      .insertInto("submissions")
      .values({
        id: "s1",
        person_id: personId,
        type: "lead_magnet",
        form_data: '{"resourceType":',
        status: "completed",
        source: "direct",
        utm: "[]",
        email,
        visitor_id: "v",
        fingerprint: "f",
        created_at: now,
      })
      .execute();
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it("lists and exports the person with what can be read", async () => {
    const { rows } = await searchPeople(t.services.db, {});
    expect(rows.map((r) => [r.tags, r.lead_magnets])).toEqual([[["kept"], []]]);
    const [row] = (await allPeople(t.services.db, {})).map(csvRow);
    expect(row).toContain("kept");
  });

  it("shows the person's detail with fallbacks", async () => {
    const detail = (await personDetail(t.services.db, personId))!;
    expect(detail.person).toMatchObject({
      tags: ["kept"],
      lead_magnets: [],
      first_touch: null,
      last_touch: null,
    });
    expect(detail.submissions).toMatchObject([{ id: "s1", formData: {}, utm: {} }]);
  });

  it("counts the lead and attributes it as an untagged visit", async () => {
    const now = clock.now();
    expect((await dashboard(t.services.db, now, "UTC")).leads).toEqual({
      unknown: { week: 1, total: 1 },
    });
    const report = await attributionReport(
      t.services.db,
      { from: "2026-11-01", to: "2026-11-30" },
      "first",
      "utm_source",
    );
    expect(report).toMatchObject([{ key: "direct", leads: 1 }]);
  });

  it("merges a new lead magnet into the readable part of the lists", async () => {
    await submitLead(
      t.services,
      {
        form: {
          firstName: "Bea",
          lastName: "Broken",
          email,
          university: "State",
          graduationYear: "2027",
        },
        resourceType: "resume",
      },
      { visitorId: "v2", attribution: null },
    );
    const person = await t.services.db
      .selectFrom("people")
      .select(["tags", "lead_magnets"])
      .where("id", "=", personId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(person.tags)).toEqual(["kept", "resume_template_lead"]);
    expect(JSON.parse(person.lead_magnets)).toEqual(["resume"]);
  });

  it("erases the person", async () => {
    expect(await erasePerson(t.services.db, personId, "owner@example.com", clock.now())).toBe(true);
    // The broken answers go whole; the later lead keeps the resource it asked for.
    const stored = await t.services.db.selectFrom("submissions").select("form_data").execute();
    expect(stored.map((s) => s.form_data).sort()).toEqual(['{"resourceType":"resume"}', "{}"]);
  });
});

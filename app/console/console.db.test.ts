import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startTestServices,
  testEngines,
  TestClock,
  type TestServices,
} from "../../tests/support/databases";
import { toCsv } from "~/domain/csv";
import { enqueueEmail } from "~/mail/outbox.server";
import { changeStatus, upsertPerson } from "~/people/people.server";
import { recordSubmission } from "~/people/submissions.server";
import { attributionReport } from "./attribution.server";
import { dashboard } from "./dashboard.server";
import { personDetail } from "./person-detail.server";
import { allPeople, csvRow, CSV_HEADER, PAGE_SIZE, searchPeople } from "./people-query.server";
import { erasePerson, exportPerson } from "./privacy.server";
import { markReviewed, resumeQueue, scheduleReview } from "./resume-queue.server";
import { emailLog, retryEmail } from "./email-log.server";

describe.each(testEngines())("owner's console queries on $name", (engine) => {
  const clock = new TestClock(new Date("2026-11-10T12:00:00Z"));
  let t: TestServices;
  const ids: Record<string, string> = {};

  async function seedPerson(
    key: string,
    email: string,
    status: "qualified" | "waitlist" | "lead",
    touch: { first?: Record<string, string>; last?: Record<string, string> } | null,
    extra: {
      tags?: string[];
      magnets?: string[];
      lead?: boolean;
      paidCents?: number;
      firstName?: string;
    } = {},
  ) {
    const now = clock.now();
    const attribution = touch
      ? { first: touch.first ?? {}, last: touch.last ?? touch.first ?? {} }
      : null;
    await t.services.db.transaction().execute(async (trx) => {
      const person = await upsertPerson(
        trx,
        {
          email,
          firstName: extra.firstName ?? key,
          lastName: "Test",
          university: "State",
          graduationYear: "2027",
        },
        attribution,
        now.toISOString(),
      );
      ids[key] = person.id;
      await trx
        .updateTable("people")
        .set({
          tags: JSON.stringify(extra.tags ?? []),
          lead_magnets: JSON.stringify(extra.magnets ?? []),
        })
        .where("id", "=", person.id)
        .execute();
      if (extra.lead) {
        await recordSubmission(
          trx,
          {
            personId: person.id,
            type: "lead_magnet",
            formData: { resourceType: "resume" },
            status: "completed",
            source: "x",
            utm: {},
            email,
            visitorId: key,
          },
          now,
        );
      }
      if (status !== "lead") {
        await recordSubmission(
          trx,
          {
            personId: person.id,
            type: "application",
            formData: { firstName: key },
            status,
            source: "x",
            utm: {},
            email,
            visitorId: key,
          },
          now,
        );
        await changeStatus(trx, person.id, status, "seed", now.toISOString());
      }
      if (extra.paidCents) {
        await trx
          .insertInto("payments")
          .values({
            id: randomUUID(),
            cohort_id: "c",
            hold_id: "h",
            person_id: person.id,
            provider: "test",
            session_id: `cs_${key}`,
            email,
            amount_cents: extra.paidCents,
            status: "paid",
            refund_reason: null,
            refunded_at: null,
            created_at: now.toISOString(),
          })
          .execute();
      }
      await enqueueEmail(
        trx,
        {
          kind: "test",
          to: email,
          personId: person.id,
          subject: "Hi",
          html: "<p>x</p>",
          text: "x",
        },
        now,
      );
    });
    clock.advance(60_000);
  }

  beforeAll(async () => {
    t = await startTestServices(engine, { clock });
    await seedPerson(
      "ada",
      "ada@example.com",
      "qualified",
      {
        first: { utm_source: "youtube", utm_term: "yt_abc", videoId: "abc" },
        last: { utm_source: "linkedin", utm_term: "rep7" },
      },
      {
        tags: ["resume_template_lead"],
        magnets: ["resume"],
        lead: true,
        paidCents: 64900,
      },
    );
    await seedPerson(
      "bob",
      "bob@example.com",
      "waitlist",
      { first: { utm_source: "linkedin", utm_term: "rep7" } },
      { lead: true },
    );
    await seedPerson("cy", "cy@example.com", "lead", null, {
      tags: ["outreach_scripts_lead"],
      magnets: ["outreach"],
      lead: true,
      firstName: "=cmd|' /C calc'!A0",
    });
    for (let i = 0; i < PAGE_SIZE + 5; i++)
      await seedPerson(`bulk${i}`, `bulk${i}@example.org`, "lead", null);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it("filters and paginates on the server", async () => {
    const all = await searchPeople(t.services.db, {});
    expect(all.total).toBe(3 + PAGE_SIZE + 5);
    expect(all.rows).toHaveLength(PAGE_SIZE);
    const second = await searchPeople(t.services.db, { page: 2 });
    expect(second.rows).toHaveLength(8);
    expect(new Set([...all.rows, ...second.rows].map((r) => r.id)).size).toBe(all.total);

    expect(
      (await searchPeople(t.services.db, { status: "qualified" })).rows.map((r) => r.email),
    ).toEqual(["ada@example.com"]);
    expect((await searchPeople(t.services.db, { q: "BOB" })).rows.map((r) => r.email)).toEqual([
      "bob@example.com",
    ]);
    expect((await searchPeople(t.services.db, { q: "bob test" })).rows.map((r) => r.email)).toEqual(
      ["bob@example.com"],
    );
    expect(
      (await searchPeople(t.services.db, { tag: "outreach_scripts_lead" })).rows.map(
        (r) => r.email,
      ),
    ).toEqual(["cy@example.com"]);
    expect(
      (await searchPeople(t.services.db, { resource: "resume" })).rows.map((r) => r.email),
    ).toEqual(["ada@example.com"]);
    expect(
      (await searchPeople(t.services.db, { leadSource: "linkedin" })).rows.map((r) => r.email),
    ).toEqual(["bob@example.com"]);
    expect((await searchPeople(t.services.db, { from: "2026-11-11" })).total).toBe(0);
    expect(
      (await searchPeople(t.services.db, { from: "2026-11-10", to: "2026-11-10" })).total,
    ).toBe(all.total);
  });

  it("exports CSV safely", async () => {
    const csv = toCsv(
      CSV_HEADER,
      (await allPeople(t.services.db, { tag: "outreach_scripts_lead" })).map(csvRow),
    );
    const [header, row] = csv.trim().split("\r\n");
    expect(header).toBe(
      '"email","first name","last name","university","graduation year","status","lead source","tags","lead magnets","created","updated"',
    );
    expect(row).toContain(`"'=cmd|' /C calc'!A0"`);
  });

  it("attributes every event and its revenue, by first and last touch", async () => {
    const period = { from: "2026-11-01", to: "2026-11-30" };
    const first = await attributionReport(t.services.db, period, "first", "utm_term");
    expect(first.find((r) => r.key === "yt_abc")).toMatchObject({
      leads: 1,
      applications: 1,
      qualified: 1,
      enrolments: 1,
      revenueCents: 64900,
    });
    const last = await attributionReport(t.services.db, period, "last", "utm_term");
    expect(last.find((r) => r.key === "rep7")).toMatchObject({
      leads: 2,
      applications: 2,
      qualified: 1,
      enrolments: 1,
      revenueCents: 64900,
    });

    const raw = await t.services.db.selectFrom("submissions").select(["type"]).execute();
    for (const rows of [first, last]) {
      expect(rows.reduce((s, r) => s + r.applications, 0)).toBe(
        raw.filter((r) => r.type === "application").length,
      );
      expect(rows.reduce((s, r) => s + r.revenueCents, 0)).toBe(64900);
    }
    expect(
      await attributionReport(
        t.services.db,
        { from: "2025-01-01", to: "2025-01-31" },
        "first",
        "utm_source",
      ),
    ).toEqual([]);
  });

  it("summarises the dashboard", async () => {
    const summary = await dashboard(t.services.db, clock.now());
    expect(summary.applications).toEqual({ qualified: 1, waitlist: 1 });
    expect(summary.leads.resume).toEqual({ week: 3, total: 3 });
    expect(summary.cohort.capacity).toBe(10);
    expect(summary.emails.pending).toBe(3 + PAGE_SIZE + 5);
  });

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

  it("schedules and marks resume reviews, emailing the slot", async () => {
    const now = clock.now().toISOString();
    await t.services.db
      .insertInto("uploads")
      .values({
        id: "up1",
        person_id: ids.bob!,
        submission_id: null,
        name: "bob_example_com_1.docx",
        full_path: "resume-reviews/bob_example_com_1.docx",
        content_type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        size: 3,
        sha256: "x",
        data: new Uint8Array([1, 2, 3]),
        review_status: "waiting",
        scheduled_for: null,
        created_at: now,
        updated_at: now,
      })
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
    const leadsBefore = (await dashboard(t.services.db, clock.now())).leads;
    const mailbox = mkdtempSync(path.join(tmpdir(), "fsts-mailbox-"));
    writeFileSync(path.join(mailbox, "a.eml"), "To: bob@example.com\n\nHi Bob");
    writeFileSync(path.join(mailbox, "b.eml"), "To: ada@example.com\n\nHi Ada");
    expect(
      await erasePerson(t.services.db, ids.bob!, "owner@example.com", clock.now(), mailbox),
    ).toBe(true);
    expect(readdirSync(mailbox)).toEqual(["b.eml"]);
    expect((await dashboard(t.services.db, clock.now())).leads).toEqual(leadsBefore);
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

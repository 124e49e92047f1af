import { describe, expect, it } from "vitest";
import { testEngines } from "../../../tests/support/databases";
import { planSessions, writeProgrammeRecord } from "../../../tests/support/outcomes";
import { insertMentor } from "../../../tests/support/portal";
import { expectMonotone, rowOf, useFunnel, YOUTUBE_LINK } from "../../../tests/support/funnel";
import { FUNNEL_CSV_HEADER, type FunnelRow } from "./funnel";
import { loader as funnelCsvLoader } from "~/features/analytics/routes/funnel-csv";
import { loader as funnelLoader } from "~/features/analytics/routes/funnel";

// What the funnel counts for a period, and how the owner reads it: the page and its CSV.
describe.each(testEngines())("funnel counts on $name", (engine) => {
  const { owner, report, buildScenario, db } = useFunnel(engine);

  /** The payer's programme: the cohort's sessions planned, then their attendance and offers. */
  async function payerRecord(
    attended: number,
    offers: { track: string; confirmed: boolean }[],
    reportedAt = "2027-01-20T15:00:00.000Z",
  ) {
    const payment = await db()
      .selectFrom("payments")
      .select(["person_id", "cohort_id"])
      .executeTakeFirstOrThrow();
    await db()
      .updateTable("cohorts")
      .set({ start_date: "2026-12-07" })
      .where("id", "=", payment.cohort_id)
      .execute();
    await planSessions(db(), payment.cohort_id, "2026-12-07", owner.clock.now());
    const mentorId = await insertMentor(db(), "mentor.funnel@example.com", "Mentor Funnel");
    await writeProgrammeRecord(
      db(),
      {
        personId: payment.person_id!,
        cohortId: payment.cohort_id,
        mentorId,
        attended,
        held: 4,
        offers: offers.map((offer) => ({ ...offer, reportedAt })),
      },
      "2027-01-18T12:00:00.000Z",
    );
  }

  it("counts what a partly refunded payment kept as revenue, not as a paid seat", async () => {
    await buildScenario();
    const payment = await db()
      .selectFrom("payments")
      .select(["id", "person_id", "cohort_id"])
      .executeTakeFirstOrThrow();
    // $200 of the $649 went back when the payer's request to leave was approved.
    await db()
      .updateTable("payments")
      .set({ status: "refunded", refunded_at: owner.clock.now().toISOString() })
      .where("id", "=", payment.id)
      .execute();
    await db()
      .insertInto("withdrawals")
      .values({
        id: "w-partial",
        person_id: payment.person_id!,
        cohort_id: payment.cohort_id,
        payment_id: payment.id,
        kind: "leave",
        reason: "New job",
        rule: "owner_decides",
        status: "approved",
        requested_at: owner.clock.now().toISOString(),
        decided_at: owner.clock.now().toISOString(),
        decided_by_id: null,
        decision_note: null,
        refund_cents: 20_000,
      })
      .execute();
    expect(rowOf(await report("source"), "youtube")).toMatchObject({
      paid: 0,
      revenueCents: 44_900,
    });
  });

  it("counts each step per source, a person once, in the group of the link that first brought them", async () => {
    await buildScenario();
    const rows = await report("source");
    expect(rowOf(rows, "youtube")).toEqual({
      group: "youtube",
      visitors: 4,
      leads: 2,
      applications: 1,
      qualified: 1,
      checkouts: 1,
      paid: 1,
      graduated: 0,
      offer: 0,
      revenueCents: 64_900,
    });
    // The payer's second browser is a visitor of its own, but the payer counts under YouTube.
    expect(rowOf(rows, "linkedin")).toMatchObject({ visitors: 1, leads: 0, paid: 0 });
    // Applied without a resource: a lead too, as every later step implies the earlier ones.
    expect(rowOf(rows, "direct")).toMatchObject({
      visitors: 1,
      leads: 1,
      applications: 1,
      qualified: 1,
      checkouts: 0,
    });
    expectMonotone(rows);
    const byLink = await report("link");
    expect(rowOf(byLink, YOUTUBE_LINK)).toMatchObject({ visitors: 4, leads: 2, paid: 1 });
    expect(rowOf(await report("term"), "yt_abc123")).toMatchObject({ visitors: 4, leads: 2 });
    expectMonotone(byLink);
  });

  it("answers the CSV with the exact header and the page with the same numbers; a bad query changes nothing and says why", async () => {
    await buildScenario();
    const csv = await owner.get(
      funnelCsvLoader,
      "/admin/funnel.csv?from=2026-11-01&to=2026-11-30&group=term",
    );
    expect(csv.status).toBe(200);
    const lines = String(csv.body).trim().split("\r\n");
    expect(lines[0]).toBe(FUNNEL_CSV_HEADER);
    expect(lines).toContain('"yt_abc123",4,2,1,1,1,1,0,0,649.00');
    const page = await owner.get(
      funnelLoader,
      "/admin/funnel?from=2026-11-01&to=2026-11-30&group=term",
    );
    const body = page.body as { report: { rows: FunnelRow[] } };
    expect(rowOf(body.report.rows, "yt_abc123")).toMatchObject({ visitors: 4, leads: 2, paid: 1 });
    for (const [query, message] of [
      ["from=2026-13-01", "Please give dates as YYYY-MM-DD."],
      ["from=2026-11-30&to=2026-11-01", "The start of the period must be on or before its end."],
      ["group=country", "Group by one of: source, campaign, content, term, link."],
    ] as const) {
      const bad = await owner.get(funnelCsvLoader, `/admin/funnel.csv?${query}`);
      expect(bad.status).toBe(400);
      expect(String(bad.body)).toContain(message);
      const shown = await owner.get(funnelLoader, `/admin/funnel?${query}`);
      expect(shown.status).toBe(400);
      expect(shown.body).toMatchObject({ error: message, report: null });
    }
  });

  it("carries the payer on to graduated and a confirmed offer, in the group of their first link", async () => {
    await buildScenario();
    await payerRecord(4, [{ track: "Banking", confirmed: true }]);
    expect(rowOf(await report("source"), "youtube")).toMatchObject({
      paid: 1,
      graduated: 1,
      offer: 1,
    });
    expect(rowOf(await report("source"), "linkedin")).toMatchObject({ graduated: 0, offer: 0 });
    const csv = await owner.get(
      funnelCsvLoader,
      "/admin/funnel.csv?from=2026-11-01&to=2026-11-30&group=term",
    );
    expect(String(csv.body).split("\r\n")).toContain('"yt_abc123",4,2,1,1,1,1,1,1,649.00');
    expectMonotone(await report("link"));
  });

  it("counts no offer that is unconfirmed, and no step for a payer who did not attend enough", async () => {
    await buildScenario();
    await payerRecord(4, [{ track: "Banking", confirmed: false }]);
    expect(rowOf(await report("source"), "youtube")).toMatchObject({ graduated: 1, offer: 0 });
    await db().deleteFrom("attendance").where("status", "=", "attended").execute();
    await db().updateTable("offers").set({ confirmed_at: "2027-01-21T00:00:00.000Z" }).execute();
    // A confirmed offer without graduating: neither graduated nor offer (placement is among
    // graduates only), and the row stays monotone.
    expect(rowOf(await report("source"), "youtube")).toMatchObject({
      paid: 1,
      graduated: 0,
      offer: 0,
    });
  });

  it("counts no offer held before the programme began, as the outcomes report does not", async () => {
    await buildScenario();
    // The cohort starts Monday 2026-12-07; the offer was reported the Friday before.
    await payerRecord(4, [{ track: "Banking", confirmed: true }], "2026-12-04T15:00:00.000Z");
    expect(rowOf(await report("source"), "youtube")).toMatchObject({ graduated: 1, offer: 0 });
  });
});

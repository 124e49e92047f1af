import { describe, expect, it } from "vitest";
import { seatFixtures, setCurrentCohort } from "../../../tests/support/cohort";
import { testEngines } from "../../../tests/support/databases";
import { fromApplication } from "../../../tests/support/outcome-moves";
import { offerRow, UNCONFIRMED } from "../../../tests/support/rows";
import { useOwnerConsole } from "../../../tests/support/owner-console";
import { getCohort } from "~/features/cohort/cohort.server";
import { cohortConsole } from "~/features/cohort/cohorts.words";
import { glossary } from "~/features/analytics/glossary.words";
import type { SeatFigures } from "./seats";
import { refundEnrollment } from "./refunds.server";
import { loader as cohortLoader } from "~/features/cohort/routes/cohort";
import { loader as cohortsLoader } from "~/features/cohort/routes/cohorts";
import { loader as dashboardLoader } from "~/features/analytics/routes/dashboard";
import { loader as testimonialsLoader } from "~/features/outcomes/routes/testimonials";
import { approveWithdrawal } from "~/features/withdrawals/decisions.server";
import { requestToLeave } from "~/features/withdrawals/requests.server";

// The cohort starts Tuesday 2027-01-12 (site zone America/New_York); week 3 from Mon 25.
const START = "2027-01-12";
const BEFORE_START = new Date("2027-01-05T17:00:00Z");
const WEEK_3 = new Date("2027-01-26T17:00:00Z");

interface CohortRow {
  id: string;
  seats: SeatFigures;
  revenueCents: number;
  rule: string;
}

describe.each(testEngines())("seats and revenue add up on every page, on $name", (engine) => {
  const owner = useOwnerConsole(engine);
  const { clock } = owner;
  const services = () => owner.t.services;
  const db = () => services().db;
  const { person, pay } = seatFixtures(() => services(), clock);

  /** The three pages' figures for the current cohort, each read through its own loader. */
  async function pages() {
    const id = (await getCohort(db(), clock.now())).id;
    const list = (await owner.get(cohortsLoader, "/admin/cohorts")).body as {
      cohorts: CohortRow[];
    };
    const page = (await owner.get(cohortLoader, `/admin/cohorts/${id}`, { id })).body as {
      cohort: CohortRow;
    };
    const dash = (await owner.get(dashboardLoader, "/admin")).body as {
      summary: { cohort: { seats: SeatFigures; rule: string }; revenue: { cohortCents: number } };
      overview: {
        seats: { model: { segments: { key: string; value: number }[] } };
        funnel: { confirmedOffers: number };
      };
    };
    const console = list.cohorts.find((c) => c.id === id)!;
    return { console, page: page.cohort, dash };
  }

  it("counts a started cohort's full refund, partial refund and withdrawal the same everywhere", async () => {
    clock.set(BEFORE_START);
    // The owner's console session lasts through the test, whenever it is set.
    await db().updateTable("sessions").set({ expires_at: "2099-01-01T00:00:00.000Z" }).execute();
    await setCurrentCohort(db(), { capacity: 10, enrolled_count: 0, start_date: START });
    const [full, partial, stays, alsoStays] = [
      await person("full@example.com"),
      await person("partial@example.com"),
      await person("stays@example.com"),
      await person("also@example.com"),
    ];
    for (const [id, email] of [
      [full, "full@example.com"],
      [partial, "partial@example.com"],
      [stays, "stays@example.com"],
      [alsoStays, "also@example.com"],
    ] as const)
      await pay(id, email);

    // Before the start: four paid, nothing empty, the caption says a refund frees the seat.
    expect((await pages()).dash.summary.cohort.rule).toBe("refund_frees");

    clock.set(WEEK_3);
    expect(await refundEnrollment(services(), "owner@example.com", full, "moved away")).toBe(
      "refunded",
    );
    expect(await requestToLeave(services(), partial, { kind: "leave", reason: "New job" })).toBe(
      "sent",
    );
    const request = await db()
      .selectFrom("withdrawals")
      .select("id")
      .where("person_id", "=", partial)
      .executeTakeFirstOrThrow();
    const ownerAccount = await db()
      .selectFrom("admin_users")
      .select(["id", "email"])
      .executeTakeFirstOrThrow();
    expect(
      await approveWithdrawal(services(), ownerAccount, partial, {
        withdrawalId: request.id,
        amountCents: 20_000,
        note: "",
        confirmed: true,
      }),
    ).toEqual({ kind: "approved", cents: 20_000 });

    const { console, page, dash } = await pages();
    const expected: SeatFigures = {
      capacity: 10,
      paid: 2,
      emptied: 2,
      held: 0,
      offered: 0,
      free: 6,
      over: 0,
    };
    expect(console.seats).toEqual(expected);
    expect(page.seats).toEqual(expected);
    expect(dash.summary.cohort.seats).toEqual(expected);
    // The dashboard's bar: the same parts, adding up to the capacity.
    const bar = Object.fromEntries(dash.overview.seats.model.segments.map((s) => [s.key, s.value]));
    expect(bar).toEqual({ paid: 2, offered: 0, emptied: 2, held: 0, left: 6 });
    // Two paid in full, $449 kept of the partial refund, nothing of the full one.
    const revenue = 2 * 64_900 + 44_900;
    expect(console.revenueCents).toBe(revenue);
    expect(page.revenueCents).toBe(revenue);
    expect(dash.summary.revenue.cohortCents).toBe(revenue);
    // Every caption says the rule of today: the cohort has started.
    expect([console.rule, page.rule, dash.summary.cohort.rule]).toEqual([
      "refund_empties",
      "refund_empties",
      "refund_empties",
    ]);
    expect(glossary.seats.refund_empties).toMatch(/stays empty/);
    expect(cohortConsole.summary(page.seats)).toBe(
      "2 of 10 seats paid, 2 left empty after a refund once the cohort started, 6 free.",
    );
  });

  it("says the same number of confirmed offers on the dashboard and /admin/testimonials", async () => {
    await setCurrentCohort(db(), { capacity: 10 });
    const student = await person("offer@example.com");
    await pay(student, "offer@example.com");
    const cohortId = (await getCohort(db(), clock.now())).id;
    const at = clock.now().toISOString();
    for (const [id, confirmed] of [
      ["o1", true],
      ["o2", false],
    ] as const)
      await db()
        .insertInto("offers")
        .values({
          ...offerRow(student, cohortId, at, {
            id,
            firm: "JPMorgan",
            ...(confirmed ? {} : UNCONFIRMED),
          }),
          ...(await fromApplication(db(), student, "offer", at)),
        })
        .execute();
    const { dash } = await pages();
    const testimonials = (await owner.get(testimonialsLoader, "/admin/testimonials")).body as {
      setting: { confirmedOffers: number };
    };
    expect(dash.overview.funnel.confirmedOffers).toBe(1);
    expect(testimonials.setting.confirmedOffers).toBe(1);
  });
});

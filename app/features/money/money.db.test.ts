import { describe, expect, it } from "vitest";
import { seatFixtures, setCurrentCohort } from "../../../tests/support/cohort";
import { testEngines } from "../../../tests/support/databases";
import { useOwnerConsole } from "../../../tests/support/owner-console";
import { getCohort } from "~/features/cohort/cohort.server";
import { insertCode } from "~/features/discounts/codes.server";
import { saveReferralSettings } from "~/features/discounts/referral-settings.server";
import { fulfillPayment } from "~/features/enrollment/fulfillment.server";
import { refundEnrollment } from "~/features/enrollment/refunds.server";
import { startCheckout } from "~/features/enrollment/seats.server";
import { approveWithdrawal } from "~/features/withdrawals/decisions.server";
import { requestToLeave } from "~/features/withdrawals/requests.server";
import type { CodeMoney, CohortMoney, ReferrerMoney } from "./money";
import { MONEY_CSV_HEADER } from "./money.words";
import { loader as moneyLoader } from "./routes/money";
import { loader as csvLoader } from "./routes/money-csv";

// The cohort starts Tuesday 2027-01-12; week 3 (refunds leave the seat empty) from Mon 25.
const START = "2027-01-12";
const BEFORE_START = new Date("2027-01-05T17:00:00Z");
const WEEK_3 = new Date("2027-01-26T17:00:00Z");

interface MoneyPage {
  cohorts: { id: string; money: CohortMoney }[];
  chosen: { id: string } | null;
  byCode: CodeMoney[];
  byReferrer: ReferrerMoney[];
}

/** The CSV's cells (every field quoted by the helper, none with a comma or a line break here). */
const csvCells = (text: string) =>
  text
    .trim()
    .split("\r\n")
    .map((line) => line.split(",").map((cell) => cell.slice(1, -1)));

describe.each(testEngines())("the owner's money page, on $name", (engine) => {
  const owner = useOwnerConsole(engine);
  const { clock } = owner;
  const services = () => owner.t.services;
  const db = () => services().db;
  const { person, pay } = seatFixtures(() => services(), clock);

  /** A checkout with a code, paid at the price its hold was given. */
  async function payWithCode(personId: string, email: string, code: string) {
    const start = await startCheckout(services(), services().payments, {
      personId,
      email,
      visitorId: `v-${personId}`,
      code,
    });
    if (start.kind !== "redirect") throw new Error(`checkout refused: ${start.kind}`);
    const hold = await db()
      .selectFrom("seat_holds")
      .select(["session_id", "amount_cents"])
      .where("person_id", "=", personId)
      .where("status", "=", "held")
      .executeTakeFirstOrThrow();
    await fulfillPayment(services(), services().payments, {
      sessionId: hold.session_id!,
      email,
      amountCents: Number(hold.amount_cents),
    });
  }

  it("adds up gross, discounts, refunds, net and referral rewards per cohort, by code, by referrer and in the CSV", async () => {
    clock.set(BEFORE_START);
    await db().updateTable("sessions").set({ expires_at: "2099-01-01T00:00:00.000Z" }).execute();
    await setCurrentCohort(db(), { capacity: 10, enrolled_count: 0, start_date: START });
    const nowIso = clock.now().toISOString();
    const spring = await insertCode(
      db(),
      {
        prefix: "SPRING",
        discount: { kind: "percent", percentOff: 20 },
        cohortId: null,
        maxUses: 3,
        expiresAt: null,
        email: null,
        note: "Spring",
      },
      nowIso,
    );
    await saveReferralSettings(
      db(),
      { friendDiscountCents: 5_000, referrerRewardCents: 7_500 },
      nowIso,
    );

    const full = await person("full@example.com");
    await pay(full, "full@example.com");
    const rita = await person("rita@example.com");
    await db()
      .updateTable("people")
      .set({ first_name: "Rita", last_name: "Referrer" })
      .where("id", "=", rita)
      .execute();
    await pay(rita, "rita@example.com");
    const friendCode = await insertCode(
      db(),
      {
        prefix: "RITA",
        discount: { kind: "amount", amountOffCents: 0 },
        cohortId: null,
        maxUses: null,
        expiresAt: null,
        email: null,
        note: "",
        referrerPersonId: rita,
      },
      nowIso,
    );
    const springBuyer = await person("spring@example.com");
    await payWithCode(springBuyer, "spring@example.com", spring.code);
    const partial = await person("=partial@example.com");
    await payWithCode(partial, "=partial@example.com", spring.code);
    const friend = await person("friend@example.com");
    await payWithCode(friend, "friend@example.com", friendCode.code);
    const paidFriend = await person("paid.friend@example.com");
    await payWithCode(paidFriend, "paid.friend@example.com", friendCode.code);
    const refunded = await person("refunded@example.com");
    await pay(refunded, "refunded@example.com");

    // The owner has paid Rita one reward (the other is still owed).
    const credits = await db()
      .selectFrom("referral_credits")
      .innerJoin("payments", "payments.id", "referral_credits.payment_id")
      .select(["referral_credits.id", "payments.person_id"])
      .execute();
    expect(credits).toHaveLength(2);
    await db()
      .updateTable("referral_credits")
      .set({ status: "refunded", settled_at: nowIso })
      .where("id", "=", credits.find((c) => c.person_id === paidFriend)!.id)
      .execute();

    // Week 3: one full refund, one partial ($200 of a discounted $519.20) through a request to leave.
    clock.set(WEEK_3);
    expect(await refundEnrollment(services(), "owner@example.com", refunded, "moved")).toBe(
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
    const account = await db()
      .selectFrom("admin_users")
      .select(["id", "email"])
      .executeTakeFirstOrThrow();
    expect(
      await approveWithdrawal(services(), account, partial, {
        withdrawalId: request.id,
        amountCents: 20_000,
        note: "",
        confirmed: true,
      }),
    ).toEqual({ kind: "approved", cents: 20_000 });

    const cohortId = (await getCohort(db(), clock.now())).id;
    const page = (await owner.get(moneyLoader, "/admin/money")).body as MoneyPage;
    expect(page.chosen?.id).toBe(cohortId);
    const row = page.cohorts.find((c) => c.id === cohortId)!;
    // 7 seats at $649: 3 full price, 2 at 20% off ($129.80 off), 2 referred friends ($50 off).
    const expected: CohortMoney = {
      payments: 7,
      grossCents: 7 * 64_900,
      discountCents: 2 * 12_980 + 2 * 5_000,
      refundCents: 64_900 + 20_000,
      netCents: 2 * 64_900 + 51_920 + 31_920 + 2 * 59_900,
      rewardsPaidCents: 7_500,
      rewardsOwedCents: 7_500,
      outstandingPlanCents: 0,
    };
    expect(row.money).toEqual(expected);
    expect(row.money.grossCents - row.money.discountCents - row.money.refundCents).toBe(
      row.money.netCents,
    );

    // Equal uses: by code (RITA… before SPRING…); no code last.
    expect(page.byCode).toEqual([
      {
        code: friendCode.code,
        payments: 2,
        grossCents: 2 * 64_900,
        discountCents: 2 * 5_000,
        refundCents: 0,
        netCents: 2 * 59_900,
      },
      {
        code: spring.code,
        payments: 2,
        grossCents: 2 * 64_900,
        discountCents: 2 * 12_980,
        refundCents: 20_000,
        netCents: 51_920 + 31_920,
      },
      {
        code: null,
        payments: 3,
        grossCents: 3 * 64_900,
        discountCents: 0,
        refundCents: 64_900,
        netCents: 2 * 64_900,
      },
    ]);
    expect(page.byReferrer).toEqual([
      {
        referrerId: rita,
        name: "Rita Referrer",
        friendsEnrolled: 2,
        rewardsOwedCents: 7_500,
        rewardsPaidCents: 7_500,
      },
    ]);
    // The code's own count agrees with the payments carrying it.
    const counted = await db()
      .selectFrom("promo_codes")
      .select("uses")
      .where("id", "=", spring.id)
      .executeTakeFirstOrThrow();
    expect(Number(counted.uses)).toBe(2);

    const csv = await owner.get(csvLoader, `/admin/money.csv?cohort=${cohortId}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const [header, ...lines] = csvCells(csv.body as string);
    expect(header).toEqual([...MONEY_CSV_HEADER]);
    expect(lines).toHaveLength(7);
    const byEmail = new Map(lines.map((line) => [line[2], line]));
    expect(byEmail.get("spring@example.com")!.slice(3)).toEqual([
      spring.code,
      "649.00",
      "129.80",
      "519.20",
      "0.00",
      "519.20",
      "Paid",
    ]);
    // A formula-looking address is neutralised by the CSV helper.
    expect(byEmail.get("'=partial@example.com")!.slice(3)).toEqual([
      spring.code,
      "649.00",
      "129.80",
      "519.20",
      "200.00",
      "319.20",
      "Refunded",
    ]);
    expect(byEmail.get("refunded@example.com")!.slice(3)).toEqual([
      "",
      "649.00",
      "0.00",
      "649.00",
      "649.00",
      "0.00",
      "Refunded",
    ]);
    expect(byEmail.get("friend@example.com")![3]).toBe(friendCode.code);
    // The CSV's columns add up to the page's figures.
    const cents = (column: number) =>
      lines.reduce((sum, line) => sum + Math.round(Number(line[column]) * 100), 0);
    expect([cents(4), cents(5), cents(7), cents(8)]).toEqual([
      expected.grossCents,
      expected.discountCents,
      expected.refundCents,
      expected.netCents,
    ]);
  });

  it("shows a chosen cohort, answers 404 for an unknown one, and the CSV asks for a cohort", async () => {
    const cohortId = (await getCohort(db(), clock.now())).id;
    const page = (await owner.get(moneyLoader, `/admin/money?cohort=${cohortId}`))
      .body as MoneyPage;
    expect(page.chosen?.id).toBe(cohortId);
    // Equal uses: by code (RITA… before SPRING…); no code last.
    expect(page.byCode).toEqual([]);
    await expect(owner.get(moneyLoader, "/admin/money?cohort=nope")).rejects.toMatchObject({
      init: { status: 404 },
    });
    expect((await owner.get(csvLoader, "/admin/money.csv")).status).toBe(400);
    expect((await owner.get(csvLoader, "/admin/money.csv?cohort=nope")).status).toBe(404);
  });
});

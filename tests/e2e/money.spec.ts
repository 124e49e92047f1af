import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import type { DB } from "../../app/db/database.server";
import { newPerson } from "../../app/features/people/people.server";
import { createAccount, logIn } from "./admin-support";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { uniqueEmail, withDb } from "./support";
import { hasJava, validate } from "./validator";

/**
 * The owner's money page (issue 49, item 5): a cohort of its own with four payments (one full
 * price, one with a 20% code then $200 refunded, one referred friend, one refunded in full) and
 * the referrer's reward owed. At a desktop's and a phone's width the figures add up, axe finds
 * nothing and, where Java is installed, the Nu validator neither; the CSV has a line per payment.
 */

const OWNER = uniqueEmail("money-owner");

async function insertPayment(
  db: DB,
  cohortId: string,
  input: {
    name: string;
    charged: number;
    discount?: number;
    code?: { id: string; code: string };
    status?: "paid" | "refunded";
  },
) {
  const now = new Date().toISOString();
  const email = uniqueEmail(input.name.toLowerCase());
  const person = newPerson(email, now, { first_name: input.name, last_name: "Buyer" });
  await db.insertInto("people").values(person).execute();
  const holdId = randomUUID();
  const sessionId = `cs_test_${randomUUID().replaceAll("-", "")}`;
  await db
    .insertInto("seat_holds")
    .values({
      id: holdId,
      cohort_id: cohortId,
      kind: "checkout",
      offer_token_hash: null,
      person_id: person.id,
      visitor_id: null,
      email,
      status: "paid",
      provider: "test",
      session_id: sessionId,
      expires_at: now,
      created_at: now,
      updated_at: now,
      promo_code_id: input.code?.id ?? null,
      amount_cents: input.charged,
    })
    .execute();
  const paymentId = randomUUID();
  await db
    .insertInto("payments")
    .values({
      id: paymentId,
      cohort_id: cohortId,
      hold_id: holdId,
      person_id: person.id,
      provider: "test",
      session_id: sessionId,
      email,
      amount_cents: input.charged,
      status: input.status ?? "paid",
      refund_reason: input.status === "refunded" ? "test" : null,
      refunded_at: input.status === "refunded" ? now : null,
      created_at: now,
      last_touch: null,
      mentor_id: null,
      promo_code_id: input.code?.id ?? null,
      promo_code: input.code?.code ?? null,
      discount_cents: input.discount ?? 0,
    })
    .execute();
  return { personId: person.id, paymentId, email };
}

function codeRow(code: string, now: string, over: { referrer?: string } = {}) {
  return {
    id: randomUUID(),
    code,
    code_key: code.replaceAll("-", ""),
    kind: "percent" as const,
    percent_off: 20,
    amount_off_cents: null,
    cohort_id: null,
    max_uses: null,
    uses: 0,
    expires_at: null,
    email: null,
    note: "",
    referrer_person_id: over.referrer ?? null,
    disabled_at: null,
    created_at: now,
    updated_at: now,
  };
}

async function seedCohort() {
  const cohortId = randomUUID();
  const tag = cohortId.slice(0, 5).toUpperCase();
  const spring = `SPRING-${tag}`;
  const friend = `FRIEND-${tag}`;
  await withDb(async (db) => {
    const now = new Date().toISOString();
    await db
      .insertInto("cohorts")
      .values({
        id: cohortId,
        start_date: "2026-03-02",
        capacity: 10,
        enrolled_count: 3,
        is_active: 0,
        is_current: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const springCode = codeRow(spring, now);
    await db.insertInto("promo_codes").values(springCode).execute();
    const referrer = await insertPayment(db, cohortId, { name: "Rita", charged: 64_900 });
    const friendCode = codeRow(friend, now, { referrer: referrer.personId });
    await db.insertInto("promo_codes").values(friendCode).execute();
    const partial = await insertPayment(db, cohortId, {
      name: "Parker",
      charged: 51_920,
      discount: 12_980,
      code: springCode,
      status: "refunded",
    });
    await db
      .insertInto("withdrawals")
      .values({
        id: randomUUID(),
        person_id: partial.personId,
        cohort_id: cohortId,
        payment_id: partial.paymentId,
        kind: "leave",
        reason: "New job",
        rule: "case_by_case",
        status: "approved",
        requested_at: now,
        decided_at: now,
        decided_by_id: null,
        decision_note: null,
        refund_cents: 20_000,
      })
      .execute();
    const referred = await insertPayment(db, cohortId, {
      name: "Frankie",
      charged: 59_900,
      discount: 5_000,
      code: friendCode,
    });
    await insertPayment(db, cohortId, { name: "Reese", charged: 64_900, status: "refunded" });
    await db
      .insertInto("referral_credits")
      .values({
        id: randomUUID(),
        referrer_person_id: referrer.personId,
        friend_person_id: referred.personId,
        payment_id: referred.paymentId,
        amount_cents: 7_500,
        status: "owed",
        settled_at: null,
        created_at: now,
      })
      .execute();
  });
  return { cohortId, spring, friend };
}

/** The page's figures at this width: they add up, and nothing is out of reach or invalid. */
async function checkPage(page: Page, url: string, cohortId: string, spring: string) {
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1, name: "Money" })).toBeVisible();
  const row = page.locator(`[data-cohort="${cohortId}"]`);
  // Gross $2,596 − discounts $179.80 − refunds $849 = net $1,567.20 (formatDollars drops a
  // trailing 0 of the cents today: "$179.8").
  await expect(row.getByRole("cell")).toHaveText([
    "4",
    "$2,596",
    /^\$179\.80?$/,
    "$849",
    /^\$1,567\.20?$/,
    "$0",
    "$75",
    "$0",
  ]);
  await expect(page.locator(`[data-code="${spring}"]`).getByRole("cell")).toHaveText([
    "1",
    "$649",
    /^\$129\.80?$/,
    "$200",
    /^\$319\.20?$/,
  ]);
  await expect(page.getByTestId("referrer-money")).toHaveCount(1);
  await expect(page.getByTestId("referrer-money").getByRole("cell")).toHaveText(["1", "$75", "$0"]);
  await expectNoAxeViolations(page);
  // On a phone the page itself never scrolls sideways (wide tables scroll in their frames).
  const wider = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(wider).toBe(false);
}

test.describe("the owner's money page", () => {
  test.describe.configure({ timeout: 90_000 });
  test.beforeAll(async () => await createAccount(OWNER, true));

  test("adds up each cohort at a desktop's and a phone's width, valid and accessible, with its CSV", async ({
    page,
  }) => {
    const { cohortId, spring, friend } = await seedCohort();
    await logIn(page, OWNER);
    await page.getByRole("link", { name: "Money" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Money" })).toBeVisible();

    const url = `/admin/money?cohort=${cohortId}`;
    await page.setViewportSize({ width: 1440, height: 900 });
    await checkPage(page, url, cohortId, spring);
    await page.setViewportSize({ width: 390, height: 844 });
    await checkPage(page, url, cohortId, spring);

    // The picker is a GET form: choosing the cohort and Show lands on the same figures.
    await page.getByRole("combobox", { name: "Cohort" }).selectOption(cohortId);
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(new RegExp(`cohort=${cohortId}`));

    const csv = await page.request.get(`/admin/money.csv?cohort=${cohortId}`);
    expect(csv.status()).toBe(200);
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe(
      '"date","person","email","code","list price (USD)","discount (USD)","charged (USD)","refunded (USD)","kept (USD)","status"',
    );
    expect(lines).toHaveLength(5);
    expect(lines.find((line) => line.includes(spring))).toMatch(
      /"Parker Buyer","[^"]+","SPRING-\w+","649.00","129.80","519.20","200.00","319.20","Refunded"$/,
    );
    expect(lines.find((line) => line.includes(friend))).toMatch(
      /"649.00","50.00","599.00","0.00","599.00","Paid"$/,
    );

    if (hasJava) {
      const pages = new Map<string, string>();
      pages.set(url, await (await page.request.get(url)).text());
      expect(validate(pages)).toEqual([]);
    }
  });
});

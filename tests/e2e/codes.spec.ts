import { codesConsole as t } from "../../app/features/discounts/codes-console.words";
import { enrollCode } from "../../app/features/discounts/codes.words";
import { referralsText } from "../../app/features/discounts/referrals.words";
import { createAccount, logIn } from "./admin-support";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { newBrowser, submitApplication } from "./people";
import { releaseAllHolds, setCohort, uniqueEmail, withDb } from "./support";
import { hasJava, validate } from "./validator";

const OWNER = uniqueEmail("owner-codes");

/** The owner makes a code on /admin/codes and reads it back from the toast. */
async function makeCode(page: import("@playwright/test").Page, fill: () => Promise<void>) {
  await page.goto("/admin/codes");
  await fill();
  await page.getByRole("button", { name: t.create }).click();
  const toast = page.getByText(/^Code [A-Z0-9-]+ created$/);
  await expect(toast).toBeVisible();
  return (await toast.textContent())!.replace(/^Code | created$/g, "");
}

test.describe("ways to pay: codes and scholarships", () => {
  test.beforeAll(async () => {
    await createAccount(OWNER, true);
  });
  test.beforeEach(async () => {
    await releaseAllHolds();
    await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1, start_date: "2027-01-13" });
  });
  test.afterEach(async () => {
    await withDb((db) =>
      db.updateTable("promo_codes").set({ disabled_at: "2026-01-01" }).execute(),
    );
  });

  test("the owner makes a 20% code; an applicant applies it and pays $519.20", async ({
    page,
    browser,
  }) => {
    await logIn(page, OWNER);
    await page
      .getByRole("navigation", { name: "Console" })
      .getByRole("link", { name: t.nav, exact: true })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.title);
    await expectNoAxeViolations(page);
    // Bad input: one clear message, nothing made.
    await page.getByLabel(t.percent).fill("150");
    await page.getByRole("button", { name: t.create }).click();
    await expect(page.getByText(t.percentInvalid).first()).toBeVisible();

    const code = await makeCode(page, async () => {
      await page.getByLabel(t.prefix).fill("spring");
      await page.getByLabel(t.percent).fill("20");
      await page.getByLabel(t.maxUses).fill("3");
    });
    expect(code).toMatch(/^SPRING-/);
    await expect(page.getByTestId("code-row").filter({ hasText: code })).toContainText("0 of 3");
    const pages = new Map([
      ["/admin/codes", await (await page.request.get("/admin/codes")).text()],
    ]);

    const buyer = await newBrowser(browser);
    await submitApplication(buyer, uniqueEmail("coded"));
    await expect(buyer).toHaveURL(/\/enroll$/);
    await buyer.getByLabel(enrollCode.label).fill("nope-nope");
    await buyer.getByRole("button", { name: enrollCode.apply }).click();
    await expect(buyer.getByText(enrollCode.refusals.unknown)).toBeVisible();
    await buyer.getByLabel(enrollCode.label).fill(code.toLowerCase());
    await buyer.getByRole("button", { name: enrollCode.apply }).click();
    await expect(buyer.getByTestId("amount-due")).toHaveText("$519.20");
    await expect(buyer.getByTestId("code-discount")).toContainText("−$129.80");
    await expectNoAxeViolations(buyer);
    pages.set("/enroll?code=", await (await buyer.request.get(buyer.url())).text());
    await buyer.getByRole("button", { name: "Enroll Now for $519.20" }).click();
    await expect(buyer).toHaveURL(/\/checkout\/test\//);
    await buyer.getByRole("button", { name: "Pay $519.20" }).click();
    await expect(buyer.getByRole("heading", { name: "You're In!" })).toBeVisible();

    await page.reload();
    await expect(page.getByTestId("code-row").filter({ hasText: code })).toContainText("1 of 3");
    if (hasJava) expect(validate(pages)).toEqual([]);
  });

  test("a full scholarship for one address enrolls its holder without a card, on a phone", async ({
    page,
    browser,
  }) => {
    const scholar = uniqueEmail("scholar");
    await logIn(page, OWNER);
    const code = await makeCode(page, async () => {
      await page.getByLabel(t.percent).fill("100");
      await page.getByLabel(t.email).fill(scholar);
      await page.getByLabel(t.note).fill("State U career office");
    });

    const stranger = await newBrowser(browser);
    await submitApplication(stranger, uniqueEmail("stranger"));
    await stranger.goto(`/enroll?code=${code}`);
    await expect(stranger.getByText(enrollCode.refusals.unknown)).toBeVisible();

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const mine = await phone.newPage();
    await submitApplication(mine, scholar);
    await expect(mine).toHaveURL(/\/enroll$/);
    await mine.getByLabel(enrollCode.label).fill(code);
    await mine.getByRole("button", { name: enrollCode.apply }).click();
    await expect(mine.getByTestId("amount-due")).toHaveText("$0");
    await mine.getByRole("button", { name: "Enroll Now for $0" }).click();
    await expect(mine.getByRole("heading", { name: "You're In!" })).toBeVisible();
    const width = await mine.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    // The student's portal home offers their own referral code once the owner turns referrals on.
    await page.goto("/admin/codes");
    await page.getByLabel(t.friendDiscount).fill("50");
    await page.getByLabel(t.referrerReward).fill("75");
    await page.getByRole("button", { name: t.saveReferrals }).click();
    await expect(page.getByText(t.referralsSaved)).toBeVisible();
    await mine.goto("/portal");
    const card = mine.getByTestId("referral-card");
    await expect(card.getByRole("heading", { name: referralsText.cardTitle })).toBeVisible();
    await expect(card.getByTestId("referral-code")).toHaveText(/^[A-Z]+-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    await phone.close();
  });
});

import type { Download, Page } from "@playwright/test";
import { inflatePdf, pdfText } from "../support/documents";
import { createAccount, logIn } from "./admin-support";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { personId } from "./mentor-support";
import { payOnTestCheckout, submitApplication } from "./people";
import { releaseAllHolds, setCohort, uniqueEmail, withDb } from "./support";
import { hasJava, validate } from "./validator";

/**
 * Receipts (issue 49, item 4): a student pays on the test checkout, opens their receipt from the
 * portal, adds a company name (a refused address first), downloads the PDF; the owner sets the
 * business's legal name and sees it on the receipt from the person page, and so does the student.
 * Every page has no axe violations and is valid HTML by the Nu validator.
 */

const OWNER = uniqueEmail("receipts-owner");
const LEGAL_NAME = `Scratch Ventures ${Date.now()} LLC`;

/** The text of a downloaded PDF, compressed as served. */
async function downloadedText(download: Promise<Download>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await (await download).createReadStream()) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return pdfText(inflatePdf(bytes)).replace(/\s+/g, " ");
}

async function downloadPdf(page: Page) {
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the PDF" }).click();
  expect((await download).suggestedFilename()).toMatch(/^receipt-R-\d{8}-[0-9A-F]{8}\.pdf$/);
  return downloadedText(download);
}

test.describe("receipts", () => {
  test.beforeEach(async () => {
    await releaseAllHolds();
    await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1, start_date: "2027-01-13" });
    await createAccount(OWNER, true);
  });

  test("a student pays, opens and completes their receipt and downloads it; the owner sets the legal name and sees it", async ({
    browser,
    page,
  }) => {
    test.setTimeout(120_000);
    const pages = new Map<string, string>();
    const email = uniqueEmail("receipts-student");
    const student = await (await browser.newContext({ timezoneId: "Europe/London" })).newPage();
    await submitApplication(student, email);
    await expect(student).toHaveURL(/\/enroll$/);
    await payOnTestCheckout(student);
    await student.getByRole("link", { name: "Go to your cohort portal" }).click();
    await expect(student).toHaveURL(/\/portal$/);

    await student.getByTestId("portal-header").getByRole("link", { name: "Receipts" }).click();
    await expect(student.getByRole("heading", { level: 1, name: "Your receipts" })).toBeVisible();
    await expectNoAxeViolations(student);
    const receiptLink = student.locator("[data-receipts] a");
    await expect(receiptLink).toHaveCount(1);
    await expect(receiptLink).toContainText("$649.00");
    pages.set("/portal/receipts", await (await student.request.get("/portal/receipts")).text());

    await receiptLink.click();
    await expect(student.getByRole("heading", { level: 1, name: /^Receipt R-/ })).toBeVisible();
    const receipt = student.locator("[data-receipt]");
    await expect(receipt.locator('[data-row="paidBy"] dd')).toHaveText("Ada Lovelace");
    await expect(receipt.locator('[data-row="item"]')).toContainText(
      "From Scratch to Success: 6-week cohort",
    );
    await expect(receipt.locator('[data-row="amount"] dd')).toHaveText("$649.00 (US dollars)");
    await expect(receipt.locator('[data-row="method"] dd')).toHaveText(
      "The site's test checkout: no card was charged",
    );
    // The business details are not set yet: the site's name, and no address.
    await expect(receipt.locator("[data-seller]")).toContainText("From Scratch to Success");
    await expectNoAxeViolations(student);
    const receiptPath = new URL(student.url()).pathname;
    pages.set(receiptPath, await (await student.request.get(receiptPath)).text());

    // A refused address (seven lines) keeps what was typed and says why, then a company name.
    await student.getByLabel("Company or university (optional)").fill("Acme University");
    await student.getByLabel("Billing address (optional)").fill("1\n2\n3\n4\n5\n6\n7");
    await student.getByRole("button", { name: "Save receipt details" }).click();
    await expect(student.getByText("Please keep the address to 6 lines").first()).toBeVisible();
    await expect(student.getByLabel("Company or university (optional)")).toHaveValue(
      "Acme University",
    );
    await expectNoAxeViolations(student);
    const refused = await student.request.post(receiptPath, {
      form: { payerName: "", organization: "Acme University", address: "1\n2\n3\n4\n5\n6\n7" },
      headers: { origin: new URL(student.url()).origin },
    });
    expect(refused.status()).toBe(400);
    pages.set(`${receiptPath} (refused)`, await refused.text());
    await student.getByLabel("Billing address (optional)").fill("1 College Rd\nSpringfield");
    await student.getByRole("button", { name: "Save receipt details" }).click();
    await expect(student.getByText("Receipt details saved")).toBeVisible();
    await expect(receipt.locator('[data-row="organization"] dd')).toHaveText("Acme University");
    await expect(receipt.locator('[data-row="address"] dd')).toHaveText("1 College RdSpringfield");
    await expectNoAxeViolations(student);

    const studentPdf = await downloadPdf(student);
    expect(studentPdf).toContain("Acme University");
    expect(studentPdf).toContain("$649.00 (US dollars)");

    // The owner sets the legal name and address, and sees them on the receipt from the person page.
    await logIn(page, OWNER);
    await page
      .getByTestId("console-header")
      .getByRole("link", { name: "Business details" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Business details" })).toBeVisible();
    await expect(page.locator("[data-business]")).toContainText("Not set yet");
    await expectNoAxeViolations(page);
    await page.getByLabel("Legal name").fill(LEGAL_NAME);
    await page.getByLabel("Postal address").fill("9 Market St\nSpringfield, IL 62701");
    await page.getByRole("button", { name: "Save business details" }).click();
    await expect(page.getByText("Business details saved")).toBeVisible();
    await expect(page.locator("[data-business]")).toContainText(LEGAL_NAME);
    await expectNoAxeViolations(page);
    pages.set("/admin/business", await (await page.request.get("/admin/business")).text());

    const id = await personId(email);
    await page.goto(`/admin/people/${id}`);
    await page.getByRole("link", { name: "$649", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Receipt R-/ })).toBeVisible();
    await expect(page.locator("[data-seller]")).toContainText(LEGAL_NAME);
    await expect(page.locator("[data-seller]")).toContainText("Springfield, IL 62701");
    await expect(page.locator('[data-row="organization"] dd')).toHaveText("Acme University");
    await expect(page.locator('[data-row="paidOn"] dd')).toContainText("(America/New_York)");
    await expectNoAxeViolations(page);
    const ownerPath = new URL(page.url()).pathname;
    pages.set(ownerPath, await (await page.request.get(ownerPath)).text());
    expect(await downloadPdf(page)).toContain(LEGAL_NAME);

    // The student's copy says it too, in their browser's zone.
    await student.reload();
    await expect(receipt.locator("[data-seller]")).toContainText(LEGAL_NAME);
    await expect(receipt.locator('[data-row="paidOn"] dd')).toContainText("(Europe/London)");
    expect(await downloadPdf(student)).toContain(LEGAL_NAME);
    await student.context().close();

    const payments = await withDb((db) =>
      db.selectFrom("payment_billing").select("organization").execute(),
    );
    expect(payments.map((row) => row.organization)).toContain("Acme University");
    if (hasJava) expect(validate(pages)).toEqual([]);
  });
});

import { expect, expectNoAxeViolations, test } from "./fixtures";

test.describe("privacy page", () => {
  test("the footer leads to it; it says what is kept, for how long, and whom to ask", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/apply");
    await page.locator("footer").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await expect(page).toHaveTitle("Privacy Policy | From Scratch to Success");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{20,}/);
    const main = page.locator("main");
    for (const heading of [
      "What we collect and why",
      "How long we keep it",
      "A copy of your data, or its erasure",
    ])
      await expect(main.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    // The e2e server runs on the defaults: RESUME_KEEP_DAYS 180, VISITOR_ID_KEEP_DAYS 90, BACKUP_KEEP 14.
    await expect(main).toContainText("Deleted 180 days after its review.");
    await expect(main).toContainText("Removed after 90 days.");
    await expect(main).toContainText("We keep the newest 14 backups of the database");
    await expect(
      main.getByRole("link", { name: "hello@fromscratchtosuccess.com" }),
    ).toHaveAttribute("href", "mailto:hello@fromscratchtosuccess.com");
    expect(consoleErrors).toEqual([]);
  });

  test("has no axe violations", async ({ page }) => {
    await page.goto("/privacy");
    await expectNoAxeViolations(page);
  });
});

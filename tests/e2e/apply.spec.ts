import { expect, expectNoAxeViolations, test } from "./fixtures";
import { decodedMail, fillApplication, mailTo, setCohort, uniqueEmail } from "./support";

const submit = (page: import("@playwright/test").Page) =>
  page.getByRole("button", { name: "Submit Application" }).click();

test.describe("application", () => {
  test.beforeEach(async () => {
    await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1 });
  });

  test("has its heading, back link and no axe violations", async ({ page }) => {
    await page.goto("/apply");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Apply to From Scratch to Success",
    );
    await expect(page.getByRole("link", { name: /Back to Home/ })).toHaveAttribute("href", "/");
    await expectNoAxeViolations(page);
  });

  test("shows the year message on blur, marks the field, and blocks submit", async ({ page }) => {
    await page.goto("/apply");
    const year = page.getByLabel("Graduation year");
    const message = `Please enter a valid year (${new Date().getFullYear()} or later)`;
    // The message on blur is the page's inline enhancement; without it the server says it on submit.
    await year.fill("2020");
    await year.blur();
    await expect(page.getByText(message)).toBeVisible();
    await expect(year).toHaveAttribute("aria-invalid", "true");
    await expect(year).toHaveCSS("border-top-color", /oklch\(0\.577 0\.245 27|rgb\(231, 0, 11\)/);
    await fillApplication(page, { email: uniqueEmail("year") });
    await year.fill("20271");
    await submit(page);
    await expect(page).toHaveURL(/\/apply$/);
    await expect(page.getByText(message)).toBeVisible();
    await expect(year).toBeFocused();
  });

  test("the button reads 'Submitting...' while the application is on its way", async ({ page }) => {
    await page.goto("/apply");
    await fillApplication(page, { email: uniqueEmail("submitting") });
    // Hold the post in the page: a listener after the enhancement's cancels the navigation.
    await page
      .locator("form[data-enhance]")
      .evaluate((form) => form.addEventListener("submit", (event) => event.preventDefault()));
    await submit(page);
    const busy = page.getByRole("button", { name: "Submitting..." });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
  });

  test("the form says consulting is welcome alongside a finance track", async ({ page }) => {
    await page.goto("/apply");
    const targets = page.getByRole("group", { name: /careers are you targeting/ });
    await expect(targets).toHaveAccessibleDescription(
      /Consulting is welcome alongside a finance track \(wealth management, banking or capital markets\), not on its own\./,
    );
  });

  test("not suited: Consulting alone, and the result says why", async ({ page, consoleErrors }) => {
    await page.goto("/apply");
    await fillApplication(page, { email: uniqueEmail("consult"), targets: ["Consulting"] });
    await submit(page);
    await expect(page.getByRole("heading", { name: "Thank you for applying" })).toBeVisible();
    const result = page.getByRole("status");
    await expect(result).toHaveAttribute("data-outcome", "not_suited");
    await expect(result).toContainText(
      "Consulting roles are welcome here alongside a finance track, but not on their own",
    );
    await expect(result).toContainText("apply again and choose it beside Consulting");
    await expect(result.getByRole("link", { name: /free resource library/ })).toHaveAttribute(
      "href",
      "/resource-library",
    );
    await expectNoAxeViolations(page);
    expect(consoleErrors).toEqual([]);
  });

  test("not suited: a goal outside finance, told what the program prepares for", async ({
    page,
  }) => {
    await page.goto("/apply");
    await fillApplication(page, {
      email: uniqueEmail("design"),
      targets: ["Other"],
      other: "graphic design",
    });
    await submit(page);
    const result = page.getByRole("status");
    await expect(result).toContainText(
      "prepares students for wealth management, banking and capital markets roles (consulting is welcome alongside one of them)",
    );
    await expect(result).not.toContainText("beside Consulting");
  });

  test("has questions: message with an FAQ link that scrolls to #faq, and an email", async ({
    page,
  }) => {
    const email = uniqueEmail("questions");
    await page.goto("/apply");
    await fillApplication(page, {
      email,
      targets: ["Other"],
      other: "equity research",
      ready: "I have questions before deciding",
    });
    await submit(page);
    await expect(
      page.getByRole("heading", { name: "Thanks! We'll answer your questions" }),
    ).toBeVisible();
    await page.getByRole("status").getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/#faq$/);
    await expect(page.locator("#faq")).toBeInViewport();
    await expect.poll(async () => (await mailTo(email)).length).toBe(1);
    expect((await mailTo(email))[0]).toContain("within 24 hours");
  });

  test("qualified: goes to /enroll and gets the enrollment email", async ({ page }) => {
    const email = uniqueEmail("qualified");
    await page.goto("/apply");
    await fillApplication(page, { email });
    await submit(page);
    await expect(page).toHaveURL(/\/enroll$/);
    await expect.poll(async () => (await mailTo(email)).length).toBe(1);
    expect((await mailTo(email))[0]).toContain("/enroll");
  });

  for (const [name, answers, text] of [
    [
      "cannot commit time",
      { hours: "No", ready: "Yes, I'm ready to enroll" },
      "needs at least 5 hours per week",
    ],
    [
      "not ready to enroll",
      { hours: "Yes", ready: "No, add me to the waitlist" },
      "not ready to enroll yet",
    ],
    [
      "both",
      { hours: "No", ready: "No, add me to the waitlist" },
      "can't commit 5 hours per week yet and asked to join",
    ],
  ] as const) {
    test(`waitlist: ${name}`, async ({ page }) => {
      await page.goto("/apply");
      await fillApplication(page, { email: uniqueEmail("wait"), ...answers });
      await submit(page);
      await expect(page.getByRole("heading", { name: "You're on the waitlist" })).toBeVisible();
      await expect(page.getByRole("status")).toContainText(text);
    });
  }

  test("waitlist: the email links the free resources", async ({ page }) => {
    const email = uniqueEmail("wait-links");
    await page.goto("/apply");
    await fillApplication(page, { email, ready: "No, add me to the waitlist" });
    await submit(page);
    await expect(page.getByRole("heading", { name: "You're on the waitlist" })).toBeVisible();
    await expect.poll(async () => (await mailTo(email)).length).toBe(1);
    const message = decodedMail((await mailTo(email))[0]!);
    for (const path of [
      "/resources/resume-template",
      "/resources/outreach-scripts",
      "/resources/application-tracker",
      "/resume-review",
    ]) {
      const url = new RegExp(`http://localhost:\\d+${path}`).exec(message)?.[0];
      expect(url, path).toBeTruthy();
      expect((await page.request.get(url!)).status(), path).toBe(200);
    }
  });

  test("waitlist: cohort full", async ({ page }) => {
    await setCohort({ capacity: 2, enrolled_count: 2 });
    await page.goto("/apply");
    await fillApplication(page, { email: uniqueEmail("full") });
    await submit(page);
    await expect(page.getByRole("heading", { name: "You're on the waitlist" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("the current cohort is full");
  });

  test("the Other and referral details appear only when chosen", async ({ page }) => {
    await page.goto("/apply");
    const specify = page.getByLabel("Please specify", { exact: true });
    await expect(specify).toBeHidden();
    await page.getByLabel("Other", { exact: true }).first().check();
    await expect(specify).toBeVisible();
    await expect(page.getByLabel("Who referred you?")).toBeHidden();
    await page.getByLabel("Referral").check();
    await expect(page.getByLabel("Who referred you?")).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a plain POST shows server errors, then the result", async ({ page }) => {
      await page.goto("/apply");
      await fillApplication(page, {
        email: uniqueEmail("nojs"),
        ready: "No, add me to the waitlist",
      });
      await page.getByLabel("Graduation year").fill("1999");
      await submit(page);
      await expect(
        page.getByText(`Please enter a valid year (${new Date().getFullYear()} or later)`),
      ).toBeVisible();
      await expect(page.getByLabel("Email")).not.toHaveValue("");
      await page.getByLabel("Graduation year").fill(String(new Date().getFullYear()));
      await submit(page);
      await expect(page.getByRole("heading", { name: "You're on the waitlist" })).toBeVisible();
    });

    test("ticking only Consulting says why it is not the right fit", async ({ page }) => {
      await page.goto("/apply");
      await expect(page.getByText("Consulting is welcome alongside a finance track")).toBeVisible();
      await fillApplication(page, { email: uniqueEmail("nojs-consult"), targets: ["Consulting"] });
      await submit(page);
      await expect(page).toHaveURL(/\/apply\?result=not_suited_consulting$/);
      await expect(page.getByRole("status")).toContainText(
        "Consulting roles are welcome here alongside a finance track, but not on their own",
      );
    });
  });
});

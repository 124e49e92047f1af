import { consoleText } from "../../app/content/console";
import { createAccount, logIn } from "./admin-support";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { gotMail } from "./people";
import { fillApplication, setCohort, uniqueEmail } from "./support";

const OWNER = uniqueEmail("owner-work");
const t = consoleText.person;

test.describe("acting on a person", () => {
  test.beforeAll(async () => {
    await createAccount(OWNER, true);
  });

  for (const javaScript of [true, false]) {
    test.describe(javaScript ? "with JavaScript" : "without JavaScript", () => {
      test.use({ javaScriptEnabled: javaScript });

      test("the owner answers a question from the dashboard, keeps a note and sends the enrollment link", async ({
        page,
        browser,
      }) => {
        test.setTimeout(120_000);
        await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1 });
        const email = uniqueEmail("asker");
        const question = `Is there a payment plan? (${email})`;
        const applicant = await (await browser.newContext()).newPage();
        await applicant.goto("/apply");
        await fillApplication(applicant, { email, ready: "I have questions before deciding" });
        await applicant.getByLabel("Do you have any questions for us? (optional)").fill(question);
        await applicant.getByRole("button", { name: "Submit Application" }).click();
        await expect(
          applicant.getByRole("heading", { name: /answer your questions/ }),
        ).toBeVisible();

        await logIn(page, OWNER);
        await page.goto("/admin");
        const waiting = page
          .getByTestId("waiting-questions")
          .getByRole("listitem")
          .filter({ hasText: question });
        await expect(waiting).toContainText("waiting 0 minutes");
        if (javaScript) await expectNoAxeViolations(page);
        await waiting.getByRole("link").click();

        await expect(page.getByTestId("status-words")).toHaveText(t.statusWords.has_questions);
        await expect(page.getByRole("blockquote").or(page.locator("blockquote"))).toHaveText(
          question,
        );
        await expect(page.getByText(/Asked \w{3}, \w{3} \d+, \d+:\d\d [AP]M E[SD]T/)).toBeVisible();
        if (javaScript) await expectNoAxeViolations(page);

        await page.getByRole("button", { name: t.replyButton }).click();
        await expect(page.getByText(t.replyRequired).first()).toBeVisible();
        await page.getByLabel(t.replyLabel).fill("Yes: three payments.\n\nSessions are recorded.");
        await page.getByRole("button", { name: t.replyButton }).click();
        await expect(page.getByText(t.replied)).toBeVisible();
        await gotMail(email, "> Is there a payment plan?");

        await page.getByLabel(t.noteLabel).fill("Wants IB; call on Friday.");
        await page.getByRole("button", { name: t.noteButton }).click();
        await expect(page.getByText(t.noteAdded)).toBeVisible();
        await expect(page.getByText("Wants IB; call on Friday.")).toBeVisible();
        await expect(page.getByLabel(t.noteLabel)).toHaveValue("");

        await page.getByLabel("New status").selectOption("qualified");
        await page.getByLabel("Reason").fill("Answered by email");
        await page.getByRole("button", { name: "Update status" }).click();
        await expect(page.getByTestId("status-words")).toHaveText(t.statusWords.qualified);
        await page.getByRole("button", { name: t.sendLink }).click();
        await expect(page.getByText(t.linkSent)).toBeVisible();
        await gotMail(email, "Your link to enroll");

        await page.goto("/admin");
        await expect(page.getByTestId("waiting-questions").getByText(question)).toHaveCount(0);
      });
    });
  }
});

import { createAccount, logIn } from "./admin-support";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { signInToPortal } from "./mentor-support";
import { decodedMail, mailTo, uniqueEmail } from "./support";
import { surveyedStudent } from "./survey-support";

/**
 * The end-of-program survey (issue 36, item 3): a student whose cohort's week 6 has ended gets
 * the survey by email and on their portal home, answers it once (plain posts: the portal ships no
 * framework JavaScript), and the owner sees the cohort's NPS, the mentor's, and the answer.
 */
test.describe("the end-of-program survey", () => {
  test.describe.configure({ timeout: 240_000 });

  test("a student whose cohort ended answers it; the owner sees the NPS and the answer", async ({
    browser,
    page,
  }) => {
    const { email, cohortId, mentorName } = await surveyedStudent(browser, "survey-ada");

    // The email, with the link to the survey.
    await expect
      .poll(
        async () =>
          (await mailTo(email)).map(decodedMail).find((m) => m.includes("how did it go?")),
        {
          timeout: 15_000,
        },
      )
      .toContain("/portal/survey");

    const student = await (await browser.newContext()).newPage();
    await signInToPortal(student, email);
    await expect(
      student.getByRole("heading", { name: "Your end-of-program survey" }),
    ).toBeVisible();
    await student.getByRole("link", { name: "Answer the survey" }).click();
    await expect(
      student.getByRole("heading", { level: 1, name: "End-of-program survey" }),
    ).toBeVisible();
    await expectNoAxeViolations(student);

    // No score: refused, the error under the question, nothing kept.
    const question = student.getByRole("group", { name: /How likely are you to recommend/ });
    await student.getByRole("button", { name: "Send my answers" }).click();
    await expect(question.getByText("Choose a number from 0 to 10")).toBeVisible();
    await expectNoAxeViolations(student);

    await question.getByRole("radio", { name: "9", exact: true }).check();
    await student.getByLabel("What helped you most?").fill("The mock interviews with my mentor");
    await student.getByLabel("What should we change?").fill("Start the 1-on-1s in week 0");
    await student.getByRole("button", { name: "Send my answers" }).click();
    await expect(student.getByText("Thank you: your answers are in.")).toBeVisible();
    await expect(student.getByRole("button", { name: "Send my answers" })).toHaveCount(0);
    // The home no longer asks.
    await student.goto("/portal");
    await expect(student.getByText("Your end-of-program survey")).toHaveCount(0);
    await student.context().close();

    // The owner: the cohort's page links to its survey, with the NPS and the answer.
    const owner = uniqueEmail("survey-owner");
    await createAccount(owner, true);
    await logIn(page, owner);
    await page.goto(`/admin/cohorts/${cohortId}`);
    await page.getByRole("link", { name: "End-of-program survey (NPS)" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/cohorts/${cohortId}/survey$`));
    const cohort = page.getByRole("region", { name: "The cohort" });
    await expect(cohort.getByText("NPS 100")).toBeVisible();
    await expect(cohort.getByText("1 promoter, 0 passives, 0 detractors")).toBeVisible();
    await expect(cohort.getByText("1 of 1 answered (100%)")).toBeVisible();
    const mentorRow = page.getByRole("row", { name: new RegExp(mentorName) });
    await expect(mentorRow.getByRole("cell").first()).toHaveText("100");
    const answer = page.locator("[data-survey-answer]");
    await expect(answer).toHaveCount(1);
    await expect(answer.getByRole("rowheader")).toHaveText("Ada Lovelace");
    await expect(answer).toContainText("The mock interviews with my mentor");
    await expect(answer).toContainText("Start the 1-on-1s in week 0");
    await expect(answer.getByRole("cell").nth(1)).toHaveText("9");
    await expectNoAxeViolations(page);
  });
});

import { createAccount, logIn } from "./admin-support";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import {
  assignMentor,
  createMentorWithCli as createMentor,
  pageWidth,
  payingStudent,
  signInByEmailLink,
} from "./mentor-support";
import { gotMail } from "./people";
import {
  decodedMail,
  mailTo,
  releaseAllHolds,
  setCohort,
  uniqueEmail,
  waitForHydration,
} from "./support";

/**
 * Mentors (issue 34): the owner invites one in /admin/mentors; the mentor signs in from the link
 * the portal emails them, on a 390 px phone with JavaScript off, and sees exactly their students:
 * profile, application answers, private notes. Another mentor's student is a 404, and the owner
 * reads the mentor's note on the person's page. The assignment of students to mentors is seeded
 * in the database (the assignment at payment is another part of the issue).
 */

const PHONE = { width: 390, height: 844 };

test.describe("a mentor in the portal", () => {
  test.describe.configure({ timeout: 180_000 });

  test("the owner invites a mentor, who signs in by email and sees exactly their students", async ({
    browser,
    page,
  }) => {
    const owner = uniqueEmail("mentor-owner");
    const mentor = uniqueEmail("mentor-jane");
    const other = uniqueEmail("mentor-olga");
    await createAccount(owner, true);
    createMentor(other, "Olga Other");
    await releaseAllHolds();
    await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1, start_date: "2027-01-11" });
    const mine = uniqueEmail("mentee-mine");
    const theirs = uniqueEmail("mentee-theirs");
    const mineId = await payingStudent(browser, mine);
    const theirsId = await payingStudent(browser, theirs);

    // The owner invites the mentor.
    await logIn(page, owner);
    await page.goto("/admin/mentors");
    const inviteButton = page.getByRole("button", { name: "Invite mentor" });
    await waitForHydration(inviteButton);
    const invite = page.getByRole("region", { name: "Invite a mentor" });
    await invite.getByLabel("Email").fill(mentor);
    await invite.getByLabel("Name").fill("Jane Mentor");
    await invite.getByLabel("Short bio").fill("Ten years in wealth management.");
    await invite.getByLabel("Students per cohort").fill("3");
    await inviteButton.click();
    await expect(
      page.locator("[data-toast]").filter({ hasText: "Jane Mentor is invited" }),
    ).toBeVisible();
    await expect(page.getByTestId("mentor-row").filter({ hasText: mentor })).toContainText(
      "0 of 3",
    );
    // Inviting the same address again is refused under the field.
    await invite.getByLabel("Email").fill(mentor.toUpperCase());
    await invite.getByLabel("Name").fill("Someone Else");
    await inviteButton.click();
    await expect(invite.getByText(`${mentor} is already a mentor.`)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize(PHONE);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await gotMail(mentor, "Open the cohort portal");

    await assignMentor(mine, mentor);
    await assignMentor(theirs, other);

    // The mentor, on a phone with JavaScript off, opens the portal from the invitation.
    const phone = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const m = await phone.newPage();
    const invitation = decodedMail(
      (await mailTo(mentor)).find((raw) => raw.includes("cohort portal"))!,
    );
    expect(invitation).toMatch(/http:\/\/localhost:\d+\/portal\b/);
    await signInByEmailLink(m, mentor);
    await expect(m).toHaveURL(/\/portal\/mentor$/);
    await expect(m.getByRole("heading", { level: 1, name: "My students" })).toBeVisible();
    const cards = m.getByTestId("mentor-student");
    await expect(cards).toHaveCount(1);
    await expect(cards.getByRole("link")).toHaveAttribute(
      "href",
      `/portal/mentor/students/${mineId}`,
    );
    expect(await pageWidth(m)).toBeLessThanOrEqual(PHONE.width);

    // One student's page: the profile and the application's answers, and a private note.
    await cards.getByRole("link").click();
    await expect(m.getByRole("heading", { level: 1, name: "Ada Lovelace" })).toBeVisible();
    await expect(m.getByText(mine)).toBeVisible();
    await expect(m.getByText("I have no network in finance yet.")).toBeVisible();
    await expect(m.getByText("I love how markets work.")).toBeVisible();
    await m.getByLabel("Add a note").fill("Strong on markets; practise the interview story.");
    await m.getByRole("button", { name: "Save note" }).click();
    await expect(m.getByTestId("mentor-notes")).toContainText(
      "Strong on markets; practise the interview story.",
    );
    await expect(m.getByTestId("mentor-notes")).toContainText("Jane Mentor");
    expect(await pageWidth(m)).toBeLessThanOrEqual(PHONE.width);

    // axe runs in the page: the same session in a browser with JavaScript on.
    const axe = await browser.newContext({
      viewport: PHONE,
      storageState: await phone.storageState(),
    });
    const a = await axe.newPage();
    for (const path of ["/portal/mentor", `/portal/mentor/students/${mineId}`]) {
      await a.goto(path);
      await expect(a.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(a);
    }
    await axe.close();

    // Another mentor's student is not there, and the owner's console is not theirs.
    const refused = await m.goto(`/portal/mentor/students/${theirsId}`);
    expect(refused?.status()).toBe(404);
    await expect(m.locator("body")).not.toContainText(theirs);
    // The refusal says what it is (never the HTTP reason phrase) and leads back to the portal.
    await expect(m.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
    await expect(m.locator("body")).not.toContainText("Internal Server Error");
    // A student's page is not a mentor's: refused as such.
    expect((await m.goto("/portal/profile"))?.status()).toBe(403);
    await expect(
      m.getByRole("heading", { level: 1, name: "This page isn't open to you" }),
    ).toBeVisible();
    await m.getByRole("link", { name: "Return to the portal" }).click();
    await expect(m).toHaveURL(/\/portal\/mentor$/);
    await m.goto("/admin/people");
    await expect(m.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
    await expect(m.locator("body")).not.toContainText(mine);
    await phone.close();

    // The owner reads the mentor's note on the student's page.
    await page.goto(`/admin/people/${mineId}`);
    await expect(page.getByText("Strong on markets; practise the interview story.")).toBeVisible();
    await expect(page.getByText(mentor, { exact: false }).first()).toBeVisible();
  });
});

import type { Page } from "@playwright/test";
import { minimalDocx } from "../support/docx-fixtures";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import {
  assignMentor,
  createMentor,
  pageWidth,
  payingStudent,
  signInToPortal,
} from "./mentor-support";
import { releaseAllHolds, setCohort, uniqueEmail } from "./support";
import { hasJava, validate } from "./validator";

/**
 * Each week's work (issue 48), as its "done when" says: a student on a phone opens week 2, hands in
 * a resume, gets "Revise" with a comment, hands in a new version and gets "Looks good"; the mentor
 * sees both versions. Every page passes axe and, where Java is installed, the Nu validator.
 */

const PHONE = { width: 390, height: 844 };
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const WEEK_2 = "/portal/weeks/2";

/** Eight days ago: the cohort is in its second week, whatever today's weekday. */
const startedEightDaysAgo = () => new Date(Date.now() - 8 * 86_400_000).toISOString().slice(0, 10);

async function handIn(page: Page, name: string) {
  const card = page.locator('[data-assignment="w2-resume"]');
  await card.getByLabel("Word file (.docx)").setInputFiles({
    name,
    mimeType: DOCX,
    buffer: Buffer.from(minimalDocx(name)),
  });
  await card.getByRole("button", { name: /^Hand in/ }).click();
  await expect(page.getByText("Handed in", { exact: true })).toBeVisible();
  await expect(card.locator("[data-work-status]")).toHaveText("Waiting for your mentor");
}

async function review(mentor: Page, verdict: "Revise" | "Looks good", comment: string) {
  await mentor.goto("/portal/mentor");
  await mentor.getByRole("link", { name: /^Work to review: 1 version waits/ }).click();
  await expect(mentor.getByRole("heading", { name: "Work to review" })).toBeVisible();
  await expectNoAxeViolations(mentor);
  await mentor.getByRole("link", { name: /Your rebuilt resume, version/ }).click();
  await expect(mentor.getByRole("button", { name: "Save review" })).toBeVisible();
  await expectNoAxeViolations(mentor);
  await mentor.getByLabel("Comment").fill(comment);
  await mentor.getByRole("radio", { name: verdict }).check();
  await mentor.getByRole("button", { name: "Save review" }).click();
  await expect(mentor.getByText("Review saved", { exact: true })).toBeVisible();
}

test.describe("each week's work", () => {
  test("a student on a phone hands in a resume, revises it after review and gets it approved", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    await releaseAllHolds();
    await setCohort({
      capacity: 10,
      enrolled_count: 0,
      is_active: 1,
      start_date: startedEightDaysAgo(),
    });
    const mentorEmail = uniqueEmail("coursework-mentor");
    const studentEmail = uniqueEmail("coursework-student");
    await createMentor(mentorEmail, "Maya Mentor");
    await payingStudent(browser, studentEmail);
    await assignMentor(studentEmail, mentorEmail);
    const pages = new Map<string, string>();

    const student = await (await browser.newContext({ viewport: PHONE })).newPage();
    await signInToPortal(student, studentEmail);
    // The progress line on the home: week 2's one assignment not handed in yet.
    const line = student.locator("[data-student-progress] [data-progress-assignments]");
    await expect(line).toHaveAttribute("data-progress-assignments", "0/1");
    await student.getByRole("link", { name: "Open week 2: material and assignments" }).click();
    await expect(student).toHaveURL(new RegExp(`${WEEK_2}$`));
    await expect(student.getByRole("heading", { level: 1 })).toHaveText("Week 2: Resume");
    await expect(student.getByRole("heading", { name: "One page that gets read" })).toBeVisible();
    await expectNoAxeViolations(student);
    expect(await pageWidth(student)).toBeLessThanOrEqual(PHONE.width);
    pages.set(`${WEEK_2} (nothing handed in)`, await (await student.request.get(WEEK_2)).text());
    await handIn(student, "resume.docx");

    const mentor = await (await browser.newContext()).newPage();
    await signInToPortal(mentor, mentorEmail);
    await review(mentor, "Revise", "Quantify the bullets of your internship.");
    pages.set("/portal/mentor/reviews/:id (reviewed)", await mentor.content());

    await student.reload();
    const card = student.locator('[data-assignment="w2-resume"]');
    await expect(card.locator("[data-work-status]")).toHaveText("Revise and resubmit");
    await expect(card).toContainText("Quantify the bullets of your internship.");
    await expectNoAxeViolations(student);
    await handIn(student, "resume-v2.docx");

    await review(mentor, "Looks good", "Ready to send.");
    // The mentor sees both versions, the newest first, each downloadable.
    const versions = mentor.getByRole("link", { name: /^Download resume/ });
    await expect(versions).toHaveText(["Download resume-v2.docx", "Download resume.docx"]);
    await expectNoAxeViolations(mentor);

    await student.reload();
    await expect(card.locator("[data-work-status]")).toHaveText("Looks good");
    await expect(card.locator("[data-version]")).toHaveCount(2);
    // The line has moved.
    await student.goto("/portal");
    await expect(line).toHaveAttribute("data-progress-assignments", "1/1");
    await expect(line).toHaveText("Assignments this week: 1 of 1 submitted");
    await student.goto(WEEK_2);
    expect(await pageWidth(student)).toBeLessThanOrEqual(PHONE.width);
    pages.set(`${WEEK_2} (approved)`, await (await student.request.get(WEEK_2)).text());
    pages.set(
      "/portal/weeks/6 (not open yet)",
      await (await student.request.get("/portal/weeks/6")).text(),
    );
    for (const url of ["/portal/mentor/reviews", "/portal/mentor"])
      pages.set(`${url} (mentor)`, await (await mentor.request.get(url)).text());
    if (hasJava) expect(validate(pages)).toEqual([]);
  });
});

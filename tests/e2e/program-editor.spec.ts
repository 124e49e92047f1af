import { DEFAULT_WEEKS } from "../../app/features/coursework/default-weeks";
import {
  programConsole as t,
  programValidation as v,
} from "../../app/features/coursework/program.words";
import { createAccount, logIn } from "./admin-support";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { uniqueEmail, withDb } from "./support";

const OWNER = uniqueEmail("owner-program");
const week2 = DEFAULT_WEEKS[1]!;

/** Week 2 back as shipped, so the specs that read the weeks after this one find the defaults. */
async function restoreWeek2() {
  await withDb(async (db) => {
    await db
      .deleteFrom("assignments")
      .where("week", "=", 2)
      .where(
        "id",
        "not in",
        week2.assignments.map((a) => a.id),
      )
      .execute();
    await db
      .updateTable("program_weeks")
      .set({
        title: week2.title,
        material: week2.material,
        video_url: week2.videoUrl,
        resources: JSON.stringify(week2.resources),
      })
      .where("week", "=", 2)
      .execute();
  });
}

test.describe("the owner edits the program's weeks", () => {
  test.beforeAll(async () => {
    await createAccount(OWNER, true);
  });
  test.afterEach(restoreWeek2);

  test("edits week 2's material and adds an assignment", async ({ page }) => {
    await logIn(page, OWNER);
    await page
      .getByRole("navigation", { name: "Console" })
      .getByRole("link", { name: t.nav, exact: true })
      .click();
    await expect(page).toHaveURL(/\/admin\/program$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.title);
    await expect(page.getByTestId("program-week")).toHaveCount(6);
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: week2.title, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/program\/2$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.weekTitle(2, week2.title));
    const preview = page.getByTestId("material-preview");
    await expect(preview.getByRole("heading", { name: "One page that gets read" })).toBeVisible();
    await expect(page.getByLabel(t.materialLabel)).toHaveValue(week2.material);
    await expectNoAxeViolations(page);

    // A video link that is not https is refused under its field, and nothing is saved.
    await page.getByLabel(t.videoLabel).fill("http://video.example.com/resume");
    await page.getByRole("button", { name: t.saveWeek }).click();
    await expect(page.getByText(v.videoUrl).first()).toBeVisible();
    const stored = await withDb((db) =>
      db
        .selectFrom("program_weeks")
        .select("video_url")
        .where("week", "=", 2)
        .executeTakeFirstOrThrow(),
    );
    expect(stored.video_url).toBeNull();

    await page
      .getByLabel(t.materialLabel)
      .fill(
        "## Your resume, line by line\n\nStart from the [template](/resources/resume-template).\n\n<script>alert(1)</script>",
      );
    await page.getByLabel(t.videoLabel).fill("https://video.example.com/resume");
    await page.getByRole("button", { name: t.saveWeek }).click();
    await expect(page.getByText(t.weekSaved(2))).toBeVisible();
    await expect(preview.getByRole("heading", { name: "Your resume, line by line" })).toBeVisible();
    await expect(preview.getByRole("link", { name: "template" })).toHaveAttribute(
      "href",
      "/resources/resume-template",
    );
    await expect(preview).not.toContainText("One page that gets read");
    // Typed HTML shows as text.
    await expect(preview).toContainText("<script>alert(1)</script>");
    await expect(page.getByRole("link", { name: t.watchVideo })).toHaveAttribute(
      "href",
      "https://video.example.com/resume",
    );

    const add = page.getByRole("region", { name: t.addTitle });
    await add.getByLabel(t.assignmentTitleLabel).fill("Your cover letter");
    await add.getByLabel(t.instructionsLabel).fill("Write one for your first-choice firm.");
    await add.getByLabel(t.dueDayLabel).selectOption({ label: "Friday" });
    await add.getByLabel(t.kindLabel).selectOption({ label: "Word file (.docx)" });
    await add.getByRole("button", { name: t.add }).click();
    await expect(page.getByText(t.added("Your cover letter"))).toBeVisible();
    const card = page.getByRole("region", { name: t.assignmentLabel("Your cover letter") });
    await expect(card).toContainText("Friday · Word file (.docx)");
    await expect(card.getByLabel(t.assignmentTitleLabel)).toHaveValue("Your cover letter");
    await expect(add.getByLabel(t.assignmentTitleLabel)).toHaveValue("");
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: t.back }).click();
    await expect(
      page.getByTestId("program-week").filter({ hasText: t.weekNumber(2) }),
    ).toContainText(t.assignmentCount(week2.assignments.length + 1));
  });
  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the server refuses a blank title, then adds and removes an assignment", async ({
      page,
    }) => {
      await logIn(page, OWNER);
      await page.goto("/admin/program/2");
      const add = page.getByRole("region", { name: t.addTitle });
      // Spaces pass the browser's `required`; the server's schema answers under the field.
      await add.getByLabel(t.assignmentTitleLabel).fill("   ");
      await add.getByLabel(t.instructionsLabel).fill("Bring three questions.");
      await add.getByRole("button", { name: t.add }).click();
      await expect(add.getByText(v.assignmentTitleRequired)).toBeVisible();
      await expect(add.getByLabel(t.instructionsLabel)).toHaveValue("Bring three questions.");

      await add.getByLabel(t.assignmentTitleLabel).fill("Questions for your mentor");
      await add.getByRole("button", { name: t.add }).click();
      await expect(page.getByText(t.added("Questions for your mentor"))).toBeVisible();
      const card = page.getByRole("region", {
        name: t.assignmentLabel("Questions for your mentor"),
      });
      await expect(card).toContainText("Friday · Text");

      await card.getByRole("button", { name: t.remove }).click();
      await expect(page.getByText(t.removed("Questions for your mentor"))).toBeVisible();
      await expect(card).toHaveCount(0);
    });
  });
});

import { randomUUID } from "node:crypto";
import { planSessions, writeProgrammeRecord } from "../support/outcomes";
import { insertMentor, insertStudent } from "../support/portal";
import { createAccount, logIn } from "./admin-support";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { uniqueEmail, withDb } from "./support";

const OWNER = uniqueEmail("outcomes-owner");

/**
 * A past cohort (started Monday 2026-01-05) of three: one left in week 1 (refunded), one attended
 * enough and has a confirmed Banking offer, one attended two sessions. By the definitions:
 * enrolled 3, 2 still enrolled at the last full-refund day, 1 graduated, 1 withdrawn, 0 excluded,
 * 1 in-field offer; graduation 1 / 2 (0.500), placement 1 / 1 (1.000).
 */
async function seedPastCohort() {
  const cohortId = randomUUID();
  const mentorName = `Mentor ${cohortId.slice(0, 8)}`;
  await withDb(async (db) => {
    const now = new Date().toISOString();
    await db
      .insertInto("cohorts")
      .values({
        id: cohortId,
        start_date: "2026-01-05",
        capacity: 10,
        enrolled_count: 2,
        is_active: 0,
        is_current: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await planSessions(db, cohortId, "2026-01-05", new Date("2025-12-01T12:00:00Z"));
    const mentorId = await insertMentor(db, uniqueEmail("outcomes-mentor"), mentorName);
    const student = (name: string) =>
      insertStudent(db, { email: uniqueEmail(name), firstName: name, cohortId, mentorId });
    const leaver = await student("leaver");
    const graduate = await student("graduate");
    const partial = await student("partial");
    await db
      .updateTable("payments")
      .set({ status: "refunded", refunded_at: "2026-01-07T15:00:00.000Z" })
      .where("person_id", "=", leaver)
      .execute();
    const at = "2026-02-16T12:00:00.000Z";
    await writeProgrammeRecord(
      db,
      {
        personId: graduate,
        cohortId,
        mentorId,
        attended: 5,
        held: 4,
        interviews: 2,
        offers: [{ track: "Banking", reportedAt: "2026-03-02T15:00:00.000Z", confirmed: true }],
        surveyScore: 10,
      },
      at,
    );
    await writeProgrammeRecord(
      db,
      { personId: partial, cohortId, mentorId, attended: 2, held: 1 },
      at,
    );
  });
  return { cohortId, mentorName };
}

test.describe("the outcomes report", () => {
  test.describe.configure({ timeout: 90_000 });
  test.beforeAll(async () => await createAccount(OWNER, true));

  test("the owner reads a cohort's outcomes, downloads its CSV and keeps the minimums in range", async ({
    page,
  }) => {
    const { cohortId, mentorName } = await seedPastCohort();
    await logIn(page, OWNER);
    await page.getByRole("link", { name: "Outcomes" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Outcomes" })).toBeVisible();

    const row = page.locator(`[data-cohort="${cohortId}"]`);
    await expect(row.getByRole("rowheader")).toHaveText("Starts Monday, January 5, 2026");
    const figure = (name: string) => row.locator(`[data-figure="${name}"]`);
    await expect(figure("enrolled")).toHaveText("3");
    await expect(figure("enrolled_at_refund_date")).toHaveText("2");
    await expect(figure("graduated")).toHaveText("1");
    await expect(figure("withdrawn")).toHaveText("1");
    await expect(figure("excluded")).toHaveText("0");
    await expect(figure("interviews")).toHaveText("2");
    await expect(figure("confirmed_offers")).toHaveText("1");
    await expect(figure("offers_in_field_180d")).toHaveText("1");
    await expect(figure("graduation_rate")).toHaveText("1 / 2 (0.500)");
    await expect(figure("placement_rate")).toHaveText("1 / 1 (1.000)");
    // Monday 2026-01-05 to Monday 2026-03-02: 56 days.
    await expect(figure("median_days_to_offer")).toHaveText("56");
    await expect(figure("nps")).toHaveText("100 (1 answer)");
    const mentorRow = page.getByRole("row", { name: new RegExp(mentorName) });
    await expect(mentorRow.locator('[data-figure="graduation_rate"]')).toHaveText("1 / 2 (0.500)");
    await expectNoAxeViolations(page);

    const download = page.waitForEvent("download");
    await row
      .getByRole("link", { name: "Download the CSV of the cohort: Starts Monday, January 5, 2026" })
      .click();
    const chunks: Buffer[] = [];
    for await (const chunk of await (await download).createReadStream())
      chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString("utf8")).toBe(
      "cohort,enrolled,enrolled_at_refund_date,graduated,withdrawn,excluded,offers_in_field_180d,graduation_rate,placement_rate\r\n" +
        `"${cohortId}",3,2,1,1,0,1,0.500,1.000\r\n`,
    );
    const all = await page.request.get("/admin/outcomes.csv?cohort=all");
    expect(await all.text()).toContain(`"${cohortId}",3,2,1,1,0,1,0.500,1.000`);
    const bad = await page.request.get("/admin/outcomes.csv?cohort=not%20an%20id");
    expect(bad.status()).toBe(400);

    // A minimum above six is refused under its field; the minimums as they are save.
    const sessions = page.getByLabel("Group sessions attended (0-6)");
    await sessions.fill("7");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Please enter a whole number from 0 to 6")).toBeVisible();
    await sessions.fill("4");
    await page.getByLabel("1-on-1s held (0-6)").fill("4");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(
      page.locator("[data-toast]").filter({ hasText: "Saved: the report counts graduates" }),
    ).toBeVisible();
    await expect(figure("graduated")).toHaveText("1");
  });
});

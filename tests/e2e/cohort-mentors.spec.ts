import { randomUUID } from "node:crypto";
import type { Browser, Locator, Page } from "@playwright/test";
import { createAccount, logIn } from "./admin-support";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { applyAs, gotMail, payOnTestCheckout } from "./people";
import { releaseAllHolds, setCohort, uniqueEmail, withDb } from "./support";

/**
 * Who mentors whom, as the owner sees it on the cohort page (issue 34): students are assigned to
 * mentors when they pay, those who paid before any mentor wait, each shows their checklist
 * progress, and the owner moves a waiting student to a mentor with a free place (a full one is
 * refused), on a 390 px phone.
 */

const OWNER = uniqueEmail("owner-mentors");
const PHONE = { width: 390, height: 844 };
const stamp = Date.now();
const ANA = { id: randomUUID(), name: `Ana ${stamp}`, email: `ana.${stamp}@mentors.example.com` };
const BEN = { id: randomUUID(), name: `Ben ${stamp}`, email: `ben.${stamp}@mentors.example.com` };

async function paidStudent(browser: Browser, email: string) {
  const page = await applyAs(browser, email);
  await expect(page).toHaveURL(/\/enroll$/);
  await payOnTestCheckout(page);
  await page.context().close();
}

const personId = (email: string) =>
  withDb(
    async (db) =>
      (
        await db
          .selectFrom("people")
          .select("id")
          .where("email", "=", email)
          .executeTakeFirstOrThrow()
      ).id,
  );

/** The student's entry on the cohort page. */
const studentItem = (page: Page | Locator, email: string) =>
  page.getByTestId("mentored-student").filter({ hasText: email });
const mentorGroup = (page: Page, name: string) =>
  page.getByTestId("mentor-group").filter({ has: page.getByRole("heading", { name }) });

test.describe("mentors and students on the cohort page", () => {
  test.describe.configure({ timeout: 120_000 });
  test.beforeAll(async () => await createAccount(OWNER, true));
  test.beforeEach(async () => {
    await releaseAllHolds();
    await setCohort({ capacity: 20, enrolled_count: 0, is_active: 1, start_date: "2027-01-11" });
  });
  /** Mentors of other specs, set aside while this one runs (only its own mentors take students). */
  let setAside: string[] = [];
  test.beforeAll(async () => {
    setAside = await withDb(async (db) => {
      const active = await db
        .selectFrom("mentors")
        .select("id")
        .where("is_active", "=", 1)
        .execute();
      if (active.length > 0) await db.updateTable("mentors").set({ is_active: 0 }).execute();
      return active.map((mentor) => mentor.id);
    });
  });
  // Later specs find the mentors as they were; the seats this one assigned wait again.
  test.afterAll(async () => {
    await withDb(async (db) => {
      if (setAside.length > 0)
        await db.updateTable("mentors").set({ is_active: 1 }).where("id", "in", setAside).execute();
      await db
        .updateTable("payments")
        .set({ mentor_id: null })
        .where("mentor_id", "in", [ANA.id, BEN.id])
        .execute();
      await db.deleteFrom("mentors").where("id", "in", [ANA.id, BEN.id]).execute();
    });
  });

  test("the owner sees who mentors whom with their progress, and moves a waiting student", async ({
    browser,
  }) => {
    const [waiting, first, second] = ["mentors-wait", "mentors-first", "mentors-second"].map(
      uniqueEmail,
    ) as [string, string, string];

    const owner = await (await browser.newContext({ viewport: PHONE })).newPage();
    await logIn(owner, OWNER);
    const cohort = await withDb((db) =>
      db.selectFrom("cohorts").select("id").where("is_current", "=", 1).executeTakeFirstOrThrow(),
    );
    const cohortPage = `/admin/cohorts/${cohort.id}`;

    // Paid before any mentor exists: waits, and the page says no mentor is set up.
    await paidStudent(browser, waiting);
    await owner.goto(cohortPage);
    await expect(owner.getByTestId("no-mentor")).toContainText(
      "No mentor is set up yet: students wait unassigned.",
    );
    await expect(owner.getByRole("link", { name: "Set up mentors" })).toHaveAttribute(
      "href",
      "/admin/mentors",
    );
    await expect(
      owner.getByTestId("waiting-for-mentor").getByTestId("mentored-student").filter({
        hasText: waiting,
      }),
    ).toHaveCount(1);

    // Ana takes one student, Ben two: the first payment goes to Ben (most free places), the
    // second to Ana (as many free places, fewer students).
    await withDb(async (db) => {
      const now = new Date().toISOString();
      for (const [mentor, capacity] of [
        [ANA, 1],
        [BEN, 2],
      ] as const) {
        await db
          .insertInto("mentors")
          .values({ ...mentor, capacity, is_active: 1, created_at: now, updated_at: now })
          .execute();
      }
    });
    await paidStudent(browser, first);
    await paidStudent(browser, second);
    await gotMail(BEN.email, "A new student for you: Ada");
    await gotMail(ANA.email, "A new student for you: Ada");

    // The first student has signed in and completed the profile.
    const firstId = await personId(first);
    await withDb(async (db) => {
      const at = new Date().toISOString();
      await db
        .insertInto("student_profiles")
        .values({
          person_id: firstId,
          profile_done_at: at,
          first_signed_in_at: at,
          last_signed_in_at: at,
          updated_at: at,
        })
        // Paying signed them in already (the payer's sign-in writes the row).
        .onConflict((oc) =>
          oc.column("person_id").doUpdateSet({ profile_done_at: at, last_signed_in_at: at }),
        )
        .execute();
    });

    await owner.goto(cohortPage);
    await expect(owner.getByTestId("no-mentor")).toHaveCount(0);
    const ben = mentorGroup(owner, BEN.name);
    const ana = mentorGroup(owner, ANA.name);
    await expect(ben).toContainText("1 of 2 places taken, 1 free");
    await expect(ana).toContainText("1 of 1 places taken, none free");
    await expect(studentItem(ben, first)).toContainText("1 of 3 done · Signed in");
    // Paying signed the second student in too (the payer's sign-in on the confirmation page).
    await expect(studentItem(ana, second)).toContainText("0 of 3 done · Signed in");
    await expectNoAxeViolations(owner);
    const width = await owner.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);

    // Ana is full: moving the waiting student to her is refused, under the student's form.
    const item = studentItem(owner.getByTestId("waiting-for-mentor"), waiting);
    await item.getByRole("combobox").selectOption({ label: `${ANA.name} (full)` });
    await item.getByRole("button", { name: "Assign" }).click();
    await expect(item).toContainText(`${ANA.name} has no free place in this cohort (capacity 1).`);
    expect(await withDb((db) => paymentMentor(db, waiting))).toBeNull();

    // Ben has a free place: the student moves to him and he is emailed.
    await item.getByRole("combobox").selectOption({ label: `${BEN.name} (1 free)` });
    await item.getByRole("button", { name: "Assign" }).click();
    await expect(owner.getByText("Student moved.")).toBeVisible();
    await expect(studentItem(ben, waiting)).toHaveCount(1);
    await expect(ben).toContainText("2 of 2 places taken, none free");
    expect(await withDb((db) => paymentMentor(db, waiting))).toBe(BEN.id);
    await expect
      .poll(async () =>
        withDb(async (db) =>
          Number(
            (
              await db
                .selectFrom("outbox")
                .select((eb) => eb.fn.countAll().as("n"))
                .where("to_address", "=", BEN.email)
                .where("kind", "=", "mentor_assignment")
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      )
      .toBe(2);

    // The person page shows the portal state too.
    await owner.goto(`/admin/people/${firstId}`);
    const portal = owner.getByTestId("person-portal");
    await expect(portal).toContainText(BEN.name);
    await expect(portal).toContainText("1 of 3 done");
    await expect(portal).toContainText("Profile complete: done");
    await expect(portal).toContainText(/First signed in\s*\w{3}, \w{3} \d+/);
    const personWidth = await owner.evaluate(() => document.documentElement.scrollWidth);
    expect(personWidth).toBeLessThanOrEqual(PHONE.width);
  });
});

async function paymentMentor(db: Parameters<Parameters<typeof withDb>[0]>[0], email: string) {
  const row = await db
    .selectFrom("payments")
    .select("mentor_id")
    .where("email", "=", email)
    .where("status", "=", "paid")
    .executeTakeFirstOrThrow();
  return row.mentor_id;
}

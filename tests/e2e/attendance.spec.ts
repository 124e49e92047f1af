import { randomUUID } from "node:crypto";
import { insertApplication } from "../../app/features/job-search/job-search.server";
import { applicationFields } from "../support/job-search";
import { createAccount, logIn } from "./admin-support";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { assignMentor, createMentor, payingStudent, signInToPortal } from "./mentor-support";
import { releaseAllHolds, setCohort, uniqueEmail, withDb } from "./support";

/**
 * Issue 35 item 5: a mentor marks a past group session's attendance and a past 1-on-1 held; the
 * owner's cohort page grid shows both, highlights what is missing (with the word), and the CSV
 * has the same values; the page's job search section (issue 47, item 6) counts a student's
 * application in the week it was sent and its CSV lists it. Time "passes" by writing the
 * cohort's start and the rows in the past.
 */

const DAY = 86_400_000;

/** The Monday (UTC) `weeks` weeks before this week's, as YYYY-MM-DD. */
function mondayWeeksAgo(weeks: number): string {
  const now = new Date();
  const monday = new Date(now.getTime() - ((now.getUTCDay() + 6) % 7) * DAY - weeks * 7 * DAY);
  return monday.toISOString().slice(0, 10);
}

/** The cohort started three weeks ago; its six sessions on each week's Tuesday 12:00 UTC. */
async function pastCohort(students: { id: string; name: string }[], mentorEmail: string) {
  const start = mondayWeeksAgo(3);
  return withDb(async (db) => {
    const cohort = await db
      .selectFrom("cohorts")
      .select("id")
      .where("is_current", "=", 1)
      .executeTakeFirstOrThrow();
    await db
      .updateTable("cohorts")
      .set({ start_date: start })
      .where("id", "=", cohort.id)
      .execute();
    const old = await db
      .selectFrom("group_sessions")
      .select("id")
      .where("cohort_id", "=", cohort.id)
      .execute();
    if (old.length) {
      const ids = old.map((s) => s.id);
      await db.deleteFrom("attendance").where("session_id", "in", ids).execute();
      await db.deleteFrom("group_sessions").where("id", "in", ids).execute();
    }
    const now = new Date().toISOString();
    const sessions: string[] = [];
    for (const week of [1, 2, 3, 4, 5, 6]) {
      const id = randomUUID();
      sessions.push(id);
      const startsAt = new Date(Date.parse(`${start}T12:00:00Z`) + (1 + 7 * (week - 1)) * DAY);
      await db
        .insertInto("group_sessions")
        .values({
          id,
          cohort_id: cohort.id,
          week,
          starts_at: startsAt.toISOString(),
          minutes: 60,
          topic: `Attendance topic ${week}`,
          recording_url: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    for (const [i, student] of students.entries())
      await db
        .updateTable("people")
        .set({ first_name: student.name, last_name: `Tester${i}` })
        .where("id", "=", student.id)
        .execute();
    const mentor = await db
      .selectFrom("mentors")
      .select("id")
      .where("email", "=", mentorEmail)
      .executeTakeFirstOrThrow();
    // The first student's 1-on-1 of week 1, on its Wednesday: it has happened.
    const bookingStart = new Date(Date.parse(`${start}T15:00:00Z`) + 2 * DAY);
    await db
      .insertInto("bookings")
      .values({
        id: randomUUID(),
        cohort_id: cohort.id,
        person_id: students[0]!.id,
        mentor_id: mentor.id,
        kind: "one_on_one",
        week: 1,
        starts_at: bookingStart.toISOString(),
        ends_at: new Date(bookingStart.getTime() + 30 * 60_000).toISOString(),
        status: "booked",
        cancelled_by: null,
        cancel_reason: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { cohortId: cohort.id, sessions, start };
  });
}

/** An application of the student added at `at`, as Applied: its row and its first move. */
const sentApplication = (personId: string, firm: string, at: string) =>
  withDb((db) => {
    const applied = { at, from: null, to: "applied" as const, round: null, note: null };
    return insertApplication(db, personId, applicationFields(firm), [applied], at);
  });

test("a mentor marks attendance and a 1-on-1; the owner's grid and CSV show it", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await releaseAllHolds();
  await setCohort({ capacity: 30, enrolled_count: 0, is_active: 1, start_date: "2027-03-01" });
  const mentor = uniqueEmail("attend-mentor");
  await createMentor(mentor, "Marta Marker");
  const tag = String(Date.now()).slice(-6);
  const ada = { email: uniqueEmail("attend-ada"), name: `Ada${tag}` };
  const ben = { email: uniqueEmail("attend-ben"), name: `Ben${tag}` };
  const adaId = await payingStudent(browser, ada.email);
  const benId = await payingStudent(browser, ben.email);
  await assignMentor(ada.email, mentor);
  await assignMentor(ben.email, mentor);
  const { cohortId, sessions, start } = await pastCohort(
    [
      { id: adaId, name: ada.name },
      { id: benId, name: ben.name },
    ],
    mentor,
  );

  // The mentor: the past 1-on-1 is on the "To mark" list; mark it held.
  const m = await (await browser.newContext()).newPage();
  await signInToPortal(m, mentor);
  await expect(m).toHaveURL(/\/portal\/mentor$/);
  const toMark = m.locator("[data-to-mark]").filter({ hasText: ada.name });
  await expect(toMark).toHaveCount(1);
  await toMark.getByLabel("Held").check();
  await toMark.getByRole("button", { name: "Save" }).click();
  await expect(m.locator("[data-toast]").filter({ hasText: "1-on-1 marked" })).toBeVisible();
  await expect(m.locator("[data-to-mark]").filter({ hasText: ada.name })).toHaveCount(0);

  // Week 1's session page: Ada attended; Ben is left unmarked.
  const week1 = m.getByRole("link", { name: "Week 1: Attendance topic 1" });
  await expect(week1).toHaveAttribute("href", `/portal/mentor/sessions/${sessions[0]}`);
  await m.goto(`/portal/mentor/sessions/${sessions[0]}`);
  const adaGroup = m.getByRole("group", { name: new RegExp(ada.name) });
  await adaGroup.getByLabel("Attended").check();
  await m.getByRole("button", { name: "Save attendance" }).click();
  await expect(m.locator("[data-toast]").filter({ hasText: "Attendance saved" })).toBeVisible();
  await expect(
    m.getByRole("group", { name: new RegExp(ada.name) }).getByLabel("Attended"),
  ).toBeChecked();
  await expectNoAxeViolations(m);
  await m.context().close();

  // Ada's job search (issue 47, item 6): one application, sent on the Tuesday of week 2.
  const firm = `Attend Capital ${tag}`;
  await sentApplication(
    adaId,
    firm,
    new Date(Date.parse(`${start}T12:00:00Z`) + 8 * DAY).toISOString(),
  );

  // The owner's cohort page: the grid shows both marks, and Ben's missing cells say so.
  const owner = uniqueEmail("attend-owner");
  await createAccount(owner, true);
  await logIn(page, owner);
  await page.goto(`/admin/cohorts/${cohortId}`);
  const adaRow = page.locator(`[data-testid="attendance-row"][data-student^="${ada.name}"]`);
  const adaWeek1 = adaRow.locator('[data-week="1"]');
  await expect(adaWeek1).toContainText("Group: Attended");
  await expect(adaWeek1).toContainText("1-on-1: Held");
  await expect(adaWeek1.locator("[data-missing]")).toHaveCount(0);
  const benWeek1 = page
    .locator(`[data-testid="attendance-row"][data-student^="${ben.name}"]`)
    .locator('[data-week="1"]');
  await expect(benWeek1.locator("[data-missing]")).toHaveCount(2);
  await expect(benWeek1).toContainText("Group: Not marked · Missing");
  await expect(adaRow).toContainText("1 attended, 1 held");
  const jobSearch = page.getByRole("region", { name: "Job search" });
  // The cells: before, weeks 1-6, after, sent, tracked.
  const adaJobs = jobSearch.getByTestId("job-search-student").filter({ hasText: ada.name });
  await expect(adaJobs.locator("td")).toHaveText([
    "0",
    "0",
    "1",
    "0",
    "0",
    "0",
    "0",
    "0",
    "1",
    "1",
  ]);
  await expectNoAxeViolations(page);
  const applicationsCsv = jobSearch.getByRole("link", { name: "Download the applications (CSV)" });
  await expect(applicationsCsv).toHaveAttribute(
    "href",
    `/admin/cohorts/${cohortId}/applications.csv`,
  );
  const download = await page.request.get(`/admin/cohorts/${cohortId}/applications.csv`);
  expect(download.status()).toBe(200);
  expect(download.headers()["cache-control"]).toBe("no-store");
  const rows = (await download.text()).trim().split("\r\n");
  expect(rows[0]).toContain('"student","email","firm","role"');
  const adaRows = rows.filter((row) => row.includes(ada.email));
  expect(adaRows).toHaveLength(1);
  expect(adaRows[0]).toContain(`"${ada.email}","${firm}","Analyst","","posting","applied"`);

  // The CSV: the same values.
  const csv = await page.request.get(`/admin/cohorts/${cohortId}/attendance.csv`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toContain('"student","email","mentor","week_1_group","week_1_one_on_one"');
  const adaLine = lines.find((line) => line.includes(ada.email))!;
  expect(adaLine).toContain('"Marta Marker","attended","held"');
  expect(adaLine.endsWith('"1","1"')).toBe(true);
  const benLine = lines.find((line) => line.includes(ben.email))!;
  expect(benLine).toContain('"unmarked (missing)","none (missing)"');
});

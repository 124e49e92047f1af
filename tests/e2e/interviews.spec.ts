import { expect, expectNoAxeViolations, test } from "./fixtures";
import {
  assignMentor,
  createMentor,
  payingStudent,
  personId,
  signInToPortal,
} from "./mentor-support";
import { releaseAllHolds, setCohort, uniqueEmail, withDb } from "./support";

/**
 * Interviews, the deep-dive and offers (issue 35 item 4, issue 36 item 2): a student in New York
 * reports an interview and books the 60-minute deep-dive with her mentor in London before it;
 * she reports an offer, her mentor confirms it, and she sees it confirmed. Plain posts.
 */

/** The Monday a week from now (YYYY-MM-DD). */
function nextMonday(): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 7 - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The Wednesday of the week of `monday` at `hh:00` in London, as an instant. */
function wednesdayInLondon(monday: string, hh: number): Date {
  const [y, m, d] = monday.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d + 2, hh, 0);
  const shown = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    hour: "2-digit",
    hourCycle: "h23",
  }).format(new Date(wall));
  return new Date(wall - (Number(shown) - hh) * 3_600_000);
}

const when = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(instant);

test.describe("interviews, the deep-dive and offers", () => {
  test.describe.configure({ timeout: 180_000 });

  test("a student reports an interview, books the deep-dive, reports an offer the mentor confirms", async ({
    browser,
  }) => {
    const monday = nextMonday();
    await releaseAllHolds();
    await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1, start_date: monday });
    const mentorEmail = uniqueEmail("mentor-ivy");
    const studentEmail = uniqueEmail("mentee-iris");
    await createMentor(mentorEmail, "Ivy London");
    await payingStudent(browser, studentEmail);
    await assignMentor(studentEmail, mentorEmail);
    const studentId = await personId(studentEmail);
    // The mentor in London, Wednesdays 15:00-17:00; the student in New York.
    await withDb(async (db) => {
      const mentor = await db
        .updateTable("mentors")
        .set({ time_zone: "Europe/London" })
        .where("email", "=", mentorEmail)
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("mentor_availability")
        .values({
          id: `avail-${mentor.id}`,
          mentor_id: mentor.id,
          weekday: 3,
          start_minute: 900,
          end_minute: 1020,
        })
        .execute();
    });

    const student = await (await browser.newContext()).newPage();
    await signInToPortal(student, studentEmail);
    await withDb((db) =>
      db
        .updateTable("student_profiles")
        .set({ time_zone: "America/New_York" })
        .where("person_id", "=", studentId)
        .execute(),
    );
    // From the portal's home to the interviews page; the deep-dive is locked until an interview.
    await student.goto("/portal");
    await student.getByRole("link", { name: "Report an interview or an offer" }).click();
    await expect(student).toHaveURL(/\/portal\/interviews$/);
    await expectNoAxeViolations(student);
    const interviewDay = addDays(monday, 3); // the Thursday after the mentor's Wednesday
    const interview = student.locator("[data-interview-form]");
    await interview.getByLabel("Firm").fill("Goldman Sachs");
    await interview.getByLabel("Role").fill("Summer Analyst");
    await interview.getByLabel("Interview date").fill(interviewDay);
    await interview.getByRole("button", { name: "Report interview" }).click();
    await expect(student.locator("[data-interviews]")).toContainText(
      "Goldman Sachs, Summer Analyst",
    );

    // The deep-dive: an hour of the mentor's Wednesday, shown in New York time.
    await student.getByRole("link", { name: "Book your interview deep-dive" }).click();
    await expect(student).toHaveURL(/\/portal\/deep-dive$/);
    await student.goto(`/portal/deep-dive?week=${monday}`);
    await expect(
      student.getByText("Times are shown in your time zone, America/New_York"),
    ).toBeVisible();
    await expectNoAxeViolations(student);
    const hour = wednesdayInLondon(monday, 15);
    await student
      .getByRole("button", { name: `Book the deep-dive at ${when(hour, "America/New_York")}` })
      .click();
    await expect(student.locator("[data-booking]")).toHaveAttribute(
      "data-booking",
      hour.toISOString(),
    );
    await expect(
      student.getByText(
        `Your interview deep-dive: ${when(hour, "America/New_York")} (America/New_York).`,
      ),
    ).toBeVisible();
    await expectNoAxeViolations(student);

    // The offer, waiting for the mentor.
    await student.goto("/portal/interviews");
    const offer = student.locator("[data-offer-form]");
    await offer.getByLabel("Firm").fill("Goldman Sachs");
    await offer.getByLabel("Role").fill("Summer Analyst");
    await offer.getByLabel("Track").selectOption("Capital Markets");
    await offer.getByLabel("Internship").check();
    await offer.getByLabel("Compensation (optional)").fill("$25/hour");
    await offer.getByRole("button", { name: "Report offer" }).click();
    const state = student.locator("[data-offer='Goldman Sachs'] [data-offer-state]");
    await expect(state).toHaveText("Waiting for your mentor to confirm");

    // The mentor sees the deep-dive in London time, and confirms the offer on the student's page.
    const mentor = await (await browser.newContext()).newPage();
    await signInToPortal(mentor, mentorEmail);
    await mentor.goto("/portal/mentor");
    await expect(mentor.locator(`[data-mentor-booking='${hour.toISOString()}']`)).toContainText(
      `${when(hour, "Europe/London")} (Europe/London) (interview deep-dive)`,
    );
    await mentor.goto(`/portal/mentor/students/${studentId}`);
    await expect(mentor.locator("[data-outcomes]")).toContainText("Compensation: $25/hour.");
    // The mentor reads the offer as theirs to confirm, not in the student's words.
    await expect(mentor.locator("[data-offer='Goldman Sachs'] [data-offer-state]")).toHaveText(
      "Not confirmed yet",
    );
    await mentor.getByRole("button", { name: "Confirm the Goldman Sachs offer" }).click();
    await expect(mentor.getByText("Offer confirmed").first()).toBeVisible();
    await expectNoAxeViolations(mentor);

    await student.reload();
    await expect(state).toHaveText(/^Confirmed on /);
  });
});

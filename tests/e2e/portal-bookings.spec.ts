import { expect, expectNoAxeViolations, test } from "./fixtures";
import { assignMentor, createMentor, payingStudent, signInToPortal } from "./mentor-support";
import { decodedMail, mailTo, releaseAllHolds, setCohort, uniqueEmail, withDb } from "./support";

/**
 * The 1-on-1s owed (issue 35, item 3): a mentor in Europe/London sets her zone and Wednesday
 * hours; a student in America/New_York books one in next week's programme week 1 and then moves
 * it. Each page shows the same instant in its reader's zone, the zone named. Form posts (the
 * portal hydrates; each form also works as a plain post).
 */

/** The Monday a week from now (YYYY-MM-DD): week 1 starts then, so every slot is days ahead. */
function nextMonday(): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 7 - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** The Wednesday of that week at `hh:mm` in London, as an instant (UTC ISO). */
function wednesdayInLondon(monday: string, hh: number, mm: number): Date {
  const [y, m, d] = monday.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d + 2, hh, mm);
  // London is UTC+0 in winter and UTC+1 in summer: read the offset it has at that wall time.
  const shown = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    hour: "2-digit",
    hourCycle: "h23",
  }).format(new Date(wall));
  return new Date(wall - (Number(shown) - hh) * 3_600_000);
}

/** A student's phone; the mentor is on a desktop. */
const PHONE = { width: 390, height: 844 };
/** Where Lena meets: first a long video link (it must wrap on a phone), then a phone number. */
const ROOM = "https://meet.example.com/lena-london-weekly-one-on-one-room?pwd=a1b2c3d4e5f6g7h8i9j0";
const PHONE_NUMBER = "+44 20 7946 0000";

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

test.describe("1-on-1s across time zones", () => {
  test.describe.configure({ timeout: 180_000 });

  test("a mentor in London offers hours, a student in New York books and moves one", async ({
    browser,
  }) => {
    const monday = nextMonday();
    await releaseAllHolds();
    await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1, start_date: monday });
    const mentorEmail = uniqueEmail("mentor-lena");
    const studentEmail = uniqueEmail("mentee-nora");
    await createMentor(mentorEmail, "Lena London");
    await payingStudent(browser, studentEmail);
    await assignMentor(studentEmail, mentorEmail);

    // The mentor: her zone, then Wednesdays 15:00-16:00 (London).
    // Her browser is in London: with no zone saved yet, the page preselects it.
    const mentor = await (await browser.newContext({ timezoneId: "Europe/London" })).newPage();
    await signInToPortal(mentor, mentorEmail);
    await mentor.goto("/portal/mentor/availability");
    await expectNoAxeViolations(mentor);
    await expect(mentor.getByRole("combobox", { name: "Time zone" })).toHaveValue("Europe/London");
    await mentor.getByRole("combobox", { name: "Time zone" }).selectOption("Europe/London");
    await mentor.getByRole("button", { name: "Save time zone" }).click();
    // Wait for the redirect's toast: the value was already London before the save.
    await expect(mentor.getByText("Time zone saved")).toBeVisible();
    await expect(mentor.getByRole("combobox", { name: "Time zone" })).toHaveValue("Europe/London");
    // No hours before a place to meet: the page asks for it first.
    await expect(mentor.getByText("Save where you meet first")).toBeVisible();
    await expect(mentor.getByRole("button", { name: "Add hours" })).toHaveCount(0);
    await mentor
      .getByRole("textbox", { name: "Meeting place" })
      .fill("http://insecure.example.com");
    await mentor.getByRole("button", { name: "Save meeting place" }).click();
    await expect(mentor.locator("#place-place-error")).toHaveText(
      "Please enter a full https:// link, or a phone number or address",
    );
    await mentor.getByRole("textbox", { name: "Meeting place" }).fill(ROOM);
    await mentor.getByRole("button", { name: "Save meeting place" }).click();
    await expect(mentor.getByText("Meeting place saved")).toBeVisible();
    await expect(mentor.getByRole("textbox", { name: "Meeting place" })).toHaveValue(ROOM);
    await mentor.getByRole("combobox", { name: "Day" }).selectOption("Wednesday");
    await mentor.getByRole("combobox", { name: "From" }).selectOption("15:00");
    await mentor.getByRole("combobox", { name: "To", exact: true }).selectOption("16:00");
    await mentor.getByRole("button", { name: "Add hours" }).click();
    await expect(mentor.getByText("Wednesday 15:00–16:00")).toBeVisible();
    // On a phone the row's Remove stays beside its hours.
    await mentor.setViewportSize({ width: 390, height: 844 });
    const row = mentor.locator("[data-hours-row]").first();
    const [label, remove] = await Promise.all([
      row.locator("span").first().boundingBox(),
      row.getByRole("button").boundingBox(),
    ]);
    expect(remove!.y).toBeLessThan(label!.y + label!.height);
    await mentor.setViewportSize({ width: 1280, height: 800 });
    // A refused row: the end before the start, said under the field.
    await mentor.getByRole("combobox", { name: "From" }).selectOption("12:00");
    await mentor.getByRole("combobox", { name: "To", exact: true }).selectOption("11:00");
    await mentor.getByRole("button", { name: "Add hours" }).click();
    await expect(mentor.locator("#add-hours-to-error")).toHaveText(
      "The end must be after the start",
    );

    // The student's phone is in Tokyo and they have saved no zone: the booking page reads in the
    // browser's zone, named as such, Wednesday's London hours falling on Tokyo's Thursday.
    const first = wednesdayInLondon(monday, 15, 0);
    const second = wednesdayInLondon(monday, 15, 30);
    const student = await (
      await browser.newContext({ viewport: PHONE, timezoneId: "Asia/Tokyo" })
    ).newPage();
    await signInToPortal(student, studentEmail);
    await student.goto("/portal/book");
    await expect(student.locator("[data-zone-note]")).toHaveText(
      "Times are in your browser's time zone, Asia/Tokyo, until you save your own. Save your time zone",
    );
    await expect(
      student.getByRole("button", { name: `Book ${when(first, "Asia/Tokyo")}` }),
    ).toBeVisible();
    expect(when(first, "Asia/Tokyo")).toMatch(/^Thu/);

    // They save New York as their zone.
    await withDb((db) =>
      db
        .updateTable("student_profiles")
        .set({ time_zone: "America/New_York" })
        .where(
          "person_id",
          "in",
          db.selectFrom("people").select("id").where("email", "=", studentEmail),
        )
        .execute(),
    );
    await student.goto("/portal/book");
    await expect(
      student.getByText("Times are shown in your time zone, America/New_York"),
    ).toBeVisible();
    await expectNoAxeViolations(student);
    await student.getByRole("button", { name: `Book ${when(first, "America/New_York")}` }).click();
    const booked = student.locator("[data-booking]");
    await expect(booked).toHaveAttribute("data-booking", first.toISOString());
    await expect(
      student.getByText(
        `Your 1-on-1 this week: ${when(first, "America/New_York")} (America/New_York).`,
      ),
    ).toBeVisible();
    // Where they meet, with the link to join; the long link wraps on the phone.
    await expect(student.getByText(`Where: ${ROOM}`)).toBeVisible();
    await expect(student.getByRole("link", { name: "Join the call" })).toHaveAttribute(
      "href",
      ROOM,
    );
    expect(await student.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );

    // The mentor sees the same instant, in London time.
    await mentor.goto("/portal/mentor");
    const mine = mentor.locator("[data-mentor-booking]");
    await expect(mine).toHaveAttribute("data-mentor-booking", first.toISOString());
    await expect(mine).toContainText(`${when(first, "Europe/London")} (Europe/London)`);
    await expect(mine).toContainText(`Where: ${ROOM}`);
    await expectNoAxeViolations(mentor);

    // The student moves it half an hour later: same booking, next SEQUENCE.
    await student
      .getByRole("button", { name: `Move my 1-on-1 to ${when(second, "America/New_York")}` })
      .click();
    await expect(booked).toHaveAttribute("data-booking", second.toISOString());
    await mentor.goto("/portal/mentor");
    await expect(mine).toHaveAttribute("data-mentor-booking", second.toISOString());
    await expect(mine).toContainText(`${when(second, "Europe/London")} (Europe/London)`);

    // Both were emailed an invite and its update, each in their own zone.
    await expect
      .poll(
        async () =>
          (await mailTo(studentEmail)).map(decodedMail).filter((m) => m.includes("SEQUENCE:1"))
            .length,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    const moved = (await mailTo(mentorEmail))
      .map(decodedMail)
      .find((m) => m.includes("SEQUENCE:1"));
    expect(moved).toContain(`${when(second, "Europe/London")} (Europe/London)`);

    // She now meets by phone: the student's page says so at once, and both get the updated
    // invite (same event, SEQUENCE 2) with the number as its LOCATION and no link.
    await mentor.goto("/portal/mentor/availability");
    await mentor.getByRole("textbox", { name: "Meeting place" }).fill(PHONE_NUMBER);
    await mentor.getByRole("button", { name: "Save meeting place" }).click();
    await expect(mentor.getByRole("textbox", { name: "Meeting place" })).toHaveValue(PHONE_NUMBER);
    await student.goto("/portal/book");
    await expect(student.getByText(`Where: ${PHONE_NUMBER}`)).toBeVisible();
    await expect(student.getByRole("link", { name: "Join the call" })).toHaveCount(0);
    await expect
      .poll(
        async () =>
          (await mailTo(studentEmail)).map(decodedMail).filter((m) => m.includes("SEQUENCE:2"))
            .length,
        { timeout: 15_000 },
      )
      .toBe(1);
    const placed = (await mailTo(studentEmail))
      .map(decodedMail)
      .find((m) => m.includes("SEQUENCE:2"));
    expect(placed).toContain("LOCATION:+44 20 7946 0000");
    expect(placed).not.toMatch(/^URL:/m);
  });
});

import { request as http } from "@playwright/test";
import { createAccount, logIn } from "./admin-support";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { payingStudent, signInToPortal } from "./mentor-support";
import { releaseAllHolds, setCohort, uniqueEmail, withDb } from "./support";

/**
 * Issue 35 items 1-2: the owner sets the cohort's live link on the cohort page, which plans its
 * six group sessions; a student gets their private feed's address (fetched as a calendar app
 * fetches it, with no cookie), the same on a phone, with Copy, Google and Apple/Outlook; the owner moves week 2's session; the feed then has the same event
 * (same UID) at the new time with a higher SEQUENCE, and the student's checklist item is done.
 * Saving a new link keeps the move; a move past the programme is refused under its field; a
 * session that has started has no controls.
 */

/** One VEVENT's properties by name, from an iCalendar text (lines unfolded). */
function events(text: string): Record<string, string>[] {
  const unfolded = text.replace(/\r?\n[ \t]/g, "");
  return [...unfolded.matchAll(/BEGIN:VEVENT\r?\n([\s\S]*?)END:VEVENT/g)].map((match) =>
    Object.fromEntries(
      match[1]!
        .split(/\r?\n/)
        .filter(Boolean)
        .map((line) => {
          const colon = line.indexOf(":");
          return [line.slice(0, colon).split(";")[0]!, line.slice(colon + 1)];
        }),
    ),
  );
}

test("the owner moves a group session and the student's subscribed feed moves it too", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await releaseAllHolds();
  await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1, start_date: "2027-03-01" });
  const student = uniqueEmail("sessions-student");
  await payingStudent(browser, student);

  // The owner saves the weekly slot and live link: the six sessions are planned.
  const owner = uniqueEmail("sessions-owner");
  await createAccount(owner, true);
  await logIn(page, owner);
  const cohortId = await withDb(async (db) => {
    const row = await db
      .selectFrom("cohorts")
      .select("id")
      .where("is_current", "=", 1)
      .executeTakeFirstOrThrow();
    return row.id;
  });
  await page.goto(`/admin/cohorts/${cohortId}`);
  await page.getByLabel("Live link (https)").fill("https://meet.example.com/cohort");
  await page.getByRole("button", { name: "Save and plan sessions" }).click();
  await expect(
    page.locator("[data-toast]").filter({ hasText: "sessions are planned" }),
  ).toBeVisible();
  await expect(page.getByTestId("group-session")).toHaveCount(6);
  const week2 = page.locator('[data-testid="group-session"][data-week="2"]');
  await expect(week2.getByTestId("session-when")).toHaveText(/Tue, Mar 9, 2027, 7:00 PM EST/);

  // The student gets their address: shown on the card, with Copy, Google and Apple/Outlook.
  const s = await (
    await browser.newContext({
      permissions: ["clipboard-read", "clipboard-write"],
      timezoneId: "Europe/London",
    })
  ).newPage();
  await signInToPortal(s, student);
  const card = s.getByTestId("calendar-card");
  await expect(card).toBeVisible();
  await expect(s.getByTestId("calendar-event")).toHaveCount(6);
  // No saved zone: the times are in the browser's zone (London), named, across both countries'
  // clock changes (New York's on March 14, London's on March 28), with a prompt to save one.
  await expect(card.locator("[data-zone-note]")).toHaveText(
    "Times are in your browser's time zone, Europe/London, until you save your own. Save your time zone",
  );
  const when = (week: number) =>
    s
      .getByTestId("calendar-event")
      .nth(week - 1)
      .locator("time");
  await expect(when(1)).toHaveText("Wed, Mar 3, 2027, 12:00 AM GMT");
  await expect(when(3)).toHaveText("Tue, Mar 16, 2027, 11:00 PM GMT");
  await expect(when(5)).toHaveText("Wed, Mar 31, 2027, 12:00 AM GMT+1");
  await card.getByRole("button", { name: "Get your calendar address" }).click();
  await expect(
    s.locator("[data-toast]").filter({ hasText: "Your calendar address is ready" }),
  ).toBeVisible();
  const address = card.getByLabel("Your private calendar address");
  const feedUrl = await address.inputValue();
  expect(feedUrl).toMatch(/^http:\/\/.+\/calendar\/[\w-]{43}\.ics$/);
  await card.getByRole("button", { name: "Copy" }).click();
  await expect(card.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await s.evaluate(() => navigator.clipboard.readText())).toBe(feedUrl);
  const webcal = feedUrl.replace(/^http:/, "webcal:");
  await expect(
    card.getByRole("link", { name: "Open in Apple Calendar or Outlook" }),
  ).toHaveAttribute("href", webcal);
  await expect(card.getByRole("link", { name: "Add to Google Calendar" })).toHaveAttribute(
    "href",
    `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
  );
  await expectNoAxeViolations(s);
  // A calendar app: no cookie, no session.
  const app = await http.newContext();
  const fetchFeed = async () => {
    const response = await app.get(feedUrl);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    return events(await response.text());
  };
  const before = await fetchFeed();
  expect(before).toHaveLength(6);
  const was = before.find((event) => event.SUMMARY?.includes("week 2"))!;
  expect(was.DTSTART).toBe("20270310T000000Z");
  expect(was.LOCATION).toBe("https://meet.example.com/cohort");

  // The owner moves week 2 to Thursday 18:30 (site zone) on the cohort page.
  await week2.getByLabel("New start of week 2's session").fill("2027-03-11T18:30");
  await week2.getByRole("button", { name: "Move" }).click();
  await expect(page.locator("[data-toast]").filter({ hasText: "Session moved" })).toBeVisible();
  await expect(week2.getByTestId("session-when")).toHaveText(/Thu, Mar 11, 2027, 6:30 PM EST/);
  await expectNoAxeViolations(page);

  const after = await fetchFeed();
  const moved = after.find((event) => event.UID === was.UID)!;
  expect(moved.DTSTART).toBe("20270311T233000Z");
  expect(Number(moved.SEQUENCE)).toBeGreaterThan(Number(was.SEQUENCE));
  expect(after).toHaveLength(6);

  // Saving the settings again with only a new link keeps the moved session where it was put
  // (no email); the feed has the new link.
  await page.getByLabel("Live link (https)").fill("https://meet.example.com/new-room");
  await page.getByRole("button", { name: "Save and plan sessions" }).click();
  await expect(
    page.locator("[data-toast]").filter({ hasText: "sessions are planned" }),
  ).toBeVisible();
  await expect(week2.getByTestId("session-when")).toHaveText(/Thu, Mar 11, 2027, 6:30 PM EST/);
  const relinked = (await fetchFeed()).find((event) => event.UID === was.UID)!;
  expect(relinked.DTSTART).toBe("20270311T233000Z");
  expect(relinked.LOCATION).toBe("https://meet.example.com/new-room");

  // A move past the programme's last week is refused under the field; nothing changes.
  const week3 = page.locator('[data-testid="group-session"][data-week="3"]');
  const week3When = await week3.getByTestId("session-when").textContent();
  await week3.getByLabel("New start of week 3's session").fill("2027-07-13T19:00");
  await week3.getByRole("button", { name: "Move" }).click();
  await expect(week3.getByText(/Choose a start within the program's six weeks/)).toBeVisible();
  await expect(week3.getByTestId("session-when")).toHaveText(week3When!);
  await expectNoAxeViolations(page);

  // A session that has started (week 1, made yesterday's) has no Move or Cancel.
  await withDb((db) =>
    db
      .updateTable("group_sessions")
      .set({ starts_at: new Date(Date.now() - 86_400_000).toISOString() })
      .where("cohort_id", "=", cohortId)
      .where("week", "=", 1)
      .execute(),
  );
  await page.goto(`/admin/cohorts/${cohortId}`);
  const week1 = page.locator('[data-testid="group-session"][data-week="1"]');
  await expect(week1.getByTestId("session-started")).toBeVisible();
  await expect(week1.getByRole("button")).toHaveCount(0);
  await expect(week2.getByRole("button", { name: "Move" })).toBeVisible();

  // Their calendar app fetched the feed: the checklist's calendar item is done.
  await s.goto("/portal");
  await expect(s.locator('[data-checklist-item="calendar"]')).toHaveAttribute("data-state", "done");
  await expectNoAxeViolations(s);

  // On a phone (another device) without JavaScript, the same address, the card within the
  // screen, no Copy (nothing to copy with); only "Reset link" replaces it, and the old address is
  // dead. The times are in the site's zone, named as such, with the prompt to save one.
  const phone = await (
    await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false })
  ).newPage();
  await signInToPortal(phone, student);
  const phoneCard = phone.getByTestId("calendar-card");
  await expect(phoneCard.locator("[data-zone-note]")).toHaveText(
    "Times are in the site's time zone, America/New_York, until you save your own. Save your time zone",
  );
  await expect(phone.getByTestId("calendar-event").nth(2).locator("time")).toHaveText(
    "Tue, Mar 16, 2027, 7:00 PM EDT",
  );
  await expect(phoneCard.getByRole("button", { name: "Copy" })).toBeHidden();
  // Week 1's session, made yesterday's above, reads in the past.
  await expect(phone.getByTestId("calendar-event").first()).toContainText("· Held");
  const phoneAddress = phoneCard.getByLabel("Your private calendar address");
  await expect(phoneAddress).toHaveValue(feedUrl);
  const fits = () =>
    phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await fits()).toBe(true);
  await phoneCard.getByRole("button", { name: "Reset link" }).click();
  await expect(
    phone.locator("[data-toast]").filter({ hasText: "New calendar link made" }),
  ).toBeVisible();
  await expect(phoneAddress).not.toHaveValue(feedUrl);
  await expect(phoneAddress).toHaveValue(/\/calendar\/[\w-]{43}\.ics$/);
  expect((await app.get(feedUrl)).status()).toBe(404);
  expect((await app.get(await phoneAddress.inputValue())).status()).toBe(200);
  await phone.context().close();
  await app.dispose();
  await s.context().close();
});

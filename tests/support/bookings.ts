import { expect } from "vitest";
import * as availabilityRoute from "../../app/features/bookings/routes/mentor-availability";
import type { seatScenario } from "./cohort";
import { answer, assignMentor, mentorCookie, mentorFixture } from "./mentors";
import { portalCookie } from "./portal";

/** The cohort of the bookings tests: week 1 is Monday 2027-01-11 to Sunday 2027-01-17 (New York). */
const BOOKING_START = "2027-01-13";
const NEW_YORK = "America/New_York";

/**
 * The bookings tests' scene, set up through the mentor's own page: Ann, a mentor in London (her
 * meeting place first unless `place` is null, then her zone, then Tuesdays 15:00-17:00 unless
 * `hours` is false), and `students` paid students of hers in New York, signed in to the portal.
 * The clock is Friday 2027-01-08, before week 1.
 */
export async function londonMentorScene(
  s: ReturnType<typeof seatScenario>,
  options: { place?: string | null; hours?: boolean; students?: number } = {},
) {
  const { place = "https://meet.example.com/ann", hours = true, students: n = 1 } = options;
  const services = s.services();
  s.clock.set(new Date("2027-01-08T12:00:00Z"));
  const cohortId = await s.cohortId();
  await s
    .db()
    .updateTable("cohorts")
    .set({ start_date: BOOKING_START })
    .where("id", "=", cohortId)
    .execute();
  const ann = { email: "ann@example.com", name: "Ann Mentor" };
  const annId = await mentorFixture(services, ann.email, ann.name);
  const mentor = await mentorCookie(services, { id: annId, ...ann });
  /** A post to Ann's availability page. */
  const set = (fields: Record<string, string>) =>
    answer(s.services(), availabilityRoute.action, "/portal/mentor/availability", mentor, {
      fields,
    });
  if (place !== null) expect((await set({ intent: "place", place })).status).toBe(303);
  expect((await set({ intent: "zone", timeZone: "Europe/London" })).status).toBe(303);
  if (hours)
    expect(
      (await set({ intent: "add_hours", weekday: "2", from: "15:00", to: "17:00" })).status,
    ).toBe(303);
  const students: { id: string; cookie: string; email: string }[] = [];
  for (let i = 0; i < n; i++) {
    const email = `student${i}@example.com`;
    const id = await s.person(email);
    await s.pay(id, email);
    await assignMentor(services, id, annId);
    await s
      .db()
      .insertInto("student_profiles")
      .values({ person_id: id, time_zone: NEW_YORK, updated_at: s.clock.now().toISOString() })
      .execute();
    const cookie = await portalCookie(services, {
      role: "student",
      personId: id,
      email,
      firstName: `S${i}`,
    });
    students.push({ id, cookie, email });
  }
  return { annId, mentor, set, students, cohortId };
}

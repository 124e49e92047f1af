import { performance } from "node:perf_hooks";
import { changeAvailability } from "../../../app/features/bookings/availability.server";
import { updateCohortSettings } from "../../../app/features/cohort/settings.server";
import type { DB } from "../../../app/db/database.server";
import { mondayOf } from "../../../app/features/cohort/cohort";
import { dateInZone } from "../../../app/lib/time-zone";
import { addMentor } from "../../../app/features/mentors/mentors.server";
import type { Services } from "../../../app/context";
import { Jar } from "../../lib/browser";
import { qualifiedApplicants } from "../../lib/buyers";
import type { RunningServer } from "../../lib/server";

export const STUDENTS = 10;
const DAY_MS = 24 * 3_600_000;

/**
 * Two mentors, each in their own zone, with two mornings a week: 12 half-hour slots a week each
 * for their 5 students, so the popular first three are fought over and the rest fill up.
 */
const MENTORS = [
  {
    name: "Bench London",
    email: "bench.london@example.com",
    zone: "Europe/London",
    hours: [
      { weekday: 2, from: "09:00", to: "12:00" },
      { weekday: 4, from: "09:00", to: "12:00" },
    ],
  },
  {
    name: "Bench New York",
    email: "bench.newyork@example.com",
    zone: "America/New_York",
    hours: [
      { weekday: 1, from: "13:00", to: "16:00" },
      { weekday: 3, from: "13:00", to: "16:00" },
    ],
  },
] as const;

export interface Student {
  index: number;
  personId: string;
  email: string;
  mentorId: string;
  jar: Jar;
}

/**
 * The current cohort starts on the Monday two to eight days from now (weeks 1 and 2 are
 * bookable, and every slot is more than a day away: no notice or change cutoff in the way), and
 * the two mentors get their meeting place, zone and weekly hours through the availability
 * service. Returns the mentors' ids.
 */
export async function setUpMentors(services: Services, db: DB, siteZone: string) {
  const today = dateInZone(new Date(), siteZone);
  const startDate = mondayOf(
    new Date(Date.parse(`${today}T12:00:00Z`) + 8 * DAY_MS).toISOString().slice(0, 10),
  );
  await updateCohortSettings(services, "bench", { startDate, capacity: 20, isActive: true });
  const mentorIds: string[] = [];
  for (const mentor of MENTORS) {
    const created = await addMentor(
      db,
      "bench",
      { email: mentor.email, name: mentor.name, bio: "", capacity: STUDENTS / 2 },
      new Date(),
    );
    if (created.kind !== "created") throw new Error("the mentor was not created");
    const id = created.mentor.id;
    mentorIds.push(id);
    const change = async (form: Parameters<typeof changeAvailability>[2]) => {
      const done = await changeAvailability(db, id, form, siteZone, new Date());
      if (done.kind !== "ok") throw new Error(`availability refused: ${done.reason}`);
    };
    await db
      .updateTable("mentors")
      .set({ meeting_place: `https://meet.example.com/${id}` })
      .where("id", "=", id)
      .execute();
    await change({ intent: "zone", timeZone: mentor.zone });
    for (const row of mentor.hours) await change({ intent: "add_hours", ...row });
  }
  return mentorIds;
}

/**
 * Ten qualified applicants pay through the test checkout, as a browser does, alternating the
 * instances; the payment picks their mentor and the confirmation page signs that browser in to
 * the portal.
 */
export async function enrolStudents(db: DB, servers: RunningServer[], sessionSecret: string) {
  const applicants = await qualifiedApplicants(db, sessionSecret, STUDENTS, "bench-student");
  const started = performance.now();
  const students: Student[] = await Promise.all(
    applicants.map(async (applicant, index): Promise<Student> => {
      const server = servers[index % servers.length]!;
      const jar = new Jar();
      jar.set(applicant.cookie);
      const send = (url: string, body?: string) => jar.send(server.url, url, body);
      await send("/enroll");
      const checkout = await send("/enroll", "");
      if (!/\/checkout\/test\//.test(checkout.location))
        throw new Error(`enrol: ${checkout.status} ${checkout.location}`);
      const paid = await send(
        checkout.location,
        new URLSearchParams({ intent: "pay", email: applicant.email }).toString(),
      );
      const confirmed = await send(paid.location);
      if (confirmed.status !== 200 || !jar.has("fsts_portal"))
        throw new Error(`payment confirmation ${confirmed.status}: no portal session`);
      const payment = await db
        .selectFrom("payments")
        .select("mentor_id")
        .where("person_id", "=", applicant.personId)
        .where("status", "=", "paid")
        .executeTakeFirstOrThrow();
      if (!payment.mentor_id) throw new Error("a paid student has no mentor");
      return { index, ...applicant, mentorId: payment.mentor_id, jar };
    }),
  );
  return { students, seconds: (performance.now() - started) / 1000 };
}

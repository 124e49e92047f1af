import type { Db } from "~/db/database.server";
import { readerZone, type ZoneSource } from "./reader-zone";
import { liveSeat } from "~/features/enrollment/seat-queries.server";

/**
 * A student's seat as every part of the portal reads it (issue 34): their latest paid seat, its
 * cohort and start, their own zone, and the seat's mentor while that mentor is active. The one
 * place these are read, so the home, the onboarding email and the bookings never disagree about
 * who the mentor is. Zones fall back to `siteZone`.
 */
export interface StudentSeat {
  personId: string;
  cohortId: string;
  startDate: string | null;
  student: {
    firstName: string;
    name: string;
    email: string;
    zone: string;
    zoneSaved: boolean;
    /** Where `zone` comes from: their saved zone, their browser's (unsaved), or the site's. */
    zoneFrom: ZoneSource;
  };
  /** The seat's mentor while active; null while none is (or theirs was deactivated). */
  mentor: {
    id: string;
    name: string;
    bio: string;
    email: string;
    zone: string;
    /** Where they meet (issue 45); null until they set it. */
    place: string | null;
  } | null;
}

export async function studentSeat(
  db: Db,
  personId: string,
  siteZone: string,
  /** A page's reader: their browser's zone, used while they have saved none. */
  browserZone: string | null = null,
): Promise<StudentSeat | null> {
  const row = await liveSeat(db, personId)
    .leftJoin("student_profiles", "student_profiles.person_id", "people.id")
    .leftJoin("mentors", (join) =>
      join.onRef("mentors.id", "=", "payments.mentor_id").on("mentors.is_active", "=", 1),
    )
    .select([
      "payments.cohort_id",
      "cohorts.start_date",
      "people.first_name",
      "people.last_name",
      "people.email",
      "student_profiles.time_zone as student_zone",
      "mentors.id as mentor_id",
      "mentors.name as mentor_name",
      "mentors.bio as mentor_bio",
      "mentors.email as mentor_email",
      "mentors.time_zone as mentor_zone",
      "mentors.meeting_place as mentor_place",
    ])
    .executeTakeFirst();
  if (!row) return null;
  const reader = readerZone(row.student_zone ?? null, browserZone, siteZone);
  return {
    personId,
    cohortId: row.cohort_id,
    startDate: row.start_date ?? null,
    student: {
      firstName: row.first_name,
      name: `${row.first_name} ${row.last_name}`.trim(),
      email: row.email,
      zone: reader.zone,
      zoneSaved: reader.from === "saved",
      zoneFrom: reader.from,
    },
    mentor: row.mentor_id
      ? {
          id: row.mentor_id,
          name: row.mentor_name ?? "",
          bio: row.mentor_bio ?? "",
          email: row.mentor_email ?? "",
          zone: row.mentor_zone ?? siteZone,
          place: row.mentor_place ?? null,
        }
      : null,
  };
}

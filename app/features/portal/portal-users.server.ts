import type { Db } from "~/db/database.server";
import { liveSeat, paidSeat } from "~/features/enrollment/seat-queries.server";

/** Who the portal lets in: a student with a paid seat, or an active mentor. */
export type PortalUser =
  | { role: "student"; personId: string; email: string; firstName: string }
  | { role: "mentor"; mentorId: string; email: string; name: string };

/** The person with a paid seat in any cohort at this address, if any. */
async function studentByEmail(db: Db, email: string) {
  return db
    .selectFrom("people")
    .innerJoin("payments", "payments.person_id", "people.id")
    .select(["people.id", "people.first_name as firstName", "people.email"])
    .where("people.email", "=", email)
    .where(paidSeat)
    .executeTakeFirst();
}

async function activeMentorByEmail(db: Db, email: string) {
  return db
    .selectFrom("mentors")
    .select(["id", "name", "email"])
    .where("email", "=", email)
    .where("is_active", "=", 1)
    .executeTakeFirst();
}

/** Who may sign in with this address: an active mentor first, then a student with a paid seat. */
export async function portalUserByEmail(db: Db, email: string): Promise<PortalUser | null> {
  const mentor = await activeMentorByEmail(db, email);
  if (mentor) return { role: "mentor", mentorId: mentor.id, email, name: mentor.name };
  const student = await studentByEmail(db, email);
  if (student)
    return { role: "student", personId: student.id, email, firstName: student.firstName };
  return null;
}

/** Who a session is for, checked against today's seats and mentors (never a stale role). */
export async function currentUser(
  db: Db,
  session: { role: string; person_id: string | null; mentor_id: string | null },
): Promise<PortalUser | null> {
  if (session.role === "mentor" && session.mentor_id) {
    const mentor = await db
      .selectFrom("mentors")
      .select(["id", "name", "email"])
      .where("id", "=", session.mentor_id)
      .where("is_active", "=", 1)
      .executeTakeFirst();
    return mentor
      ? { role: "mentor", mentorId: mentor.id, email: mentor.email, name: mentor.name }
      : null;
  }
  if (session.role === "student" && session.person_id) {
    const seat = await liveSeat(db, session.person_id)
      .select(["people.id", "people.email", "people.first_name as firstName"])
      .executeTakeFirst();
    return seat
      ? { role: "student", personId: seat.id, email: seat.email, firstName: seat.firstName }
      : null;
  }
  return null;
}

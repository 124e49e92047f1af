import { studentSeat, type StudentSeat } from "~/features/portal/seat.server";
import type { Trx } from "~/db/database.server";
import { isUniqueViolation } from "~/db/errors.server";
import type { Engine } from "~/db/migrations.server";
import type { Services } from "~/context";

/**
 * Every booking, move and cancellation commits under the mentor's row lock (PostgreSQL
 * `select ... for update`; SQLite runs one write transaction at a time), re-reading the free slots
 * inside it; the partial unique indexes `bookings_one_per_slot` and `bookings_one_per_week` are
 * the last guard.
 */

/** Takes the mentor's row lock (PostgreSQL; SQLite has one writer): bookings and moves queue on it. */
export async function lockMentor(trx: Trx, engine: Engine, mentorId: string) {
  let query = trx.selectFrom("mentors").select("id").where("id", "=", mentorId);
  if (engine === "postgres") query = query.forUpdate();
  await query.executeTakeFirstOrThrow();
}

/** A student's seat with its active mentor, read under that mentor's lock. */
export type LockedSeat = StudentSeat & { mentor: NonNullable<StudentSeat["mentor"]> };

/**
 * The prelude of every booking and move (1-on-1 or deep-dive): one transaction that reads the
 * student's seat, takes their mentor's lock, then runs `work`, which re-reads the free slots
 * inside it. A unique index that still refuses the row (a race the lock did not see) is "taken".
 */
export async function withMentorLock<T extends { kind: string }>(
  services: Services,
  personId: string,
  work: (trx: Trx, seat: LockedSeat, now: Date) => Promise<T>,
): Promise<T | { kind: "notFound" | "taken" }> {
  const { db, engine, config } = services;
  const now = services.clock.now();
  try {
    return await db.transaction().execute(async (trx) => {
      const seat = await studentSeat(trx, personId, config.siteTimeZone);
      if (!seat?.mentor) return { kind: "notFound" as const };
      await lockMentor(trx, engine, seat.mentor.id);
      // The owner may have moved the student to another mentor while this waited for the lock.
      // Read again under the lock: the mentor as they now are (their meeting place too).
      const still = await studentSeat(trx, personId, config.siteTimeZone);
      const mentor = still?.mentor;
      if (!still || mentor?.id !== seat.mentor.id) return { kind: "notFound" as const };
      return work(trx, { ...still, mentor }, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: "taken" };
    throw error;
  }
}

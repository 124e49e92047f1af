import { randomUUID } from "node:crypto";
import { askForTestimonial } from "../../app/features/outcomes/testimonials.server";
import { fromApplication } from "../support/outcome-moves";
import { e2ePort } from "./env";
import { withDb } from "./support";

/**
 * What confirming an offer does for a testimonial (issue 36, item 5): the student's confirmed
 * offer at `firm` written as a row, then the app's own askForTestimonial in the same transaction
 * (the row and the email asking for it). Returns the offer's id.
 */
export const confirmedOfferFor = (email: string, firm: string) =>
  withDb(async (db) => {
    const seat = await db
      .selectFrom("payments")
      .select(["person_id", "cohort_id"])
      .where("email", "=", email)
      .where("status", "=", "paid")
      .executeTakeFirstOrThrow();
    // The transaction writes first: SQLite refuses to turn a read into a write while the
    // server writes (WAL snapshot), and a first write waits for the lock instead.
    return db.transaction().execute(async (trx) => {
      const id = randomUUID();
      const now = new Date();
      await trx
        .insertInto("offers")
        .values({
          id,
          person_id: seat.person_id!,
          cohort_id: seat.cohort_id,
          firm,
          role: "Summer Analyst",
          track: "Investment Banking",
          kind: "internship",
          start_date: null,
          compensation: null,
          reported_at: now.toISOString(),
          confirmed_at: now.toISOString(),
          confirmed_by: "owner",
          confirmed_by_id: "e2e",
          ...(await fromApplication(trx, seat.person_id!, "offer", now.toISOString(), {
            firm,
            role: "Summer Analyst",
          })),
        })
        .execute();
      const config = { publicUrl: `http://localhost:${e2ePort}` };
      await askForTestimonial(trx, { config } as never, id, now);
      return id;
    });
  });

import { recordAudit } from "~/features/accounts/audit.server";
import type { DB, Trx } from "~/db/database.server";
import { mentorMaySee } from "~/features/portal/portal";
import type { Services } from "~/context";
import { askForTestimonial } from "./testimonials.server";
import { paidSeat } from "~/features/enrollment/seat-queries.server";

/**
 * Confirming an offer (issue 36, item 2): the student's own mentor (their seat in the offer's
 * cohort is assigned to them) or the owner confirms it; until then it counts nowhere. The first
 * confirmation sets confirmed_at/by once; confirming again changes nothing. The owner's is
 * audited. One transaction, so what follows a confirmation (asking for a testimonial) joins it.
 */

export type ConfirmedBy =
  { role: "mentor"; mentorId: string } | { role: "owner"; adminId: string; email: string };

export type ConfirmOutcome =
  | { kind: "confirmed"; offer: { id: string; personId: string; cohortId: string } }
  | { kind: "already" | "notFound" };

/** Whether `mentorId` is the mentor of the person's paid seat in `cohortId`. */
async function isTheirMentor(trx: Trx, mentorId: string, personId: string, cohortId: string) {
  const seats = await trx
    .selectFrom("payments")
    .select("mentor_id")
    .where("person_id", "=", personId)
    .where("cohort_id", "=", cohortId)
    .where(paidSeat)
    .execute();
  return seats.some((seat) => mentorMaySee(mentorId, { mentorId: seat.mentor_id }));
}

export async function confirmOffer(
  services: Services,
  offerId: string,
  by: ConfirmedBy,
): Promise<ConfirmOutcome> {
  const now = services.clock.now();
  return services.db.transaction().execute(async (trx): Promise<ConfirmOutcome> => {
    const offer = await trx
      .selectFrom("offers")
      .select(["id", "person_id", "cohort_id", "confirmed_at"])
      .where("id", "=", offerId)
      .executeTakeFirst();
    if (!offer) return { kind: "notFound" };
    if (
      by.role === "mentor" &&
      !(await isTheirMentor(trx, by.mentorId, offer.person_id, offer.cohort_id))
    )
      return { kind: "notFound" };
    const at = now.toISOString();
    const result = await trx
      .updateTable("offers")
      .set({
        confirmed_at: at,
        confirmed_by: by.role,
        confirmed_by_id: by.role === "mentor" ? by.mentorId : by.adminId,
      })
      .where("id", "=", offer.id)
      .where("confirmed_at", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return { kind: "already" };
    // The student's first confirmed offer asks them, once ever, for a testimonial (issue 36).
    await askForTestimonial(trx, services, offer.id, now);
    if (by.role === "owner") {
      // Signed like the owner's other actions: by the admin's address.
      await recordAudit(
        trx,
        by.email,
        "offer.confirm",
        { offerId: offer.id, personId: offer.person_id },
        now,
      );
    }
    return {
      kind: "confirmed",
      offer: { id: offer.id, personId: offer.person_id, cohortId: offer.cohort_id },
    };
  });
}

/** The confirmed offers (the only ones that count), of one cohort or all, the earliest first. */
export function confirmedOffers(db: DB | Trx, filter: { cohortId?: string } = {}) {
  let query = db
    .selectFrom("offers")
    .select([
      "id",
      "person_id",
      "cohort_id",
      "firm",
      "role",
      "track",
      "kind",
      "start_date",
      "reported_at",
      "confirmed_at",
    ])
    .where("confirmed_at", "is not", null);
  if (filter.cohortId) query = query.where("cohort_id", "=", filter.cohortId);
  return query.orderBy("confirmed_at").orderBy("id").execute();
}

/** Whether `offerId` is an offer of `personId` (a page about one student confirms only theirs). */
export async function isOfferOf(db: DB, offerId: string, personId: string): Promise<boolean> {
  const row = await db
    .selectFrom("offers")
    .select("id")
    .where("id", "=", offerId)
    .where("person_id", "=", personId)
    .executeTakeFirst();
  return row !== undefined;
}

import type { AppContext } from "~/context";
import { getCohort } from "~/features/cohort/cohort.server";
import { readApplicant } from "./applicant-cookie.server";
import { countHeldSeats, liveOffer } from "./seats.server";

export type Buyer =
  | {
      kind: "buyer";
      personId: string;
      email: string;
      /** A seat is already held for them: an open seat offer, or their own open checkout. */
      seatHeld: boolean;
    }
  | { kind: "enrolled" }
  | { kind: "unknown" };

/**
 * Who may start a checkout: the person of the signed applicant cookie (set when they qualified in
 * this browser, or opened an enrollment or seat-offer link from their email), while they are
 * qualified or hold an open seat offer. Anyone else (no cookie, a lead, a waitlisted applicant)
 * is unknown and holds nothing, so a script cannot empty the cohort with anonymous posts.
 */
export async function identifyBuyer(request: Request, context: AppContext): Promise<Buyer> {
  const { db, clock } = context.services;
  const personId = await readApplicant(request, context);
  if (!personId) return { kind: "unknown" };
  const person = await db
    .selectFrom("people")
    .select(["id", "email", "status"])
    .where("id", "=", personId)
    .executeTakeFirst();
  if (!person) return { kind: "unknown" };
  if (person.status === "enrolled") return { kind: "enrolled" };
  const now = clock.now();
  const cohort = await getCohort(db, now);
  // Offers and checkouts alike: a held seat row is theirs (the offer's becomes the checkout's).
  const seatHeld =
    (await countHeldSeats(db, cohort.id, now.toISOString(), {
      heldBy: { personId, visitorId: null },
    })) > 0;
  const offer = seatHeld && (await liveOffer(db, cohort.id, personId, now.toISOString()));
  if (person.status !== "qualified" && !offer) return { kind: "unknown" };
  return { kind: "buyer", personId, email: person.email, seatHeld };
}

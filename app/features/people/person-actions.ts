import type { PersonStatus } from "~/features/applications/application-outcome";

/** Who the owner may send the enrollment link to: a qualified person (as the qualifying page does). */
export function mayGetEnrollLink(status: PersonStatus): boolean {
  return status === "qualified";
}

/** Who the owner may offer a seat out of turn: an applicant not yet enrolled (never a mere lead). */
export function mayGetSeatOffer(status: PersonStatus): boolean {
  return status === "qualified" || status === "waitlist" || status === "has_questions";
}

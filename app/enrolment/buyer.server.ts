import type { AppLoadContext } from "react-router";
import { getCohort } from "~/cohort/cohort.server";
import { readApplicant } from "./applicant-cookie.server";
import { liveOffer } from "./seats.server";

export type Buyer =
  { kind: "buyer"; personId: string; email: string } | { kind: "enrolled" } | { kind: "unknown" };

/**
 * Who may start a checkout: the person of the signed applicant cookie (set when they qualified in
 * this browser, or opened an enrolment or seat-offer link from their email), while they are
 * qualified or hold an open seat offer. Anyone else (no cookie, a lead, a waitlisted applicant)
 * is unknown and holds nothing, so a script cannot empty the cohort with anonymous posts.
 */
export async function identifyBuyer(request: Request, context: AppLoadContext): Promise<Buyer> {
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
  if (person.status === "qualified") return { kind: "buyer", personId, email: person.email };
  const now = clock.now();
  const cohort = await getCohort(db, now);
  const offer = await liveOffer(db, cohort.id, personId, now.toISOString());
  return offer ? { kind: "buyer", personId, email: person.email } : { kind: "unknown" };
}

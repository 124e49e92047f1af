import type { Trx } from "~/db/database.server";
import type { Attribution } from "~/features/analytics/utm";
import { findPersonByEmail, upsertPerson, type PersonInput } from "./people.server";

export interface FormVisitor {
  visitorId: string;
  /** The person of the signed applicant cookie, when the browser has one. */
  applicantId?: string | null;
  /** The tags of the links that brought this browser (first and last touch). */
  attribution: Attribution | null;
}

/**
 * Whether a form post may speak for the person with this email. Typing an address proves
 * nothing, so a post is taken as theirs only when the address is new, the browser carries that
 * person's signed applicant cookie, or this browser (its visitor id) has sent a form for them
 * before. An unproven post is recorded, but it keeps the profile, gets no applicant identity,
 * and learns nothing about the person: links go to the address by email instead.
 */
async function isProvenPost(trx: Trx, email: string, visitor: FormVisitor): Promise<boolean> {
  const existing = await findPersonByEmail(trx, email);
  if (!existing || existing.id === visitor.applicantId) return true;
  const seen = await trx
    .selectFrom("submissions")
    .select("id")
    .where("person_id", "=", existing.id)
    .where("visitor_id", "=", visitor.visitorId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(seen);
}

/**
 * Creates or updates the person a form names, refreshing their profile only when the post is
 * proven to speak for them (isProvenPost).
 */
export async function upsertFormPerson(
  trx: Trx,
  form: PersonInput,
  visitor: FormVisitor,
  now: string,
) {
  const proven = await isProvenPost(trx, form.email, visitor);
  const person = await upsertPerson(trx, form, visitor.attribution, now, { keepProfile: !proven });
  return { proven, person };
}

import type { Insertable } from "kysely";
import type { DB } from "../../app/db/database.server";
import type { UploadsTable } from "../../app/db/schema";
import type { OffersTable } from "../../app/db/programme-schema";
import { randomUUID } from "node:crypto";
import { newPerson } from "../../app/features/people/people.server";

/** Ada Lovelace of State, class of 2027: a person row as the forms write one. */
export async function insertAda(db: DB, id: string, email: string, at: string) {
  await db
    .insertInto("people")
    .values(
      newPerson(email, at, {
        id,
        first_name: "Ada",
        last_name: "Lovelace",
        university: "State",
        graduation_year: "2027",
      }),
    )
    .execute();
}

/** An uploaded resume of three bytes, waiting for review; `values` sets what a test looks at. */
export function uploadRow(
  id: string,
  personId: string,
  at: string,
  values: Partial<Insertable<UploadsTable>> = {},
): Insertable<UploadsTable> {
  return {
    id,
    person_id: personId,
    submission_id: null,
    name: "resume.docx",
    full_path: "resume.docx",
    content_type: "application/octet-stream",
    size: 3,
    sha256: "x",
    data: new Uint8Array([1, 2, 3]),
    review_status: "waiting",
    scheduled_for: null,
    created_at: at,
    updated_at: at,
    ...values,
  };
}

/** The upload row of a resume sent through the review form, as the admin pages list it. */
export function reviewUploadRow(id: string, personId: string, name: string, at: string) {
  return uploadRow(id, personId, at, {
    name,
    full_path: `resume-reviews/${name}`,
    content_type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  });
}

/** An analyst internship at Acme Capital reported and confirmed by the owner at `at`. */
/** An offer's own columns: the application and move it belongs to come from `fromApplication`. */
type OfferValues = Omit<Insertable<OffersTable>, "application_id" | "move_id">;

export function offerRow(
  personId: string,
  cohortId: string,
  at: string,
  values: Partial<OfferValues> = {},
): OfferValues & { id: string } {
  return {
    id: randomUUID(),
    person_id: personId,
    cohort_id: cohortId,
    firm: "Acme Capital",
    role: "Analyst",
    track: "Banking",
    kind: "internship",
    start_date: null,
    compensation: null,
    reported_at: at,
    confirmed_at: at,
    confirmed_by: "owner",
    confirmed_by_id: null,
    ...values,
  };
}

/** What `offerRow` takes to leave an offer reported but not confirmed. */
export const UNCONFIRMED = { confirmed_at: null, confirmed_by: null, confirmed_by_id: null };

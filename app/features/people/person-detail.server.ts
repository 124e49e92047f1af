import { referralsOfPerson } from "~/features/discounts/referrals.server";
import type { DB } from "~/db/database.server";
import {
  parseJsonColumn,
  personFirstTouch,
  personLastTouch,
  personLeadMagnets,
  personTags,
  submissionFormData,
  submissionUtm,
} from "~/db/json-columns.server";
import { findPersonById, statusHistory } from "./people.server";
import { notesOf } from "./owner-actions.server";

/** Everything the console shows about one person (also the privacy export). */
export async function personDetail(db: DB, personId: string) {
  const person = await findPersonById(db, personId);
  if (!person) return null;
  const [submissions, history, emails, uploads, downloads, payments, consents, notes] =
    await Promise.all([
      db
        .selectFrom("submissions")
        .selectAll()
        .where("person_id", "=", personId)
        .orderBy("created_at", "desc")
        .execute(),
      statusHistory(db, personId),
      db
        .selectFrom("outbox")
        .select([
          "id",
          "kind",
          "subject",
          "to_address",
          "status",
          "attempts",
          "last_error",
          "created_at",
          "sent_at",
        ])
        .where("person_id", "=", personId)
        .orderBy("created_at", "desc")
        .execute(),
      db
        .selectFrom("uploads")
        .select([
          "id",
          "name",
          "full_path",
          "content_type",
          "size",
          "sha256",
          "review_status",
          "scheduled_for",
          "created_at",
        ])
        .where("person_id", "=", personId)
        .orderBy("created_at", "desc")
        .execute(),
      db
        .selectFrom("downloads")
        .select(["resource", "created_at", "first_downloaded_at"])
        .where("person_id", "=", personId)
        .execute(),
      db
        .selectFrom("payments")
        .leftJoin("cohorts", "cohorts.id", "payments.cohort_id")
        .select([
          "payments.id",
          "payments.provider",
          "payments.session_id",
          "payments.email",
          "payments.amount_cents",
          "payments.status",
          "payments.created_at",
          "payments.promo_code",
          "payments.discount_cents",
          // Whether a refund gives the seat back depends on it (seatGoesBack).
          "cohorts.start_date as cohort_start",
        ])
        .where("payments.person_id", "=", personId)
        .orderBy("payments.created_at", "desc")
        .execute(),
      db
        .selectFrom("consents")
        .select(["given_at", "source", "wording", "mode"])
        .where("person_id", "=", personId)
        .orderBy("given_at", "desc")
        .execute(),
      notesOf(db, personId),
      db
        .selectFrom("waitlist_entries")
        .select(["cohort_id", "status", "position"])
        .where("person_id", "=", personId)
        .execute(),
    ]);
  return {
    person: {
      ...person,
      tags: parseJsonColumn(personTags, person.tags),
      lead_magnets: parseJsonColumn(personLeadMagnets, person.lead_magnets),
      first_touch: parseJsonColumn(personFirstTouch, person.first_touch),
      last_touch: parseJsonColumn(personLastTouch, person.last_touch),
    },
    submissions: submissions.map((s) => ({
      id: s.id,
      type: s.type,
      status: s.status,
      source: s.source,
      created_at: s.created_at,
      formData: parseJsonColumn(submissionFormData, s.form_data),
      utm: parseJsonColumn(submissionUtm, s.utm),
    })),
    history,
    emails,
    uploads,
    downloads,
    payments,
    consents,
    notes,
    referrals: await referralsOfPerson(db, personId),
  };
}

export type PersonDetail = NonNullable<Awaited<ReturnType<typeof personDetail>>>;

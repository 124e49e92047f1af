import type { DB } from "~/db/database.server";

/** Everything the console shows about one person (also the privacy export). */
export async function personDetail(db: DB, personId: string) {
  const person = await db
    .selectFrom("people")
    .selectAll()
    .where("id", "=", personId)
    .executeTakeFirst();
  if (!person) return null;
  const [submissions, history, emails, uploads, downloads, payments] = await Promise.all([
    db
      .selectFrom("submissions")
      .selectAll()
      .where("person_id", "=", personId)
      .orderBy("created_at", "desc")
      .execute(),
    db
      .selectFrom("status_history")
      .select(["status", "reason", "at"])
      .where("person_id", "=", personId)
      .orderBy("id")
      .execute(),
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
      .select(["provider", "session_id", "email", "amount_cents", "status", "created_at"])
      .where("person_id", "=", personId)
      .orderBy("created_at", "desc")
      .execute(),
  ]);
  return {
    person: {
      ...person,
      tags: JSON.parse(person.tags) as string[],
      lead_magnets: JSON.parse(person.lead_magnets) as string[],
      first_touch: person.first_touch
        ? (JSON.parse(person.first_touch) as Record<string, string>)
        : null,
      last_touch: person.last_touch
        ? (JSON.parse(person.last_touch) as Record<string, string>)
        : null,
    },
    submissions: submissions.map((s) => ({
      id: s.id,
      type: s.type,
      status: s.status,
      source: s.source,
      created_at: s.created_at,
      formData: JSON.parse(s.form_data) as Record<string, unknown>,
      utm: JSON.parse(s.utm) as Record<string, string>,
    })),
    history,
    emails,
    uploads,
    downloads,
    payments,
  };
}

export type PersonDetail = NonNullable<Awaited<ReturnType<typeof personDetail>>>;

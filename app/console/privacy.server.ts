import type { DB } from "~/db/database.server";
import { recordAudit } from "./audit.server";
import { personDetail } from "./person-detail.server";

export const ERASED = "[erased]";

/** A JSON copy of everything held about one person, recorded in the audit log. */
export async function exportPerson(db: DB, personId: string, actor: string, now: Date) {
  const detail = await personDetail(db, personId);
  if (!detail) return null;
  await recordAudit(db, actor, "person.export", { personId }, now);
  return detail;
}

/**
 * Removes a person's personal data and uploads. Rows that feed the counts (the person, their
 * submissions, history and payments) stay, stripped of anything that identifies them.
 */
export async function erasePerson(
  db: DB,
  personId: string,
  actor: string,
  now: Date,
): Promise<boolean> {
  const nowIso = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const person = await trx
      .selectFrom("people")
      .select("id")
      .where("id", "=", personId)
      .executeTakeFirst();
    if (!person) return false;
    const placeholder = `erased-${personId}@invalid`;
    await trx
      .updateTable("people")
      .set({
        email: placeholder,
        first_name: ERASED,
        last_name: ERASED,
        university: ERASED,
        graduation_year: "",
        tags: "[]",
        lead_magnets: "[]",
        updated_at: nowIso,
      })
      .where("id", "=", personId)
      .execute();
    await trx
      .updateTable("submissions")
      .set({ form_data: "{}", email: placeholder, visitor_id: "", fingerprint: "" })
      .where("person_id", "=", personId)
      .execute();
    await trx
      .updateTable("outbox")
      .set({ to_address: placeholder, subject: ERASED, html: "", text: "" })
      .where("person_id", "=", personId)
      .execute();
    await trx
      .updateTable("payments")
      .set({ email: placeholder })
      .where("person_id", "=", personId)
      .execute();
    await trx
      .updateTable("seat_holds")
      .set({ email: null })
      .where("person_id", "=", personId)
      .execute();
    await trx.deleteFrom("uploads").where("person_id", "=", personId).execute();
    await trx.deleteFrom("downloads").where("person_id", "=", personId).execute();
    await recordAudit(trx, actor, "person.erase", { personId }, now);
    return true;
  });
}

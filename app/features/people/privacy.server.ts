import type { Trx } from "~/db/database.server";
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { DB } from "~/db/database.server";
import { parseJsonColumn, submissionResource } from "~/db/json-columns.server";
import { stopSequences } from "~/features/marketing/sequences.server";
import { newUnsubscribeToken } from "./people.server";
import { recordAudit } from "~/features/accounts/audit.server";
import { erasePortalData, portalExport } from "~/features/portal/privacy.server";
import { erasedAddress } from "./erasure";
import { personDetail } from "./person-detail.server";

export const ERASED = "[erased]";

/** A JSON copy of everything held about one person, recorded in the audit log. */
export async function exportPerson(db: DB, personId: string, actor: string, now: Date) {
  const detail = await personDetail(db, personId);
  if (!detail) return null;
  const portal = await portalExport(db, personId, detail.person.email);
  await recordAudit(db, actor, "person.export", { personId }, now);
  return { ...detail, portal };
}

/**
 * Removes a person's personal data and uploads. Rows that feed the counts (the person, their
 * submissions, history and payments) stay, stripped of anything that identifies them; messages
 * about them are scrubbed, unsent ones never go, and local mailbox copies are deleted. The
 * portal's profile, sessions and sign-in links go (so they are signed out everywhere), and so do
 * the words of their programme record (requests to leave, interviews, offers, survey answers).
 */
export async function erasePerson(
  db: DB,
  personId: string,
  actor: string,
  now: Date,
  mailboxDir?: string,
): Promise<boolean> {
  const nowIso = now.toISOString();
  const erasedEmail = await db.transaction().execute(async (trx) => {
    const person = await trx
      .selectFrom("people")
      .select(["id", "email"])
      .where("id", "=", personId)
      .executeTakeFirst();
    if (!person) return null;
    const placeholder = erasedAddress(personId);
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
        // No more marketing to the placeholder, and nothing left that could name them.
        marketing: "unsubscribed",
        marketing_changed_at: nowIso,
        unsubscribe_token: newUnsubscribeToken(),
        undeliverable_reason: null,
        updated_at: nowIso,
      })
      .where("id", "=", personId)
      .execute();
    await stopSequences(trx, personId, "erased", now);
    await trx.deleteFrom("consents").where("person_id", "=", personId).execute();
    await trx.deleteFrom("person_notes").where("person_id", "=", personId).execute();
    await erasePortalData(trx, personId, person.email);
    await eraseProgrammeWords(trx, personId);

    await scrubSubmissions(trx, personId, placeholder);
    await trx
      .updateTable("status_history")
      .set({ reason: ERASED })
      .where("person_id", "=", personId)
      .execute();

    await scrubOutbox(trx, personId, person.email, placeholder);

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
    return person.email;
  });
  if (!erasedEmail) return false;
  if (mailboxDir) await eraseFromMailbox(mailboxDir, erasedEmail);
  return true;
}

/**
 * The free text of the programme's record that names or describes the person (app/db/
 * programme-schema.ts; survey words and the testimonial go with the portal's data): why they
 * asked to leave and the owner's note on it, the firms, roles and pay of their interviews and
 * offers. The rows stay for the counts and the outcomes report; nullable words become null,
 * required ones the erased placeholder.
 */
async function eraseProgrammeWords(trx: Trx, personId: string) {
  await trx
    .updateTable("withdrawals")
    .set({ reason: ERASED, decision_note: null })
    .where("person_id", "=", personId)
    .execute();
  await trx
    .updateTable("interviews")
    .set({ firm: ERASED, role: ERASED })
    .where("person_id", "=", personId)
    .execute();
  await trx
    .updateTable("offers")
    .set({ firm: ERASED, role: ERASED, compensation: null })
    .where("person_id", "=", personId)
    .execute();
}

/** Answers go; what the counts need (the resource asked for) stays. */
async function scrubSubmissions(trx: Trx, personId: string, placeholder: string) {
  const submissions = await trx
    .selectFrom("submissions")
    .select(["id", "form_data"])
    .where("person_id", "=", personId)
    .execute();
  for (const submission of submissions) {
    const { resourceType } = parseJsonColumn(submissionResource, submission.form_data);
    await trx
      .updateTable("submissions")
      .set({
        form_data: JSON.stringify(resourceType ? { resourceType } : {}),
        email: placeholder,
        visitor_id: "",
        fingerprint: "",
      })
      .where("id", "=", submission.id)
      .execute();
  }
}

/** Unsent messages about the person never go; every message about them loses what named them. */
async function scrubOutbox(trx: Trx, personId: string, email: string, placeholder: string) {
  await trx
    .updateTable("outbox")
    .set({ status: "failed", last_error: "erased before sending" })
    .where("person_id", "=", personId)
    .where("status", "=", "pending")
    .execute();
  await trx
    .updateTable("outbox")
    .set((eb) => ({
      to_address: eb
        .case()
        .when("to_address", "=", email)
        .then(placeholder)
        .else(eb.ref("to_address"))
        .end(),
      subject: ERASED,
      html: "",
      text: "",
    }))
    .where("person_id", "=", personId)
    .execute();
}

/** The local mailbox keeps sent messages as .eml files: those naming the person are deleted. */
async function eraseFromMailbox(dir: string, email: string) {
  let files: string[];
  try {
    files = await readdir(dir);
  } catch {
    return;
  }
  for (const file of files.filter((name) => name.endsWith(".eml"))) {
    const full = path.join(dir, file);
    if ((await readFile(full, "utf8")).toLowerCase().includes(email))
      await rm(full, { force: true });
  }
}

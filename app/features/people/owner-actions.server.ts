import { randomUUID } from "node:crypto";
import { recordAudit } from "~/features/accounts/audit.server";
import { getCohort } from "~/features/cohort/cohort.server";
import { offerByHand } from "~/features/cohort/offers.server";
import { joinQueue } from "~/features/cohort/queue.server";
import { personEmails } from "./person-emails.words";
import type { DB } from "~/db/database.server";
import { parseJsonColumn, submissionFormData } from "~/db/json-columns.server";
import { enrollLinkUrl } from "~/features/enrollment/enroll-link.server";
import { renderEmail } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import { MAX_NOTE } from "./person-form";
import { MAX_NOTES_PER_PERSON } from "./notes";
import { mayGetEnrollLink, mayGetSeatOffer } from "./person-actions";
import { isReplyOverdue, questionOf } from "./questions";
import type { Services } from "~/context";

/** The kind of the owner's reply in the outbox: a person waits for one after asking a question. */
export const OWNER_REPLY = "owner_reply";
/** The question a person asked on their latest application, and when (none: null). */
export async function latestQuestion(db: DB, personId: string) {
  const row = await db
    .selectFrom("submissions")
    .select(["form_data", "created_at"])
    .where("person_id", "=", personId)
    .where("type", "=", "application")
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  const question = row ? questionOf(parseJsonColumn(submissionFormData, row.form_data)) : "";
  return row && question ? { question, askedAt: row.created_at } : null;
}

/**
 * Adds the author's private note to a person: "not_found" when there is no such person, "full"
 * when they have MAX_NOTES_PER_PERSON already (every stored field is bounded, a list too).
 */
export async function addNote(
  services: Services,
  author: string,
  personId: string,
  body: string,
  role: "owner" | "mentor" = "owner",
): Promise<"added" | "not_found" | "full"> {
  const { db, clock } = services;
  const person = await db
    .selectFrom("people")
    .select("id")
    .where("id", "=", personId)
    .executeTakeFirst();
  if (!person) return "not_found";
  const { n } = await db
    .selectFrom("person_notes")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("person_id", "=", personId)
    .executeTakeFirstOrThrow();
  if (Number(n) >= MAX_NOTES_PER_PERSON) return "full";
  await db
    .insertInto("person_notes")
    .values({
      id: randomUUID(),
      person_id: personId,
      author,
      author_role: role,
      // The form bounds it; so does the code that writes it.
      body: body.slice(0, MAX_NOTE),
      created_at: clock.now().toISOString(),
    })
    .execute();
  return "added";
}

export async function notesOf(db: DB, personId: string) {
  return db
    .selectFrom("person_notes")
    .select(["id", "author", "body", "created_at"])
    .where("person_id", "=", personId)
    .orderBy("created_at", "desc")
    .execute();
}

/**
 * The owner answers a person by email, through the outbox, with the question they asked quoted
 * under the answer. The reply is on the person's page (their emails) and in the audit log, and it
 * takes their question off the dashboard's waiting list.
 */
export async function replyToPerson(
  services: Services,
  actor: string,
  personId: string,
  message: string,
): Promise<boolean> {
  const { db, clock } = services;
  const now = clock.now();
  const person = await db
    .selectFrom("people")
    .select(["email", "first_name"])
    .where("id", "=", personId)
    .executeTakeFirst();
  if (!person) return false;
  const asked = await latestQuestion(db, personId);
  const content = personEmails.reply({
    firstName: person.first_name,
    message,
    question: asked?.question ?? null,
  });
  await db.transaction().execute(async (trx) => {
    await enqueueEmail(
      trx,
      { kind: OWNER_REPLY, to: person.email, personId, ...renderEmail(content) },
      now,
    );
    await recordAudit(trx, actor, "person.reply", { personId }, now);
  });
  return true;
}

export type SendLinkResult = "sent" | "not_found" | "not_qualified";

/** Emails a qualified person the signed `/enroll` link (valid 14 days), as the qualifying page does. */
export async function sendEnrollLink(
  services: Services,
  actor: string,
  personId: string,
): Promise<SendLinkResult> {
  const { db, clock, config } = services;
  const now = clock.now();
  const person = await db
    .selectFrom("people")
    .select(["email", "first_name", "status"])
    .where("id", "=", personId)
    .executeTakeFirst();
  if (!person) return "not_found";
  if (!mayGetEnrollLink(person.status)) return "not_qualified";
  const url = enrollLinkUrl(config, personId, now);
  await db.transaction().execute(async (trx) => {
    await enqueueEmail(
      trx,
      {
        kind: "enrollment_link",
        to: person.email,
        personId,
        ...renderEmail(personEmails.enrollLink({ firstName: person.first_name, url })),
      },
      now,
    );
    await recordAudit(trx, actor, "person.send_enroll_link", { personId }, now);
  });
  return "sent";
}

/**
 * Offers a person a seat of the current cohort out of turn: they join its seat queue if they are
 * not in it, and the seat queue's own offer (a held seat and an emailed link) goes to them.
 */
export async function offerSeatTo(services: Services, actor: string, personId: string) {
  const { db, clock } = services;
  const now = clock.now();
  const person = await db
    .selectFrom("people")
    .select("status")
    .where("id", "=", personId)
    .executeTakeFirst();
  if (!person) return "not_found" as const;
  if (person.status === "enrolled") return "enrolled" as const;
  if (!mayGetSeatOffer(person.status)) return "not_applicant" as const;
  const cohort = await getCohort(db, now);
  await joinQueue(db, cohort.id, personId, now.toISOString());
  const entry = await db
    .selectFrom("waitlist_entries")
    .select(["id", "status"])
    .where("cohort_id", "=", cohort.id)
    .where("person_id", "=", personId)
    .executeTakeFirstOrThrow();
  if (entry.status === "offered") return "already_offered" as const;
  return offerByHand(services, actor, entry.id, now);
}

/** Questions asked on applications that no reply has followed yet, oldest first, with their age. */
export async function waitingQuestions(db: DB, now: Date) {
  const rows = await db
    .selectFrom("submissions as s")
    .innerJoin("people as p", "p.id", "s.person_id")
    .select(["p.id", "p.first_name", "p.last_name", "p.email", "s.form_data", "s.created_at"])
    .where("s.type", "=", "application")
    .where("s.status", "=", "has_questions")
    .where("p.status", "=", "has_questions")
    // Their latest application only: someone who applied twice is one person waiting.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("submissions as later")
            .select("later.id")
            .whereRef("later.person_id", "=", "s.person_id")
            .where("later.type", "=", "application")
            .whereRef("later.created_at", ">", "s.created_at"),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("outbox as o")
            .select("o.id")
            .whereRef("o.person_id", "=", "s.person_id")
            .where("o.kind", "=", OWNER_REPLY)
            .whereRef("o.created_at", ">=", "s.created_at"),
        ),
      ),
    )
    .orderBy("s.created_at", "asc")
    .limit(50)
    .execute();
  return rows.map((row) => ({
    personId: row.id,
    name: `${row.first_name} ${row.last_name}`.trim() || row.email,
    question: questionOf(parseJsonColumn(submissionFormData, row.form_data)),
    askedAt: row.created_at,
    overdue: isReplyOverdue(new Date(row.created_at), now),
  }));
}

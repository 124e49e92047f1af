import { randomUUID } from "node:crypto";
import { recordAudit } from "~/features/accounts/audit.server";
import { mentorInviteEmail } from "./mentors.words";
import type { DB, Db } from "~/db/database.server";
import {
  MAX_MENTOR_BIO,
  MAX_MENTOR_EMAIL,
  MAX_MENTOR_NAME,
  type MentorInput,
} from "./mentor-forms";
import { renderEmail } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import { endMentorSessions, PORTAL_PATH } from "~/features/portal/session.server";
import type { Services } from "~/context";
import { paidSeat } from "~/features/enrollment/seat-queries.server";

/**
 * The owner's side of the mentors (issue 34, item 3): create one (the console's invitation, and
 * the admin CLI), edit, deactivate and reactivate, and the list with each mentor's students in
 * the current cohort. Every change by the owner is in the audit log. A mentor has no password:
 * they sign in to the portal by one-time link (app/features/portal/session.server.ts).
 */

export interface Mentor {
  id: string;
  email: string;
  name: string;
  bio: string;
  capacity: number;
  isActive: boolean;
  createdAt: string;
}

export type CreateMentorResult = { kind: "created"; mentor: Mentor } | { kind: "duplicate" };

/**
 * Adds a mentor; an address that is already a mentor's changes nothing. The insert itself skips
 * a taken address, so two owners (or the console and the CLI) adding the same one at once make
 * one mentor. Every text is bounded by the schema (app/features/mentors/mentor-forms.ts) and again here.
 */
export async function createMentor(
  db: Db,
  input: MentorInput,
  now: Date,
): Promise<CreateMentorResult> {
  const at = now.toISOString();
  const mentor: Mentor = {
    id: randomUUID(),
    email: input.email.trim().toLowerCase().slice(0, MAX_MENTOR_EMAIL),
    name: input.name.slice(0, MAX_MENTOR_NAME),
    bio: input.bio.slice(0, MAX_MENTOR_BIO),
    capacity: input.capacity,
    isActive: true,
    createdAt: at,
  };
  const inserted = await db
    .insertInto("mentors")
    .values({
      id: mentor.id,
      email: mentor.email,
      name: mentor.name,
      bio: mentor.bio,
      capacity: mentor.capacity,
      is_active: 1,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return { kind: "duplicate" };
  return { kind: "created", mentor };
}

/** The admin CLI's `create --role mentor`: the mentor and the audit line, in one transaction. */
export async function addMentor(
  db: DB,
  actor: string,
  input: MentorInput,
  now: Date,
): Promise<CreateMentorResult> {
  return db.transaction().execute(async (trx) => {
    const created = await createMentor(trx, input, now);
    if (created.kind === "created")
      await recordAudit(trx, actor, "mentor.create", { mentorId: created.mentor.id }, now);
    return created;
  });
}

/**
 * The console's invitation: the mentor, the email that welcomes them and the audit line, in one
 * transaction. The email points at the portal's sign-in page (/portal, where they ask for a
 * one-time link) instead of carrying a link itself (sendSignInLink): a sign-in link lives 15
 * minutes, and an invitation is often opened hours later.
 */
export async function inviteMentor(
  services: Services,
  actor: string,
  input: MentorInput,
): Promise<CreateMentorResult> {
  const now = services.clock.now();
  return services.db.transaction().execute(async (trx) => {
    const created = await createMentor(trx, input, now);
    if (created.kind !== "created") return created;
    const { mentor } = created;
    await enqueueEmail(
      trx,
      {
        kind: "mentor_invite",
        to: mentor.email,
        personId: null,
        ...renderEmail(
          mentorInviteEmail(mentor.name, `${services.config.publicUrl}${PORTAL_PATH}`),
        ),
      },
      now,
    );
    await recordAudit(trx, actor, "mentor.invite", { mentorId: mentor.id }, now);
    return created;
  });
}

export type MentorChange = { kind: "done"; name: string } | { kind: "not_found" };

/** Changes a mentor's name, bio and capacity (their email is who they are: not edited). */
export async function updateMentor(
  services: Services,
  actor: string,
  id: string,
  input: Pick<MentorInput, "name" | "bio" | "capacity">,
): Promise<MentorChange> {
  const now = services.clock.now();
  return services.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("mentors")
      .set({
        name: input.name.slice(0, MAX_MENTOR_NAME),
        bio: input.bio.slice(0, MAX_MENTOR_BIO),
        capacity: input.capacity,
        updated_at: now.toISOString(),
      })
      .where("id", "=", id)
      .returning("name")
      .executeTakeFirst();
    if (!updated) return { kind: "not_found" };
    await recordAudit(trx, actor, "mentor.edit", { mentorId: id, capacity: input.capacity }, now);
    return { kind: "done", name: updated.name };
  });
}

/**
 * Deactivates a mentor (their portal sessions end and their calendar feed is deleted in the same
 * transaction, so they are signed out at once, cannot sign in again, and their feed answers 404)
 * or reactivates one. Their students stay assigned.
 */
export async function setMentorActive(
  services: Services,
  actor: string,
  id: string,
  active: boolean,
): Promise<MentorChange> {
  const now = services.clock.now();
  return services.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("mentors")
      .set({ is_active: active ? 1 : 0, updated_at: now.toISOString() })
      .where("id", "=", id)
      .returning("name")
      .executeTakeFirst();
    if (!updated) return { kind: "not_found" };
    if (!active) {
      await endMentorSessions(trx, id);
      // Their feed goes for good: a reactivated mentor makes a new one from the portal.
      await trx.deleteFrom("calendar_feeds").where("mentor_id", "=", id).execute();
    }
    await recordAudit(
      trx,
      actor,
      active ? "mentor.reactivate" : "mentor.deactivate",
      { mentorId: id },
      now,
    );
    return { kind: "done", name: updated.name };
  });
}

/** The owner signs a mentor out of the portal on every device (recorded in the audit log). */
export async function endMentorSessionsByOwner(
  services: Services,
  actor: string,
  id: string,
): Promise<MentorChange> {
  return services.db.transaction().execute(async (trx) => {
    const mentor = await trx
      .selectFrom("mentors")
      .select("name")
      .where("id", "=", id)
      .executeTakeFirst();
    if (!mentor) return { kind: "not_found" };
    await endMentorSessions(trx, id);
    await recordAudit(
      trx,
      actor,
      "mentor.sign_out_everywhere",
      { mentorId: id },
      services.clock.now(),
    );
    return { kind: "done", name: mentor.name };
  });
}

export interface MentorSummary extends Mentor {
  /** Paid seats of the current cohort assigned to this mentor. */
  students: number;
  /** Where they meet students (issue 45); null until set. */
  meetingPlace: string | null;
}

/** Every mentor, the active first, each with their students in the current cohort. */
export async function listMentors(db: DB): Promise<MentorSummary[]> {
  const rows = await db
    .selectFrom("mentors")
    .select((eb) => [
      "mentors.id",
      "mentors.email",
      "mentors.name",
      "mentors.bio",
      "mentors.capacity",
      "mentors.is_active",
      "mentors.created_at",
      "mentors.meeting_place",
      eb
        .selectFrom("payments")
        .innerJoin("cohorts", "cohorts.id", "payments.cohort_id")
        .select(eb.fn.countAll().as("n"))
        .whereRef("payments.mentor_id", "=", "mentors.id")
        .where(paidSeat)
        .where("cohorts.is_current", "=", 1)
        .as("students"),
    ])
    .orderBy("mentors.is_active", "desc")
    .orderBy("mentors.name")
    .orderBy("mentors.email")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    bio: row.bio,
    capacity: Number(row.capacity),
    isActive: Number(row.is_active) === 1,
    createdAt: row.created_at,
    students: Number(row.students ?? 0),
    meetingPlace: row.meeting_place,
  }));
}

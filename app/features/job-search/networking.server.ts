import { randomUUID } from "node:crypto";
import type { Db, DB } from "~/db/database.server";
import type { Services } from "~/context";
import { sentAt } from "./first-dates";
import { MAX_CONVERSATIONS, type ConversationFields, type TargetsInput } from "./networking";
import {
  weeklyProgress,
  weekWindow,
  type WeeklyProgress,
  type WeeklyTargets,
  type WeekWindow,
} from "./weekly-progress";

/**
 * Weekly targets and networking conversations in the database (issue 47, item 4). Every query
 * names the student: someone else's conversation is, to them, not there. Targets are written only
 * by the routes that have checked the student is the writer's (the mentor's student page).
 */

/** The student's conversations, newest first. */
export async function listConversations(db: DB, personId: string) {
  return db
    .selectFrom("networking_conversations")
    .select(["id", "person_name", "firm", "date", "how", "follow_up", "notes"])
    .where("person_id", "=", personId)
    .orderBy("date", "desc")
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

/** Logs a conversation; refused past MAX_CONVERSATIONS. */
export async function addConversation(
  services: Pick<Services, "db" | "clock">,
  personId: string,
  fields: ConversationFields,
): Promise<"saved" | "too_many"> {
  const now = services.clock.now().toISOString();
  return services.db.transaction().execute(async (trx) => {
    const { n } = await trx
      .selectFrom("networking_conversations")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("person_id", "=", personId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_CONVERSATIONS) return "too_many";
    await trx
      .insertInto("networking_conversations")
      .values({
        id: randomUUID(),
        person_id: personId,
        person_name: fields.personName,
        firm: fields.firm,
        date: fields.date,
        how: fields.how,
        follow_up: fields.followUp,
        notes: fields.notes,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return "saved";
  });
}

/** Deletes one of the student's conversations; false when it is not theirs. */
export async function deleteConversation(db: DB, personId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("networking_conversations")
    .where("id", "=", id)
    .where("person_id", "=", personId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The student's weekly targets; null while none are set. */
export async function readTargets(db: DB, personId: string): Promise<WeeklyTargets | null> {
  const row = await db
    .selectFrom("job_search_targets")
    .select(["applications_per_week", "conversations_per_week"])
    .where("person_id", "=", personId)
    .executeTakeFirst();
  return row
    ? {
        applicationsPerWeek: Number(row.applications_per_week),
        conversationsPerWeek: Number(row.conversations_per_week),
      }
    : null;
}

/** Sets the student's weekly targets, as `by` (the caller has checked they may). */
export async function setTargets(
  services: Pick<Services, "db" | "clock">,
  personId: string,
  targets: TargetsInput,
  by: { role: "mentor" | "owner"; id: string },
): Promise<void> {
  const values = {
    applications_per_week: targets.applicationsPerWeek,
    conversations_per_week: targets.conversationsPerWeek,
    set_by_role: by.role,
    set_by_id: by.id,
    updated_at: services.clock.now().toISOString(),
  };
  await services.db
    .insertInto("job_search_targets")
    .values({ person_id: personId, ...values })
    .onConflict((oc) => oc.column("person_id").doUpdateSet(values))
    .execute();
}

export interface WeekProgress extends WeeklyProgress {
  window: WeekWindow;
}

/**
 * Each student's week (the one `now` falls in, on `zone`'s calendar: the site's) against their
 * targets, in three queries whatever the number of students: the board of a mentor's students
 * reads them all at once.
 */
export async function weekProgressOf(
  db: DB,
  personIds: readonly string[],
  now: Date,
  zone: string,
): Promise<Map<string, WeekProgress>> {
  const window = weekWindow(now, zone);
  const found = new Map<string, WeekProgress>();
  if (personIds.length === 0) return found;
  const [applications, conversations, targets] = await Promise.all([
    // The rows' first dates (decision 0068); one sent this week has one of them this week or later.
    db
      .selectFrom("job_applications")
      .select(["person_id", "first_applied_at", "first_interview_at", "first_offer_at"])
      .where("person_id", "in", personIds)
      .where((eb) =>
        eb.or([
          eb("first_applied_at", ">=", window.from),
          eb("first_interview_at", ">=", window.from),
          eb("first_offer_at", ">=", window.from),
        ]),
      )
      .execute(),
    db
      .selectFrom("networking_conversations")
      .select(["person_id", "date", "follow_up"])
      .where("person_id", "in", personIds)
      .where((eb) =>
        eb.or([
          eb.between("date", window.startsOn, window.endsOn),
          eb.between("follow_up", window.startsOn, window.endsOn),
        ]),
      )
      .execute(),
    db
      .selectFrom("job_search_targets")
      .select(["person_id", "applications_per_week", "conversations_per_week"])
      .where("person_id", "in", personIds)
      .execute(),
  ]);
  for (const personId of personIds) {
    const target = targets.find((t) => t.person_id === personId);
    const progress = weeklyProgress({
      window,
      sent: applications.filter((a) => a.person_id === personId).map(sentAt),
      conversations: conversations
        .filter((c) => c.person_id === personId)
        .map((c) => ({ date: c.date, followUp: c.follow_up })),
      targets: target
        ? {
            applicationsPerWeek: Number(target.applications_per_week),
            conversationsPerWeek: Number(target.conversations_per_week),
          }
        : null,
    });
    found.set(personId, { ...progress, window });
  }
  return found;
}

/** One student's week against their targets (see `weekProgressOf`). */
export async function weekProgress(
  db: DB,
  personId: string,
  now: Date,
  zone: string,
): Promise<WeekProgress> {
  return (await weekProgressOf(db, [personId], now, zone)).get(personId)!;
}

/** The student's targets and conversations, for the privacy export. */
export async function networkingExport(db: Db, personId: string) {
  const [targets, conversations] = await Promise.all([
    db
      .selectFrom("job_search_targets")
      .select(["applications_per_week", "conversations_per_week", "set_by_role", "updated_at"])
      .where("person_id", "=", personId)
      .executeTakeFirst(),
    db
      .selectFrom("networking_conversations")
      .selectAll()
      .where("person_id", "=", personId)
      .orderBy("date")
      .orderBy("created_at")
      .execute(),
  ]);
  return { weeklyTargets: targets ?? null, conversations };
}

/** Erases the student's targets and conversations (in the erasure's transaction). */
export async function eraseNetworking(trx: Db, personId: string) {
  await trx.deleteFrom("networking_conversations").where("person_id", "=", personId).execute();
  await trx.deleteFrom("job_search_targets").where("person_id", "=", personId).execute();
}

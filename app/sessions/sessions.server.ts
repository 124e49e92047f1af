import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { recordAudit } from "~/accounts/audit.server";
import type { DB, Trx } from "~/db/database.server";
import type { Engine } from "~/db/migrations.server";
import { planSessions, type SessionSlot } from "~/domain/group-sessions";
import { lockCohort } from "~/enrollment/seats.server";
import { notifySessionChange } from "./notify.server";

/** What the session services need. */
export interface SessionServices {
  db: DB;
  engine: Engine;
  clock: { now(): Date };
  config: { siteTimeZone: string; publicUrl: string; contactEmail: string };
}

/** A cohort's weekly slot and live link, as stored. */
export async function sessionSettingsOf(db: DB | Trx, cohortId: string) {
  const row = await db
    .selectFrom("cohorts")
    .select(["start_date", "session_weekday", "session_time", "session_minutes", "live_url"])
    .where("id", "=", cohortId)
    .executeTakeFirstOrThrow();
  return {
    startDate: row.start_date,
    slot: {
      weekday: Number(row.session_weekday),
      time: row.session_time,
      minutes: Number(row.session_minutes),
    } satisfies SessionSlot,
    liveUrl: row.live_url,
  };
}

/**
 * Plans (or re-plans) a cohort's six sessions from its start date and weekly slot, inside the
 * caller's transaction (which holds the cohort's lock). One row per cohort and week (a unique
 * key): a missing week is inserted, a planned one whose time, length or topic differs is moved
 * back onto the plan with its SEQUENCE counted up; a cancelled one stays cancelled. Running it
 * twice changes nothing the second time. No start date: nothing is planned or changed.
 */
export async function planCohortSessions(
  trx: Trx,
  cohortId: string,
  timeZone: string,
  now: Date,
): Promise<{ created: number; moved: number }> {
  const { startDate, slot } = await sessionSettingsOf(trx, cohortId);
  const nowIso = now.toISOString();
  let created = 0;
  let moved = 0;
  for (const planned of planSessions(startDate, slot, timeZone)) {
    const startsAt = planned.startsAt.toISOString();
    const inserted = await trx
      .insertInto("group_sessions")
      .values({
        id: randomUUID(),
        cohort_id: cohortId,
        week: planned.week,
        starts_at: startsAt,
        minutes: planned.minutes,
        topic: planned.topic,
        recording_url: null,
        created_at: nowIso,
        updated_at: nowIso,
      })
      .onConflict((oc) => oc.columns(["cohort_id", "week"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
      created += 1;
      continue;
    }
    const changed = await trx
      .updateTable("group_sessions")
      .set({
        starts_at: startsAt,
        minutes: planned.minutes,
        topic: planned.topic,
        sequence: sql<number>`sequence + 1`,
        updated_at: nowIso,
      })
      .where("cohort_id", "=", cohortId)
      .where("week", "=", planned.week)
      .where((eb) =>
        eb.or([
          eb("starts_at", "!=", startsAt),
          eb("minutes", "!=", planned.minutes),
          eb("topic", "!=", planned.topic),
        ]),
      )
      .executeTakeFirst();
    moved += Number(changed.numUpdatedRows ?? 0);
  }
  return { created, moved };
}

/** A cohort's sessions in week order, for the owner's page. */
export function listSessions(db: DB, cohortId: string) {
  return db
    .selectFrom("group_sessions")
    .select(["id", "week", "topic", "starts_at", "minutes", "status", "sequence"])
    .where("cohort_id", "=", cohortId)
    .orderBy("week")
    .execute();
}

export interface SessionSettingsInput {
  weekday: number;
  time: string;
  minutes: number;
  liveUrl: string | null;
}

/**
 * The owner saves the cohort's weekly slot and live link: written, audited with before and
 * after, and the sessions re-planned, in one transaction under the cohort's lock. A new live
 * link changes every session's LOCATION, so each one's SEQUENCE goes up.
 */
export async function saveSessionSettings(
  services: SessionServices,
  actor: string,
  cohortId: string,
  input: SessionSettingsInput,
) {
  const now = services.clock.now();
  return services.db.transaction().execute(async (trx) => {
    await lockCohort(trx, services.engine, cohortId);
    const before = await sessionSettingsOf(trx, cohortId);
    await trx
      .updateTable("cohorts")
      .set({
        session_weekday: input.weekday,
        session_time: input.time,
        session_minutes: input.minutes,
        live_url: input.liveUrl,
        updated_at: now.toISOString(),
      })
      .where("id", "=", cohortId)
      .execute();
    if (before.liveUrl !== input.liveUrl) {
      await trx
        .updateTable("group_sessions")
        .set({ sequence: sql<number>`sequence + 1`, updated_at: now.toISOString() })
        .where("cohort_id", "=", cohortId)
        .execute();
    }
    const planned = await planCohortSessions(trx, cohortId, services.config.siteTimeZone, now);
    const after = { slot: input, liveUrl: input.liveUrl };
    await recordAudit(
      trx,
      actor,
      "cohort.sessions",
      { cohortId, before: { slot: before.slot, liveUrl: before.liveUrl }, after, planned },
      now,
    );
    return planned;
  });
}

export type SessionChange =
  | { kind: "moved" | "cancelled"; emailed: number }
  | { kind: "not_found" | "unchanged" | "already_cancelled" };

/**
 * Moves one session to `startsAt` (a cancelled one is scheduled again) or cancels it: its
 * SEQUENCE goes up and each of the cohort's students and mentors is emailed once, with the time
 * in their own zone and an invite (REQUEST or CANCEL), in the same transaction; audited.
 */
export async function changeSession(
  services: SessionServices,
  actor: string,
  change: { cohortId: string; sessionId: string; startsAt: Date | null },
): Promise<SessionChange> {
  const now = services.clock.now();
  const nowIso = now.toISOString();
  return services.db.transaction().execute(async (trx) => {
    await lockCohort(trx, services.engine, change.cohortId);
    const session = await trx
      .selectFrom("group_sessions")
      .selectAll()
      .where("id", "=", change.sessionId)
      .where("cohort_id", "=", change.cohortId)
      .executeTakeFirst();
    if (!session) return { kind: "not_found" };
    const cancel = change.startsAt === null;
    const startsAt = change.startsAt?.toISOString() ?? session.starts_at;
    if (cancel && session.status === "cancelled") return { kind: "already_cancelled" };
    if (!cancel && session.status === "scheduled" && startsAt === session.starts_at)
      return { kind: "unchanged" };
    const sequence = Number(session.sequence) + 1;
    await trx
      .updateTable("group_sessions")
      .set({
        starts_at: startsAt,
        status: cancel ? "cancelled" : "scheduled",
        sequence,
        updated_at: nowIso,
      })
      .where("id", "=", session.id)
      .execute();
    const emailed = await notifySessionChange(trx, services.config, session.id, now);
    await recordAudit(
      trx,
      actor,
      cancel ? "session.cancel" : "session.move",
      {
        cohortId: change.cohortId,
        sessionId: session.id,
        week: session.week,
        from: session.starts_at,
        to: startsAt,
        sequence,
        emailed,
      },
      now,
    );
    return { kind: cancel ? "cancelled" : "moved", emailed };
  });
}

/**
 * Plans the sessions of any current cohort that has a start date and none yet (a cohort that was
 * current before group sessions existed, or whose date was set by an older instance). Only a
 * cohort with no session rows at all is touched, so a session the owner moved is never planned
 * back; safe to run twice and on several instances (the cohort lock and the unique week).
 */
export async function planMissingSessions(services: SessionServices): Promise<{ planned: number }> {
  const cohorts = await services.db
    .selectFrom("cohorts")
    .select("id")
    .where("is_current", "=", 1)
    .where("start_date", "is not", null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("group_sessions")
            .select("group_sessions.id")
            .whereRef("group_sessions.cohort_id", "=", "cohorts.id"),
        ),
      ),
    )
    .execute();
  let planned = 0;
  for (const { id } of cohorts) {
    const now = services.clock.now();
    planned += await services.db.transaction().execute(async (trx) => {
      await lockCohort(trx, services.engine, id);
      const existing = await trx
        .selectFrom("group_sessions")
        .select("id")
        .where("cohort_id", "=", id)
        .executeTakeFirst();
      if (existing) return 0;
      return (await planCohortSessions(trx, id, services.config.siteTimeZone, now)).created;
    });
  }
  return { planned };
}

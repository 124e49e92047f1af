import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { DB, Trx } from "~/db/database.server";
import type { Engine } from "~/db/migrations.server";
import { planSessions, replanSession, type SessionSlot } from "./group-sessions";
import { lockCohort } from "~/features/enrollment/seats.server";
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

/** What decided the sessions before a change (the start date, the slot, the link); unset: the same. */
export type PlanBasis = Partial<Awaited<ReturnType<typeof sessionSettingsOf>>>;

/** What a re-plan did: sessions inserted, moved (everyone emailed), otherwise updated. */
export interface PlanOutcome {
  created: number;
  moved: number;
  updated: number;
  emailed: number;
}

/**
 * Plans (or re-plans) a cohort's six sessions from its start date and weekly slot, inside the
 * caller's transaction (which holds the cohort's lock). One row per cohort and week (a unique
 * key): a missing week is inserted; an existing one changes as `replanSession` says, comparing
 * its week's plan under `before` (the settings the caller just replaced; none: nothing that
 * decides a time changed) with the plan now, so a session the owner moved keeps its time unless
 * its planned time changed, and a cancelled or started one is left alone. A changed row, or
 * every row when the live link changed (their LOCATION), gets SEQUENCE + 1, once; a session whose
 * start moved is announced to everyone exactly as the owner's move is. Running it twice changes
 * nothing the second time. No start date: nothing is planned or changed.
 */
export async function planCohortSessions(
  trx: Trx,
  config: SessionServices["config"],
  cohortId: string,
  now: Date,
  before?: PlanBasis,
): Promise<PlanOutcome> {
  const settings = await sessionSettingsOf(trx, cohortId);
  const timeZone = config.siteTimeZone;
  const plan = planSessions(settings.startDate, settings.slot, timeZone);
  const was = { ...settings, ...before };
  const previous = planSessions(was.startDate, was.slot, timeZone);
  const linkChanged = was.liveUrl !== settings.liveUrl;
  const nowIso = now.toISOString();
  const outcome: PlanOutcome = { created: 0, moved: 0, updated: 0, emailed: 0 };
  const rows = await trx
    .selectFrom("group_sessions")
    .select(["id", "week", "starts_at", "minutes", "topic", "status"])
    .where("cohort_id", "=", cohortId)
    .execute();
  const stored = new Map(rows.map((row) => [Number(row.week), row]));
  const changed: string[] = [];
  for (const planned of plan) {
    const row = stored.get(planned.week);
    if (!row) {
      const inserted = await trx
        .insertInto("group_sessions")
        .values({
          id: randomUUID(),
          cohort_id: cohortId,
          week: planned.week,
          starts_at: planned.startsAt.toISOString(),
          minutes: planned.minutes,
          topic: planned.topic,
          recording_url: null,
          created_at: nowIso,
          updated_at: nowIso,
        })
        .onConflict((oc) => oc.columns(["cohort_id", "week"]).doNothing())
        .executeTakeFirst();
      outcome.created += Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? 1 : 0;
      continue;
    }
    const change = replanSession(
      {
        startsAt: new Date(row.starts_at),
        minutes: Number(row.minutes),
        topic: row.topic,
        status: row.status,
      },
      previous.find((p) => p.week === planned.week),
      planned,
      now,
    );
    if (!change) continue;
    changed.push(row.id);
    await trx
      .updateTable("group_sessions")
      .set({
        starts_at: change.startsAt.toISOString(),
        minutes: change.minutes,
        topic: change.topic,
        sequence: sql<number>`sequence + 1`,
        updated_at: nowIso,
      })
      .where("id", "=", row.id)
      .execute();
    if (change.moved) {
      outcome.moved += 1;
      outcome.emailed += await notifySessionChange(trx, config, row.id, now);
    } else outcome.updated += 1;
  }
  if (linkChanged && rows.length > changed.length) {
    // Every other session's LOCATION changed: its SEQUENCE goes up too (the feed carries the link).
    await trx
      .updateTable("group_sessions")
      .set({ sequence: sql<number>`sequence + 1`, updated_at: nowIso })
      .where("cohort_id", "=", cohortId)
      .$if(changed.length > 0, (q) => q.where("id", "not in", changed))
      .execute();
  }
  return outcome;
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
      return (await planCohortSessions(trx, services.config, id, now)).created;
    });
  }
  return { planned };
}

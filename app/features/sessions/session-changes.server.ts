import { recordAudit } from "~/features/accounts/audit.server";
import type { DB } from "~/db/database.server";
import { programmeSpan, sessionChangeRefusal, type SessionChangeRefusal } from "./group-sessions";
import { lockCohort } from "~/features/enrollment/seats.server";
import { notifySessionChange } from "./notify.server";
import {
  planCohortSessions,
  sessionSettingsOf,
  type PlanOutcome,
  type SessionServices,
} from "./session-plan.server";

/**
 * The owner's changes to a cohort's group sessions (/admin/cohorts/:id): the weekly slot and live
 * link (re-planning the sessions), and one session moved or cancelled.
 */

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
 * after, and the sessions re-planned against what decided them before (`planCohortSessions`: a
 * moved session stays unless its planned time changed; a new link counts every SEQUENCE up), in
 * one transaction under the cohort's lock.
 */
export async function saveSessionSettings(
  services: SessionServices,
  actor: string,
  cohortId: string,
  input: SessionSettingsInput,
): Promise<PlanOutcome> {
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
    const planned = await planCohortSessions(trx, services.config, cohortId, now, before);
    const slot = { weekday: input.weekday, time: input.time, minutes: input.minutes };
    await recordAudit(
      trx,
      actor,
      "cohort.sessions",
      {
        cohortId,
        before: { slot: before.slot, liveUrl: before.liveUrl },
        after: { slot, liveUrl: input.liveUrl },
        planned,
      },
      now,
    );
    return planned;
  });
}

export type SessionChange =
  | { kind: "moved" | "cancelled"; emailed: number }
  | { kind: "not_found" | "unchanged" | "already_cancelled" }
  | { kind: Exclude<SessionChangeRefusal, "outside_programme"> }
  | { kind: "outside_programme"; firstDay: string; lastDay: string };

/**
 * Moves one session to `startsAt` (a cancelled one is scheduled again) or cancels it, unless
 * `sessionChangeRefusal` refuses (it has started; the new start is past or outside the
 * programme's weeks: nothing changes, nobody is emailed). Its SEQUENCE goes up and each of the
 * cohort's students and mentors is emailed once, with the time in their own zone and an invite
 * (REQUEST or CANCEL), in the same transaction; audited.
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
    const { startDate } = await sessionSettingsOf(trx, change.cohortId);
    const span = programmeSpan(startDate, services.config.siteTimeZone);
    const refusal = sessionChangeRefusal(
      { startsAt: new Date(session.starts_at), status: session.status },
      change.startsAt,
      now,
      span,
    );
    if (refusal === "outside_programme")
      return { kind: refusal, firstDay: span!.firstDay, lastDay: span!.lastDay };
    if (refusal) return { kind: refusal };
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

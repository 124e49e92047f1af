import { nudgeEmails } from "~/features/bookings/nudges.words";
import { queueEmailOnce } from "~/mail/sent-once.server";
import { whenFor } from "~/lib/time-zone";
import { renderEmail } from "~/mail/message";
import type { Services } from "~/context";
import { sessionRecipients } from "./notify.server";
import { groupSessionsWithCohort } from "./session-queries.server";

/** The group session reminder goes this long before the start. */
export const SESSION_REMINDER_MS = 24 * 3_600_000;

/**
 * Every scheduled group session, from a day before its start until it starts: one reminder with
 * the join link (the cohort's live link, else the portal) to each student and mentor of the cohort,
 * the time in their own zone. Claimed per session, start and person with sent_once in the
 * transaction that queues it, so two runs send it once (a moved session, a new start, reminds
 * again). Students who turned programme reminders off get none.
 */
export async function sendSessionReminders(services: Services): Promise<number> {
  const { db, config } = services;
  const now = services.clock.now();
  const nowIso = now.toISOString();
  const due = await groupSessionsWithCohort(db)
    .where("group_sessions.status", "=", "scheduled")
    .where("group_sessions.starts_at", ">", nowIso)
    .where(
      "group_sessions.starts_at",
      "<=",
      new Date(now.getTime() + SESSION_REMINDER_MS).toISOString(),
    )
    .orderBy("group_sessions.starts_at")
    .limit(100)
    .execute();
  const optedOut = new Set(
    due.length === 0
      ? []
      : (
          await db
            .selectFrom("student_profiles")
            .select("person_id")
            .where("programme_reminders", "=", 0)
            .execute()
        ).map((row) => row.person_id),
  );
  let queued = 0;
  for (const session of due) {
    const recipients = await db
      .transaction()
      .execute(async (trx) => sessionRecipients(trx, session.cohort_id));
    for (const person of recipients) {
      if (person.personId && optedOut.has(person.personId)) continue;
      const key = `session-reminder:${session.id}:${session.starts_at}:${person.key}`;
      const zone = person.timeZone || config.siteTimeZone;
      const content = nudgeEmails.sessionTomorrow({
        firstName: person.firstName,
        week: Number(session.week),
        topic: session.topic,
        when: whenFor(session.starts_at, zone, now),
        url: session.live_url ?? `${config.publicUrl}/portal`,
      });
      const message = {
        kind: "group_session_reminder",
        to: person.email,
        personId: person.personId,
      };
      if (await queueEmailOnce(db, { ...message, ...renderEmail(content), dedupeKey: key }, now))
        queued += 1;
    }
  }
  return queued;
}

import type { Services } from "~/context";
import type { DB } from "~/db/database.server";
import { paidSeat } from "~/features/enrollment/seat-queries.server";
import { ERASED_ADDRESS_PATTERN } from "~/features/people/erasure";
import { queueEmailOnce } from "~/mail/sent-once.server";
import { renderEmail } from "~/mail/message";
import { whenFor } from "~/lib/time-zone";
import { givenAssignments, submittedBy } from "./progress.server";
import { cohortMoment, inReminderPeriod, remindable } from "./progress";
import { lateWorkEmails } from "./progress.words";

/**
 * Late work, gently (issue 48, item 5). The `late-work-reminders` job of the one scheduler sends
 * a student one email for each assignment they have not submitted a minute after its due time,
 * within a week of it (./progress.ts): claimed with a sent_once key in the transaction that
 * queues it, so two runs, on one instance or several, send it once. A student who turned program
 * reminders off gets none, as with the other nudges.
 */

/** Keys per `in (...)` list, well under every engine's limit on bound values. */
const CHUNK = 500;

const reminderKey = (personId: string, cohortId: string, assignmentId: string) =>
  `late-work:${personId}:${cohortId}:${assignmentId}`;

/** The cohort's paid students who may get reminders, with what the email needs. */
function remindedStudents(db: DB, cohortId: string) {
  return db
    .selectFrom("payments")
    .innerJoin("people", "people.id", "payments.person_id")
    .leftJoin("student_profiles", "student_profiles.person_id", "people.id")
    .select([
      "people.id",
      "people.first_name",
      "people.email",
      "student_profiles.time_zone",
      "student_profiles.programme_reminders",
    ])
    .distinct()
    .where("payments.cohort_id", "=", cohortId)
    .where(paidSeat)
    .where("people.email", "not like", ERASED_ADDRESS_PATTERN)
    .execute();
}

/** The keys among `keys` already claimed. */
async function claimed(db: DB, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    const rows = await db
      .selectFrom("sent_once")
      .select("key")
      .where("key", "in", keys.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) found.add(row.key);
  }
  return found;
}

/** Queues the late-work reminders due at the clock's now; how many it queued. */
export async function sendLateWorkReminders(services: Services): Promise<{ queued: number }> {
  const { db, config } = services;
  const now = services.clock.now();
  const siteZone = config.siteTimeZone;
  const cohorts = (
    await db
      .selectFrom("cohorts")
      .select(["id", "start_date"])
      .where("start_date", "is not", null)
      .execute()
  ).filter((c) => inReminderPeriod(c.start_date, now, siteZone));
  let queued = 0;
  for (const row of cohorts) {
    const cohort = { id: row.id, startDate: row.start_date };
    const students = (await remindedStudents(db, cohort.id)).filter(
      (s) => Number(s.programme_reminders ?? 1) !== 0,
    );
    if (students.length === 0) continue;
    const given = await givenAssignments(services, cohort);
    const submitted = await submittedBy(
      db,
      cohort.id,
      students.map((s) => s.id),
    );
    const remind = cohortMoment(cohort.startDate, given, now, siteZone).pastDue.filter((late) =>
      remindable(late, now),
    );
    const due = students.flatMap((student) =>
      remind
        .filter((late) => !submitted.get(student.id)?.has(late.id))
        .map((late) => ({ student, late, key: reminderKey(student.id, cohort.id, late.id) })),
    );
    // Most runs find every reminder sent already: one read instead of a transaction each.
    const sent = await claimed(
      db,
      due.map((d) => d.key),
    );
    for (const { student, late, key } of due) {
      if (sent.has(key)) continue;
      const zone = student.time_zone ?? siteZone;
      const content = lateWorkEmails.reminder({
        firstName: student.first_name,
        title: late.title,
        week: late.week,
        due: whenFor(late.dueAt, zone, now),
        url: `${config.publicUrl}/portal/weeks/${late.week}`,
      });
      const message = { kind: "late_work_reminder", to: student.email, personId: student.id };
      if (await queueEmailOnce(db, { ...message, ...renderEmail(content), dedupeKey: key }, now))
        queued += 1;
    }
  }
  return { queued };
}

import { cohortEmails } from "./cohorts.words";
import type { Trx } from "~/db/database.server";
import { startDateDisplay, startWeek } from "./cohort";
import { renderEmail } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import { ERASED_ADDRESS_PATTERN } from "~/features/people/erasure";
import { sendOnce } from "~/mail/sent-once.server";
import { paidSeat } from "~/features/enrollment/seat-queries.server";

/** The once-only keys of one student's (or mentor's) start announcements in one cohort. */
const keyPrefix = (cohortId: string, who: string) => `cohort-start:${cohortId}:${who}:`;

/**
 * Tells every student with a paid seat in the cohort that its start week changed (decision 0040):
 * set, moved, or cleared ("to be confirmed"). Call it in the transaction that changes the date,
 * under the cohort's lock. A move within the same week tells nobody anything. Each student has
 * one once-only key per cohort, naming the week they were last told: a student is emailed only
 * when the new week differs from it, and the key is replaced, so the same change run twice sends
 * nothing new while moving a date away and back again tells them both times. The active mentors
 * of those students are told the same way (their own words). Returns how many students were
 * emailed.
 */
export async function announceStartWeek(
  trx: Trx,
  config: { publicUrl: string },
  cohortId: string,
  change: { before: string | null; after: string | null },
  now: Date,
): Promise<number> {
  const week = startWeek(change.after);
  if (week === startWeek(change.before)) return 0;
  const nowIso = now.toISOString();
  const students = await trx
    .selectFrom("payments")
    .innerJoin("people", "people.id", "payments.person_id")
    .select(["people.id", "people.email", "people.first_name as firstName"])
    .distinct()
    .where("payments.cohort_id", "=", cohortId)
    .where(paidSeat)
    .where("people.email", "not like", ERASED_ADDRESS_PATTERN)
    .orderBy("people.id")
    .execute();
  let emailed = 0;
  /** Whether `who` is to be told this week: the once-only key, the older ones of `who` dropped. */
  const newsFor = async (who: string) => {
    const prefix = keyPrefix(cohortId, who);
    const key = `${prefix}${week ?? "none"}`;
    if (!(await sendOnce(trx, key, nowIso))) return false;
    await trx
      .deleteFrom("sent_once")
      .where("key", "like", `${prefix}%`)
      .where("key", "!=", key)
      .execute();
    return true;
  };
  const dates = {
    startDisplay: startDateDisplay(change.after),
    previousDisplay: startDateDisplay(change.before),
    portalUrl: `${config.publicUrl}/portal`,
  };
  for (const student of students) {
    if (!(await newsFor(student.id))) continue;
    await enqueueEmail(
      trx,
      {
        kind: "cohort_start_date",
        to: student.email,
        personId: student.id,
        ...renderEmail(
          cohortEmails.startDate({ firstName: student.firstName, email: student.email, ...dates }),
        ),
      },
      now,
    );
    emailed += 1;
  }
  const mentors = await trx
    .selectFrom("mentors")
    .select(["mentors.id", "mentors.email", "mentors.name"])
    .where("mentors.is_active", "=", 1)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("payments")
          .select("payments.id")
          .whereRef("payments.mentor_id", "=", "mentors.id")
          .where("payments.cohort_id", "=", cohortId)
          .where(paidSeat),
      ),
    )
    .orderBy("mentors.id")
    .execute();
  for (const mentor of mentors) {
    if (!(await newsFor(`mentor:${mentor.id}`))) continue;
    await enqueueEmail(
      trx,
      {
        kind: "cohort_start_date_mentor",
        to: mentor.email,
        personId: null,
        ...renderEmail(cohortEmails.mentorStartDate({ name: mentor.name, ...dates })),
      },
      now,
    );
  }
  return emailed;
}

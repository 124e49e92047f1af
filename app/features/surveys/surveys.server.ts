import { randomUUID } from "node:crypto";
import { surveyEmails } from "./survey.words";
import type { DB, Trx } from "~/db/database.server";
import { npsOf, type NpsSummary } from "./nps";
import { reminderCutoff, surveyOpen, type SurveyAnswer } from "./survey";
import { renderEmail } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import { ERASED_ADDRESS_PATTERN } from "~/features/people/erasure";
import type { Services } from "~/context";
import { paidSeat } from "~/features/enrollment/seat-queries.server";

/**
 * The end-of-programme survey (issue 36, item 3). When a cohort's week 6 has ended (within the
 * last 14 days), each student still enrolled in it gets one survey row and its email, in one
 * transaction; three days later, one reminder while it is unanswered. The unique (person, cohort)
 * row and the conditional update of `reminded_at` make two runs, on one instance or several, send
 * each email once.
 */
export const SURVEY_PATH = "/portal/survey";

type SurveyServices = Pick<Services, "db" | "clock" | "config">;

/** The job: surveys of cohorts whose week 6 just ended, then the reminders due. */
export async function sendSurveys(services: SurveyServices) {
  const { db, config } = services;
  const now = services.clock.now();
  const cohorts = await db
    .selectFrom("cohorts")
    .select(["id", "start_date"])
    .where("start_date", "is not", null)
    .execute();
  let surveys = 0;
  for (const cohort of cohorts) {
    if (!surveyOpen(cohort.start_date, now, config.siteTimeZone)) continue;
    for (const seat of await liveSeats(db, cohort.id)) {
      if (await sendSurvey(services, cohort.id, seat, now)) surveys += 1;
    }
  }
  return { surveys, surveyReminders: await sendReminders(services, now) };
}

interface LiveSeat {
  personId: string;
  mentorId: string | null;
  email: string;
  firstName: string;
}

/**
 * The students still enrolled in a cohort: each person's latest paid (not refunded) seat in it,
 * with its mentor. Leaving the programme refunds the seat (even with 0 back), so a student who
 * left has no paid seat; an erased person is never written to.
 */
async function liveSeats(db: DB, cohortId: string): Promise<LiveSeat[]> {
  const rows = await db
    .selectFrom("payments")
    .innerJoin("people", "people.id", "payments.person_id")
    .select(["people.id", "payments.mentor_id", "people.email", "people.first_name"])
    .where("payments.cohort_id", "=", cohortId)
    .where(paidSeat)
    .where("people.email", "not like", ERASED_ADDRESS_PATTERN)
    .orderBy("payments.created_at", "desc")
    .orderBy("payments.id")
    .execute();
  const seats = new Map<string, LiveSeat>();
  for (const row of rows) {
    if (seats.has(row.id)) continue;
    seats.set(row.id, {
      personId: row.id,
      mentorId: row.mentor_id,
      email: row.email,
      firstName: row.first_name,
    });
  }
  return [...seats.values()];
}

/** Inserts the survey if absent and queues its email in the same transaction; true when sent. */
async function sendSurvey(services: SurveyServices, cohortId: string, seat: LiveSeat, now: Date) {
  return services.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("surveys")
      .values({
        id: randomUUID(),
        person_id: seat.personId,
        cohort_id: cohortId,
        mentor_id: seat.mentorId,
        sent_at: now.toISOString(),
        reminded_at: null,
        answered_at: null,
        score: null,
        helped: null,
        change: null,
      })
      .onConflict((oc) => oc.columns(["person_id", "cohort_id"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
    const content = surveyEmails.sent({
      name: seat.firstName,
      surveyUrl: `${services.config.publicUrl}${SURVEY_PATH}`,
    });
    await enqueueEmail(
      trx,
      {
        kind: "survey",
        to: seat.email,
        personId: seat.personId,
        ...renderEmail(content),
        dedupeKey: `survey:${cohortId}:${seat.personId}`,
      },
      now,
    );
    return true;
  });
}

/**
 * One reminder per survey, three days after it went out, while unanswered, the seat is still paid
 * and the person not erased: claimed by a conditional update (`reminded_at is null and answered_at is null`) in the
 * transaction that queues the email.
 */
async function sendReminders(services: SurveyServices, now: Date): Promise<number> {
  const { db, config } = services;
  const due = await db
    .selectFrom("surveys")
    .innerJoin("people", "people.id", "surveys.person_id")
    .select(["surveys.id", "surveys.person_id", "people.email", "people.first_name"])
    .where("surveys.answered_at", "is", null)
    .where("surveys.reminded_at", "is", null)
    .where("surveys.sent_at", "<=", reminderCutoff(now))
    .where("people.email", "not like", ERASED_ADDRESS_PATTERN)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("payments")
          .select("payments.id")
          .whereRef("payments.person_id", "=", "surveys.person_id")
          .whereRef("payments.cohort_id", "=", "surveys.cohort_id")
          .where(paidSeat),
      ),
    )
    .orderBy("surveys.sent_at")
    .limit(500)
    .execute();
  let reminded = 0;
  for (const survey of due) {
    const sent = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("surveys")
        .set({ reminded_at: now.toISOString() })
        .where("id", "=", survey.id)
        .where("reminded_at", "is", null)
        .where("answered_at", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      const content = surveyEmails.reminder({
        name: survey.first_name,
        surveyUrl: `${config.publicUrl}${SURVEY_PATH}`,
      });
      await enqueueEmail(
        trx,
        {
          kind: "survey_reminder",
          to: survey.email,
          personId: survey.person_id,
          ...renderEmail(content),
          dedupeKey: `survey-reminder:${survey.id}`,
        },
        now,
      );
      return true;
    });
    if (sent) reminded += 1;
  }
  return reminded;
}

/** The student's latest survey (by when it went out), or null when none was sent to them. */
export async function surveyFor(db: DB, personId: string) {
  const row = await db
    .selectFrom("surveys")
    .select(["id", "cohort_id", "answered_at"])
    .where("person_id", "=", personId)
    .orderBy("sent_at", "desc")
    .orderBy("id")
    .executeTakeFirst();
  return row ? { id: row.id, cohortId: row.cohort_id, answered: row.answered_at !== null } : null;
}

export type AnswerOutcome = "answered" | "no_survey" | "already";

/** Records the student's answer to their latest survey, once: a second answer changes nothing. */
export async function answerSurvey(
  services: Pick<Services, "db" | "clock">,
  personId: string,
  answer: SurveyAnswer,
): Promise<AnswerOutcome> {
  const survey = await surveyFor(services.db, personId);
  if (!survey) return "no_survey";
  const result = await services.db
    .updateTable("surveys")
    .set({
      score: answer.score,
      helped: answer.helped,
      change: answer.change,
      answered_at: services.clock.now().toISOString(),
    })
    .where("id", "=", survey.id)
    .where("answered_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? "answered" : "already";
}

export interface MentorNps extends NpsSummary {
  mentorId: string | null;
  name: string | null;
  sent: number;
}

/**
 * The owner's view of a cohort's survey: how many went out and were answered, the NPS of the
 * cohort and of each mentor (the mentor the student had when it went out), and every answer with
 * the student's name, in the order they came.
 */
export async function cohortSurvey(db: DB, cohortId: string) {
  const rows = await db
    .selectFrom("surveys")
    .innerJoin("people", "people.id", "surveys.person_id")
    .leftJoin("mentors", "mentors.id", "surveys.mentor_id")
    .select([
      "surveys.person_id",
      "surveys.mentor_id",
      "surveys.answered_at",
      "surveys.score",
      "surveys.helped",
      "surveys.change",
      "people.first_name",
      "people.last_name",
      "mentors.name as mentor_name",
    ])
    .where("surveys.cohort_id", "=", cohortId)
    .orderBy("surveys.answered_at")
    .orderBy("surveys.person_id")
    .execute();
  const answered = rows.filter((row) => row.answered_at !== null && row.score !== null);
  const byMentor = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = row.mentor_id ?? "";
    byMentor.set(key, [...(byMentor.get(key) ?? []), row]);
  }
  const mentors: MentorNps[] = [...byMentor.values()]
    .map((group) => ({
      mentorId: group[0]!.mentor_id,
      name: group[0]!.mentor_name ?? null,
      sent: group.length,
      ...npsOf(group.filter((row) => row.answered_at !== null).map((row) => Number(row.score))),
    }))
    .sort((a, b) => (a.name ?? "\uffff").localeCompare(b.name ?? "\uffff"));
  return {
    sent: rows.length,
    cohort: npsOf(answered.map((row) => Number(row.score))),
    mentors,
    answers: answered.map((row) => ({
      personId: row.person_id,
      name: `${row.first_name} ${row.last_name}`.trim(),
      mentor: row.mentor_name ?? null,
      score: Number(row.score),
      helped: row.helped,
      change: row.change,
      answeredAt: row.answered_at as string,
    })),
  };
}

export type CohortSurvey = Awaited<ReturnType<typeof cohortSurvey>>;

/** The person's surveys, for their privacy export. */
export function surveyExport(db: DB, personId: string) {
  return db
    .selectFrom("surveys")
    .select(["cohort_id", "sent_at", "reminded_at", "answered_at", "score", "helped", "change"])
    .where("person_id", "=", personId)
    .orderBy("sent_at")
    .execute();
}

/** Erasure: the answers' words go (they are the person's own); the score stays in the counts. */
export async function eraseSurveyWords(trx: Trx | DB, personId: string) {
  await trx
    .updateTable("surveys")
    .set({ helped: null, change: null })
    .where("person_id", "=", personId)
    .execute();
}

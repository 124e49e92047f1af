import { nudgeEmails } from "~/features/bookings/nudges.words";
import { queueEmailOnce } from "~/mail/sent-once.server";
import type { DB } from "~/db/database.server";
import { OUTCOME_LOOKBACK_MS, offerNudgeDue } from "~/features/bookings/nudges";
import { renderEmail, type EmailContent } from "~/mail/message";
import type { Services } from "~/context";
import { paidSeat } from "~/features/enrollment/seat-queries.server";

interface Nudge {
  key: string;
  kind: string;
  to: string;
  content: EmailContent;
}

/** Queues each nudge once (sent_once in the transaction that queues it); returns how many went. */
async function queueOnce(services: Services, nudges: Nudge[], now: Date): Promise<number> {
  let queued = 0;
  for (const nudge of nudges) {
    const message = { kind: nudge.kind, to: nudge.to, personId: null, dedupeKey: nudge.key };
    if (await queueEmailOnce(services.db, { ...message, ...renderEmail(nudge.content) }, now))
      queued += 1;
  }
  return queued;
}

/** The student's active mentor in the cohort a report belongs to (their paid seat's mentor). */
function withMentor(db: DB, table: "interviews" | "offers") {
  return db
    .selectFrom(table)
    .innerJoin("people", "people.id", `${table}.person_id`)
    .innerJoin("payments", (join) =>
      join
        .onRef("payments.person_id", "=", `${table}.person_id`)
        .onRef("payments.cohort_id", "=", `${table}.cohort_id`)
        .on(paidSeat),
    )
    .innerJoin("mentors", "mentors.id", "payments.mentor_id")
    .where("mentors.is_active", "=", 1)
    .select([
      "people.first_name",
      "people.last_name",
      "mentors.name as mentor_name",
      "mentors.email as mentor_email",
    ]);
}

const firstName = (name: string) => name.split(" ")[0] ?? name;

/**
 * The outcomes' nudges (issue 45, item 2), each once per report and reader: a reported interview
 * emails the student's mentor; a reported offer emails the mentor at once and again after 3 days
 * while still unconfirmed; a submitted testimonial emails the owner (the contact address). A
 * request to leave already tells the owner as it is made (requestToLeave). Only reports of the last 14 days are read, so a new deployment announces no
 * old ones.
 */
export async function sendOutcomeNudges(services: Services) {
  const { db, config } = services;
  const now = services.clock.now();
  const since = new Date(now.getTime() - OUTCOME_LOOKBACK_MS).toISOString();
  const mentorUrl = `${config.publicUrl}/portal/mentor`;
  const interviews = await withMentor(db, "interviews")
    .select(["interviews.id", "interviews.firm", "interviews.role", "interviews.interview_date"])
    .where("interviews.created_at", ">=", since)
    .orderBy("interviews.created_at")
    .limit(500)
    .execute();
  const offers = await withMentor(db, "offers")
    .select(["offers.id", "offers.firm", "offers.role", "offers.reported_at"])
    .where("offers.confirmed_at", "is", null)
    .where("offers.reported_at", ">=", since)
    .orderBy("offers.reported_at")
    .limit(500)
    .execute();
  const testimonials = await db
    .selectFrom("testimonials")
    .innerJoin("people", "people.id", "testimonials.person_id")
    .select([
      "testimonials.id",
      "testimonials.submitted_at",
      "people.first_name",
      "people.last_name",
    ])
    .where("testimonials.status", "=", "submitted")
    .where("testimonials.submitted_at", ">=", since)
    .orderBy("testimonials.submitted_at")
    .limit(500)
    .execute();
  const student = (row: { first_name: string; last_name: string }) =>
    `${row.first_name} ${row.last_name}`.trim();
  const toMentors: Nudge[] = [
    ...interviews.map((row) => ({
      key: `interview-nudge:${row.id}`,
      kind: "interview_reported",
      to: row.mentor_email,
      content: nudgeEmails.interviewReported({
        firstName: firstName(row.mentor_name),
        student: student(row),
        firm: row.firm,
        role: row.role,
        date: row.interview_date,
        url: mentorUrl,
      }),
    })),
    ...offers.map((row) => {
      const stage = offerNudgeDue(row.reported_at, now);
      return {
        key: `offer-nudge:${row.id}:${stage}`,
        kind: "offer_reported",
        to: row.mentor_email,
        content: nudgeEmails.offerReported({
          firstName: firstName(row.mentor_name),
          student: student(row),
          firm: row.firm,
          role: row.role,
          again: stage === "still",
          url: mentorUrl,
        }),
      };
    }),
  ];
  const toOwner: Nudge[] = [
    ...testimonials.map((row) => ({
      key: `testimonial-owner:${row.id}:${row.submitted_at}`,
      kind: "testimonial_submitted",
      to: config.contactEmail,
      content: nudgeEmails.testimonialSubmitted({
        student: student(row),
        url: `${config.publicUrl}/admin/testimonials`,
      }),
    })),
  ];
  return { queued: await queueOnce(services, [...toMentors, ...toOwner], now) };
}

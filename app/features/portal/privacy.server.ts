import { referralsExport } from "~/features/discounts/referrals.server";
import type { Db } from "~/db/database.server";
import { parseJsonColumn, studentTargetRoles } from "~/db/json-columns.server";
import { revokeStudentFeed } from "~/features/sessions/feeds.server";
import { eraseSurveyWords, surveyExport } from "~/features/surveys/surveys.server";
import { withdrawalsOf } from "~/features/withdrawals/requests.server";
import { outcomesExport } from "~/features/outcomes/interviews.server";
import { eraseJobSearch, jobSearchExport } from "~/features/job-search/tracker-import.server";
import { eraseNetworking, networkingExport } from "~/features/job-search/networking.server";
import { courseworkExport, eraseCoursework } from "~/features/coursework/privacy.server";
import { billingExport, eraseBilling } from "~/features/receipts/receipts.server";

/**
 * What the portal holds about a person, for the privacy export: their profile, the mentor of each
 * paid seat, their 1-on-1s and deep-dive (with outcomes), the interviews and offers they
 * reported, their job applications with each one's history, their weekly targets and networking
 * conversations, their coursework (versions, reviews and file names), what they added to their
 * receipts (payer, company or university, billing address), their group-session attendance,
 * their end-of-programme
 * survey answers, their requests to leave the programme with the owner's decisions, their
 * testimonial, and when they signed in (sessions and sign-in links by their times and role only:
 * the stored hashes are credentials, not data about the person, and are never exported).
 */
export async function portalExport(db: Db, personId: string, email: string) {
  const [profile, seats, sessions, links, bookings, testimonial, attendance, outcomes] =
    await Promise.all([
      db
        .selectFrom("student_profiles")
        .selectAll()
        .where("person_id", "=", personId)
        .executeTakeFirst(),
      db
        .selectFrom("payments")
        .leftJoin("mentors", "mentors.id", "payments.mentor_id")
        .select(["payments.cohort_id", "payments.status", "mentors.name as mentor"])
        .where("payments.person_id", "=", personId)
        .orderBy("payments.created_at", "desc")
        .execute(),
      db
        .selectFrom("portal_sessions")
        .select(["role", "created_at", "expires_at"])
        .where("person_id", "=", personId)
        .orderBy("created_at", "desc")
        .execute(),
      db
        .selectFrom("portal_links")
        .select(["created_at", "expires_at", "used_at"])
        .where("email", "=", email)
        .orderBy("created_at", "desc")
        .execute(),
      db
        .selectFrom("bookings")
        .innerJoin("mentors", "mentors.id", "bookings.mentor_id")
        .select([
          "bookings.kind",
          "bookings.week",
          "bookings.starts_at",
          "bookings.ends_at",
          "bookings.status",
          "bookings.cancelled_by",
          "bookings.cancel_reason",
          "bookings.outcome",
          "bookings.outcome_at",
          "mentors.name as mentor",
        ])
        .where("bookings.person_id", "=", personId)
        .orderBy("bookings.starts_at")
        .execute(),
      db
        .selectFrom("testimonials")
        .select([
          "status",
          "quote",
          "published_quote",
          "consent",
          "consent_words",
          "consent_at",
          "consent_withdrawn_at",
          "photo_upload_id",
          "asked_at",
          "submitted_at",
          "approved_at",
        ])
        .where("person_id", "=", personId)
        .executeTakeFirst(),
      db
        .selectFrom("attendance")
        .innerJoin("group_sessions", "group_sessions.id", "attendance.session_id")
        .select([
          "group_sessions.cohort_id",
          "group_sessions.week",
          "group_sessions.starts_at",
          "attendance.status",
          "attendance.marked_by",
          "attendance.marked_at",
        ])
        .where("attendance.person_id", "=", personId)
        .orderBy("group_sessions.starts_at")
        .execute(),
      outcomesExport(db, personId),
    ]);
  const surveys = await surveyExport(db, personId);
  return {
    profile: profile
      ? { ...profile, target_roles: parseJsonColumn(studentTargetRoles, profile.target_roles) }
      : null,
    seats,
    sessions,
    signInLinks: links,
    oneOnOnes: bookings,
    surveys,
    requestsToLeave: await withdrawalsOf(db, personId),
    testimonial: testimonial ?? null,
    groupAttendance: attendance,
    interviews: outcomes.interviews,
    offers: outcomes.offers,
    jobApplications: await jobSearchExport(db, personId),
    networking: await networkingExport(db, personId),
    coursework: await courseworkExport(db, personId),
    receiptDetails: await billingExport(db, personId),
    referrals: await referralsExport(db, personId),
  };
}

/**
 * Erases what the portal holds about a person, in the erasure's transaction: the profile (and the
 * resume it points to), every portal session (so nobody stays signed in as them), the sign-in
 * links sent to their address, the reasons written on their cancelled 1-on-1s, the words of
 * their survey answers (the score stays in the counts), their testimonial with its photo (off
 * the home page with it), their job applications with their history, their weekly targets,
 * their networking conversations, their coursework with its reviews and files, and what they
 * added to their receipts.
 */
export async function erasePortalData(trx: Db, personId: string, email: string) {
  const profile = await trx
    .selectFrom("student_profiles")
    .select("resume_upload_id")
    .where("person_id", "=", personId)
    .executeTakeFirst();
  await trx.deleteFrom("student_profiles").where("person_id", "=", personId).execute();
  if (profile?.resume_upload_id)
    await trx.deleteFrom("uploads").where("id", "=", profile.resume_upload_id).execute();
  await trx.deleteFrom("portal_sessions").where("person_id", "=", personId).execute();
  // Their calendar feed names their sessions and mentor, and carries the meeting links.
  await revokeStudentFeed(trx, personId);
  await trx.deleteFrom("portal_links").where("email", "=", email).execute();
  const testimonial = await trx
    .selectFrom("testimonials")
    .select("photo_upload_id")
    .where("person_id", "=", personId)
    .executeTakeFirst();
  await trx.deleteFrom("testimonials").where("person_id", "=", personId).execute();
  if (testimonial?.photo_upload_id)
    await trx.deleteFrom("uploads").where("id", "=", testimonial.photo_upload_id).execute();
  // A mentor's reason for cancelling is written about the person.
  await trx
    .updateTable("bookings")
    .set({ cancel_reason: null })
    .where("person_id", "=", personId)
    .execute();
  await eraseSurveyWords(trx, personId);
  await eraseJobSearch(trx, personId);
  await eraseNetworking(trx, personId);
  await eraseCoursework(trx, personId);
  await eraseBilling(trx, personId);
}

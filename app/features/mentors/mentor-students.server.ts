import { data } from "react-router";
import { portalSignIn } from "~/features/portal/portal.words";
import type { DB } from "~/db/database.server";
import { resumeDownloadName } from "~/features/uploads/resume-upload";
import { parseJsonColumn, studentTargetRoles, submissionFormData } from "~/db/json-columns.server";
import { startDateDisplay } from "~/features/cohort/cohort";
import { mentorMaySee, type PortalPage } from "~/features/portal/portal";
import { z } from "~/lib/zod";
import { addNote } from "~/features/people/owner-actions.server";
import type { PortalUser } from "~/features/portal/portal-users.server";
import { requirePortal } from "~/features/portal/session.server";
import type { AppContext, Services } from "~/context";
import { paidSeat } from "~/features/enrollment/seat-queries.server";

/**
 * What a mentor sees in the portal (issue 34, item 3): their students in the current cohort, and
 * one student's profile, application answers, resume and the mentors' private notes. Every read
 * about one student first checks the row rule `mentorMaySee` (app/features/portal/portal.ts) against the
 * student's paid seat in the current cohort; a student who is not the mentor's reads as null (the
 * page answers 404 and shows nothing). A mentor sees no payment, marketing or console data.
 */

export type MentorUser = Extract<PortalUser, { role: "mentor" }>;

/** The guard of every mentor page: PORTAL_ACCESS decides, and the user is a mentor from here on. */
export async function requireMentor(
  request: Request,
  context: AppContext,
  page: Extract<
    PortalPage,
    | "mentor"
    | "mentorStudent"
    | "mentorAvailability"
    | "mentorSession"
    | "mentorBoard"
    | "mentorReviews"
  >,
): Promise<MentorUser> {
  const user = await requirePortal(request, context, page);
  if (user.role !== "mentor") throw data(portalSignIn.forbidden, { status: 403 });
  return user;
}

/** The answers a mentor reads from the latest application; anything else is left out. */
const applicationAnswers = z.object({
  careerTargets: z.array(z.string()).catch([]),
  careerOther: z.string().catch(""),
  challenge: z.string().catch(""),
  motivation: z.string().catch(""),
});

/** The current cohort's start, as the portal shows it. */
async function currentCohortStart(db: DB) {
  const cohort = await db
    .selectFrom("cohorts")
    .select("start_date")
    .where("is_current", "=", 1)
    .executeTakeFirst();
  return startDateDisplay(cohort?.start_date ?? null);
}

/** The mentor's students: the current cohort's paid seats assigned to them. */
export async function mentorStudents(db: DB, mentorId: string) {
  const rows = await db
    .selectFrom("payments")
    .innerJoin("cohorts", "cohorts.id", "payments.cohort_id")
    .innerJoin("people", "people.id", "payments.person_id")
    .leftJoin("student_profiles", "student_profiles.person_id", "people.id")
    .select([
      "people.id",
      "people.first_name",
      "people.last_name",
      "people.university",
      "people.graduation_year",
      "student_profiles.graduation_year as profile_graduation_year",
      "student_profiles.time_zone",
      "student_profiles.profile_done_at",
    ])
    .where(paidSeat)
    .where("payments.mentor_id", "=", mentorId)
    .where("cohorts.is_current", "=", 1)
    .orderBy("people.first_name")
    .orderBy("people.last_name")
    .orderBy("people.id")
    .execute();
  const seen = new Set<string>();
  const students = rows
    .filter((row) => !seen.has(row.id) && seen.add(row.id))
    .map((row) => ({
      id: row.id,
      name: `${row.first_name} ${row.last_name}`.trim(),
      university: row.university,
      graduationYear: row.profile_graduation_year || row.graduation_year,
      timeZone: row.time_zone,
      profileDone: Boolean(row.profile_done_at),
    }));
  return { cohortStart: await currentCohortStart(db), students };
}

/** Whether this person's seat in the current cohort is assigned to this mentor. */
export async function isMentorsStudent(
  db: DB,
  mentorId: string,
  personId: string,
): Promise<boolean> {
  const seats = await db
    .selectFrom("payments")
    .innerJoin("cohorts", "cohorts.id", "payments.cohort_id")
    .select("payments.mentor_id")
    .where("payments.person_id", "=", personId)
    .where(paidSeat)
    .where("cohorts.is_current", "=", 1)
    .execute();
  return seats.some((seat) => mentorMaySee(mentorId, { mentorId: seat.mentor_id }));
}

/**
 * The notes mentors wrote about a person (author_role 'mentor'), the newest first, signed with
 * the mentor's name. The owner's own console notes are never shown to mentors, even when the
 * owner's address is also a mentor's.
 */
export async function mentorNotesOf(db: DB, personId: string) {
  const rows = await db
    .selectFrom("person_notes")
    // Only mentors' notes: the owner's are never shown to a mentor, whoever wrote them.
    .leftJoin("mentors", "mentors.email", "person_notes.author")
    .select([
      "person_notes.id",
      "person_notes.body",
      "person_notes.created_at",
      "mentors.name as mentorName",
      "person_notes.author as authorEmail",
    ])
    .where("person_notes.person_id", "=", personId)
    .where("person_notes.author_role", "=", "mentor")
    .orderBy("person_notes.created_at", "desc")
    .orderBy("person_notes.id")
    .execute();
  return rows.map(({ mentorName, authorEmail, ...note }) => ({
    ...note,
    author: mentorName ?? authorEmail,
  }));
}

/** One of the mentor's students, all a mentor may read about them; null when not theirs. */
export async function mentorStudent(db: DB, mentorId: string, personId: string) {
  if (!(await isMentorsStudent(db, mentorId, personId))) return null;
  const person = await db
    .selectFrom("people")
    .select(["id", "first_name", "last_name", "email", "university", "graduation_year"])
    .where("id", "=", personId)
    .executeTakeFirst();
  if (!person) return null;
  const [profile, application, notes] = await Promise.all([
    db
      .selectFrom("student_profiles")
      .selectAll()
      .where("person_id", "=", personId)
      .executeTakeFirst(),
    db
      .selectFrom("submissions")
      .select("form_data")
      .where("person_id", "=", personId)
      .where("type", "=", "application")
      .orderBy("created_at", "desc")
      .executeTakeFirst(),
    mentorNotesOf(db, personId),
  ]);
  const resume = profile?.resume_upload_id
    ? await db
        .selectFrom("uploads")
        .select(["id", "name", "size", "created_at"])
        .where("id", "=", profile.resume_upload_id)
        .where("person_id", "=", personId)
        .executeTakeFirst()
    : undefined;
  const answers = application
    ? applicationAnswers.parse(parseJsonColumn(submissionFormData, application.form_data))
    : null;
  return {
    id: person.id,
    name: `${person.first_name} ${person.last_name}`.trim(),
    email: person.email,
    university: person.university,
    profile: {
      graduationYear: profile?.graduation_year || person.graduation_year,
      timeZone: profile?.time_zone ?? null,
      targetRoles: profile ? parseJsonColumn(studentTargetRoles, profile.target_roles) : [],
      targetFirms: profile?.target_firms ?? "",
      linkedinUrl: profile?.linkedin_url ?? null,
    },
    application: answers && {
      careerTargets: answers.careerTargets
        .map((target) => (target === "Other" && answers.careerOther ? answers.careerOther : target))
        .filter(Boolean),
      challenge: answers.challenge,
      motivation: answers.motivation,
    },
    resume: resume ? { name: resume.name, size: Number(resume.size), at: resume.created_at } : null,
    notes,
  };
}

export type MentorStudent = NonNullable<Awaited<ReturnType<typeof mentorStudent>>>;

/**
 * The student's current resume (their profile's), only for their own mentor; null otherwise.
 * Its download is named after the student (`ada-lovelace-resume.docx`), not the file they sent.
 */
export async function mentorResume(db: DB, mentorId: string, personId: string) {
  if (!(await isMentorsStudent(db, mentorId, personId))) return null;
  const profile = await db
    .selectFrom("student_profiles")
    .innerJoin("people", "people.id", "student_profiles.person_id")
    .select(["resume_upload_id", "first_name", "last_name"])
    .where("student_profiles.person_id", "=", personId)
    .executeTakeFirst();
  if (!profile?.resume_upload_id) return null;
  const file = await db
    .selectFrom("uploads")
    .select(["content_type", "data", "size"])
    .where("id", "=", profile.resume_upload_id)
    .where("person_id", "=", personId)
    .executeTakeFirst();
  return file ? { ...file, name: resumeDownloadName(profile.first_name, profile.last_name) } : null;
}

/** Saves a mentor's private note about one of their students ("not_found": not their student). */
export async function addMentorNote(
  services: Services,
  mentor: MentorUser,
  personId: string,
  body: string,
): Promise<"added" | "not_found" | "full"> {
  if (!(await isMentorsStudent(services.db, mentor.mentorId, personId))) return "not_found";
  // The author is the mentor's address: the owner's person page lists it with the other notes.
  return addNote(services, mentor.email, personId, body, "mentor");
}

import type { Db, Trx } from "~/db/database.server";
import { randomUUID } from "node:crypto";
import { parseJsonColumn, studentTargetRoles, submissionFormData } from "~/db/json-columns.server";
import { profileDoneAt, profileMissing, type ProfileRequirement } from "./onboarding";
import { DOCX_CONTENT_TYPE, resumeUploadName } from "~/features/uploads/resume-upload";
import { isProfileTrack, type StudentProfileForm } from "./student-profile";
import { sha256Hex } from "~/features/resume-reviews/resume-upload.server";
import type { Services } from "~/context";

/** Where a student's portal resume is filed among the uploads (the review's are resume-reviews/). */
export const PROFILE_RESUME_FOLDER = "portal-resumes";

/** What /portal/profile shows and the home's checklist is read from. */
export interface StudentProfile {
  timeZone: string | null;
  targetRoles: string[];
  targetFirms: string;
  linkedinUrl: string | null;
  /** The profile's, or the one given with the application until the profile is saved. */
  graduationYear: string;
  resume: { id: string; uploadedAt: string; size: number } | null;
  profileDoneAt: string | null;
  preworkReadAt: string | null;
  /** False once the student said they are not job seeking this year. */
  jobSeeking: boolean;
  /** False once the student turned the programme's reminders (nudges) off. */
  programmeReminders: boolean;
}

/** The student's profile; a student who has never saved it reads as empty. */
export async function readStudentProfile(db: Db, personId: string): Promise<StudentProfile> {
  const row = await db
    .selectFrom("people")
    .leftJoin("student_profiles", "student_profiles.person_id", "people.id")
    .leftJoin("uploads", "uploads.id", "student_profiles.resume_upload_id")
    .select([
      "people.graduation_year as personYear",
      "student_profiles.time_zone",
      "student_profiles.target_roles",
      "student_profiles.target_firms",
      "student_profiles.linkedin_url",
      "student_profiles.graduation_year",
      "student_profiles.profile_done_at",
      "student_profiles.prework_read_at",
      "student_profiles.job_seeking",
      "student_profiles.programme_reminders",
      "uploads.id as resumeId",
      "uploads.created_at as resumeAt",
      "uploads.size as resumeSize",
    ])
    .where("people.id", "=", personId)
    .executeTakeFirstOrThrow();
  const saved = parseJsonColumn(studentTargetRoles, row.target_roles ?? "[]");
  return {
    timeZone: row.time_zone ?? null,
    // Never saved: the finance tracks they picked when they applied, to confirm.
    targetRoles:
      row.profile_done_at || saved.length > 0 ? saved : await appliedTracks(db, personId),
    targetFirms: row.target_firms ?? "",
    linkedinUrl: row.linkedin_url ?? null,
    graduationYear: row.graduation_year ?? row.personYear,
    resume:
      row.resumeId && row.resumeAt
        ? { id: row.resumeId, uploadedAt: row.resumeAt, size: Number(row.resumeSize ?? 0) }
        : null,
    profileDoneAt: row.profile_done_at ?? null,
    preworkReadAt: row.prework_read_at ?? null,
    jobSeeking: row.job_seeking === null ? true : Number(row.job_seeking) !== 0,
    programmeReminders:
      row.programme_reminders === null ? true : Number(row.programme_reminders) !== 0,
  };
}

/**
 * Replaces the student's resume with `bytes` (already checked by content): the new file is
 * stored among the uploads, outside the review queue, and the one it replaces is deleted. The
 * same file sent again keeps the stored one. Returns the current resume's upload id.
 */
async function replaceResume(
  trx: Trx,
  student: { personId: string; email: string },
  current: string | null,
  bytes: Uint8Array,
  now: Date,
): Promise<string> {
  const sha256 = sha256Hex(bytes);
  const stored = current
    ? await trx.selectFrom("uploads").select("sha256").where("id", "=", current).executeTakeFirst()
    : undefined;
  if (current && stored?.sha256 === sha256) return current;
  const id = randomUUID();
  const name = resumeUploadName(student.email, now);
  const at = now.toISOString();
  await trx
    .insertInto("uploads")
    .values({
      id,
      person_id: student.personId,
      submission_id: null,
      name,
      full_path: `${PROFILE_RESUME_FOLDER}/${name}`,
      content_type: DOCX_CONTENT_TYPE,
      size: bytes.byteLength,
      sha256,
      data: bytes,
      review_status: "profile",
      scheduled_for: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  if (current) {
    await trx
      .deleteFrom("uploads")
      .where("id", "=", current)
      .where("review_status", "=", "profile")
      .execute();
  }
  return id;
}

/**
 * Saves the student's profile as the form sent it, with the new resume if one came (checked by
 * content before). The profile is complete (profile_done_at) once it has a time zone, a target
 * role, a LinkedIn URL and a resume. Returns what it still lacks.
 */
export async function saveStudentProfile(
  services: Pick<Services, "db" | "clock" | "engine">,
  student: { personId: string; email: string },
  form: StudentProfileForm,
  resume: Uint8Array | undefined,
): Promise<{ missing: ProfileRequirement[] }> {
  const now = services.clock.now();
  const at = now.toISOString();
  return services.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("student_profiles")
      .values({ person_id: student.personId, updated_at: at })
      .onConflict((oc) => oc.column("person_id").doNothing())
      .execute();
    // Two saves at once (two tabs) take turns, so neither leaves a resume nobody points at
    // (SQLite's one writer does this by itself).
    let read = trx
      .selectFrom("student_profiles")
      .select(["resume_upload_id", "profile_done_at", "not_job_seeking_at"])
      .where("person_id", "=", student.personId);
    if (services.engine === "postgres") read = read.forUpdate();
    const previous = await read.executeTakeFirstOrThrow();
    let resumeUploadId = previous.resume_upload_id;
    if (resume) resumeUploadId = await replaceResume(trx, student, resumeUploadId, resume, now);
    const facts = {
      timeZone: form.timeZone,
      targetRoles: form.targetRoles,
      linkedinUrl: form.linkedinUrl ?? null,
      resumeUploadId,
    };
    const values = {
      time_zone: form.timeZone,
      target_roles: JSON.stringify(form.targetRoles),
      target_firms: form.targetFirms,
      linkedin_url: form.linkedinUrl ?? null,
      resume_upload_id: resumeUploadId,
      graduation_year: form.graduationYear,
      job_seeking: form.notJobSeeking ? 0 : 1,
      programme_reminders: form.noReminders ? 0 : 1,
      // When they declared it (kept while it stands): CIRR excludes only a declaration in time.
      not_job_seeking_at: form.notJobSeeking ? (previous.not_job_seeking_at ?? at) : null,
      profile_done_at: profileDoneAt(facts, previous.profile_done_at, now),
      updated_at: at,
    };
    await trx
      .updateTable("student_profiles")
      .set(values)
      .where("person_id", "=", student.personId)
      .execute();
    return { missing: profileMissing(facts) };
  });
}

/** Records that the student read the week 1 pre-work (the first time only). */
export async function markPreworkRead(
  services: Pick<Services, "db" | "clock">,
  personId: string,
): Promise<void> {
  const at = services.clock.now().toISOString();
  await services.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("student_profiles")
      .values({ person_id: personId, updated_at: at })
      .onConflict((oc) => oc.column("person_id").doNothing())
      .execute();
    await trx
      .updateTable("student_profiles")
      .set({ prework_read_at: at, updated_at: at })
      .where("person_id", "=", personId)
      .where("prework_read_at", "is", null)
      .execute();
  });
}

/** The finance tracks of the person's latest application (its "Other" has no profile track). */
async function appliedTracks(db: Db, personId: string): Promise<string[]> {
  const application = await db
    .selectFrom("submissions")
    .select("form_data")
    .where("person_id", "=", personId)
    .where("type", "=", "application")
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  if (!application) return [];
  const targets = parseJsonColumn(submissionFormData, application.form_data).careerTargets;
  return Array.isArray(targets)
    ? targets.filter((track): track is string => typeof track === "string" && isProfileTrack(track))
    : [];
}

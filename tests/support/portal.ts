import { randomUUID } from "node:crypto";
import type { DB } from "../../app/db/database.server";
import { getCohort } from "../../app/features/cohort/cohort.server";
import { firstDates } from "../../app/features/job-search/first-dates";
import { newPerson } from "../../app/features/people/people.server";
import type { Services } from "../../app/context";
import type { PortalUser } from "../../app/features/portal/portal-users.server";
import { startPortalSession } from "../../app/features/portal/session.server";
import type { seatFixtures } from "./cohort";
import { makeContext } from "./context";
import { uploadRow } from "./rows";
import { fromApplication } from "./outcome-moves";
import { mailboxCopy } from "./mailbox";
import { localMailboxDir } from "../../app/mail/transport.server";
import { ensureProgram } from "../../app/features/coursework/program.server";

/** What only the fixture student's own mentor (and the owner) may ever see about them. */
export const STUDENT_SECRET = {
  firstName: "Stella",
  email: "student.secret@example.com",
  lastName: "Secretlastname",
  linkedin: "https://www.linkedin.com/in/secret-student",
  note: "Secret mentor note about the student",
  /** The firm of the student's interview and reported offer. */
  firm: "Secretfirm Capital",
} as const;

/** The fixture student's two booked 1-on-1s and deep-dive (the access walk cancels each once). */
export const PORTAL_FIXTURE_BOOKINGS = {
  forMentor: "portal-fixture-booking-1",
  forStudent: "portal-fixture-booking-2",
  deepDive: "portal-fixture-deep-dive",
} as const;

/** The fixture student's reported offer, waiting for their mentor (the access walk confirms it). */
export const PORTAL_FIXTURE_OFFER = "portal-fixture-offer";

/** The fixture student's job application (naming the secret firm) and its current stage. */
export const PORTAL_FIXTURE_APPLICATION = {
  id: "portal-fixture-application",
  move: "portal-fixture-move",
};

/** The fixture student's networking conversation (naming the secret firm). */
export const PORTAL_FIXTURE_CONVERSATION = "portal-fixture-conversation";

/** A group session of the fixture cohort that has already happened (the mentor's session page). */
export const PORTAL_FIXTURE_SESSION = "portal-fixture-session";

/**
 * The fixture student's work on week 1's resume assignment: two versions waiting for their mentor
 * (the access walk reviews the first; the second stays in the queue), the first's file carrying
 * the secret, so a download that leaks it is caught.
 */
export const PORTAL_FIXTURE_COURSEWORK = {
  assignment: "w1-current-resume",
  first: "portal-fixture-submission-1",
  second: "portal-fixture-submission-2",
  file: "portal-fixture-coursework-file",
} as const;

/** A mentor row. */
export async function insertMentor(db: DB, email: string, name: string, capacity = 5) {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto("mentors")
    .values({
      id,
      email,
      name,
      bio: `${name} works in finance.`,
      capacity,
      is_active: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** A person with a paid seat in `cohortId`, assigned to `mentorId`, written as rows. */
export async function insertStudent(
  db: DB,
  input: {
    email: string;
    firstName: string;
    lastName?: string;
    cohortId: string;
    mentorId: string | null;
  },
) {
  const now = new Date().toISOString();
  const person = newPerson(input.email, now, {
    first_name: input.firstName,
    last_name: input.lastName ?? "Student",
    status: "enrolled",
  });
  await db.insertInto("people").values(person).execute();
  const holdId = randomUUID();
  const sessionId = `cs_test_${randomUUID().replaceAll("-", "")}`;
  await db
    .insertInto("seat_holds")
    .values({
      id: holdId,
      cohort_id: input.cohortId,
      kind: "checkout",
      offer_token_hash: null,
      person_id: person.id,
      visitor_id: null,
      email: input.email,
      status: "paid",
      provider: "test",
      session_id: sessionId,
      expires_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto("payments")
    .values({
      id: randomUUID(),
      cohort_id: input.cohortId,
      hold_id: holdId,
      person_id: person.id,
      provider: "test",
      session_id: sessionId,
      email: input.email,
      amount_cents: 64_900,
      status: "paid",
      refund_reason: null,
      refunded_at: null,
      created_at: now,
      last_touch: null,
      mentor_id: input.mentorId,
    })
    .execute();
  return person.id;
}

/** The Cookie header ("name=value") of a new portal session for `user`. */
export async function portalCookie(services: Services, user: PortalUser): Promise<string> {
  const request = new Request("http://localhost:3000/portal");
  return (await startPortalSession(request, makeContext(services), user)).split(";")[0]!;
}

/**
 * A paid student of a seat scenario (`s`) and their portal cookie (first name: the email's local
 * part unless given).
 */
export async function paidStudent(
  s: ReturnType<typeof seatFixtures> & { services: () => Services },
  email: string,
  firstName = email.split("@")[0]!,
) {
  const id = await s.person(email);
  await s.pay(id, email);
  const cookie = await portalCookie(s.services(), {
    role: "student",
    personId: id,
    email,
    firstName,
  });
  return { id, email, cookie };
}

/**
 * The cohort as the access test sees it: the current cohort with the fixture student (mentor
 * One), a student of another cohort (mentor Two), the two mentors, and portal cookies for each.
 */
export async function seedPortalFixtures(services: Services) {
  const { db } = services;
  const cohort = await getCohort(db, new Date());
  const otherCohortId = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto("cohorts")
    .values({
      id: otherCohortId,
      start_date: "2025-01-06",
      capacity: 10,
      enrolled_count: 1,
      is_active: 0,
      is_current: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const mentorId = await insertMentor(db, "mentor.one@example.com", "Mentor One");
  const otherMentorId = await insertMentor(db, "mentor.two@example.com", "Mentor Two");
  const studentId = await insertStudent(db, {
    email: STUDENT_SECRET.email,
    firstName: "Stella",
    lastName: STUDENT_SECRET.lastName,
    cohortId: cohort.id,
    mentorId,
  });
  // The resume's bytes carry the secret too, so a download that leaks it is caught.
  const resume = new TextEncoder().encode(STUDENT_SECRET.note);
  await db
    .insertInto("uploads")
    .values(
      uploadRow("portal-fixture-resume", studentId, now, {
        name: "stella.docx",
        full_path: "portal-resumes/stella.docx",
        review_status: "profile",
        size: resume.length,
        data: resume,
      }),
    )
    .execute();
  await db
    .insertInto("student_profiles")
    .values({
      person_id: studentId,
      linkedin_url: STUDENT_SECRET.linkedin,
      resume_upload_id: "portal-fixture-resume",
      updated_at: now,
    })
    .execute();
  await db
    .insertInto("person_notes")
    .values({
      id: randomUUID(),
      person_id: studentId,
      author: "mentor.one@example.com",
      body: STUDENT_SECRET.note,
      created_at: now,
    })
    .execute();
  const otherStudentId = await insertStudent(db, {
    email: "other.student@example.com",
    firstName: "Otto",
    cohortId: otherCohortId,
    mentorId: otherMentorId,
  });
  // Two booked 1-on-1s of the student, far ahead: one the mentor cancels, one the student does.
  for (const [week, id] of [
    [1, PORTAL_FIXTURE_BOOKINGS.forMentor],
    [2, PORTAL_FIXTURE_BOOKINGS.forStudent],
  ] as const) {
    const startsAt = new Date(Date.UTC(2031, 0, 6 + 7 * week, 15));
    await db
      .insertInto("bookings")
      .values({
        id,
        cohort_id: cohort.id,
        person_id: studentId,
        mentor_id: mentorId,
        kind: "one_on_one",
        week,
        starts_at: startsAt.toISOString(),
        ends_at: new Date(startsAt.getTime() + 30 * 60_000).toISOString(),
        status: "booked",
        cancelled_by: null,
        cancel_reason: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  // The fixture student was sent the end-of-programme survey (its page lets only them answer).
  await db
    .insertInto("surveys")
    .values({
      id: "portal-fixture-survey",
      person_id: studentId,
      cohort_id: cohort.id,
      mentor_id: mentorId,
      sent_at: now,
      reminded_at: null,
      answered_at: null,
      score: null,
      helped: null,
      change: null,
    })
    .execute();
  await db
    .insertInto("group_sessions")
    .values({
      id: PORTAL_FIXTURE_SESSION,
      cohort_id: cohort.id,
      week: 1,
      starts_at: "2025-01-07T00:00:00.000Z",
      minutes: 60,
      topic: "Fixture session",
      recording_url: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  // An interview far ahead, its deep-dive, and an offer waiting for the mentor.
  await db
    .insertInto("interviews")
    .values({
      id: "portal-fixture-interview",
      person_id: studentId,
      cohort_id: cohort.id,
      firm: STUDENT_SECRET.firm,
      role: "Analyst",
      interview_date: "2031-02-03",
      created_at: now,
      updated_at: now,
      ...(await fromApplication(db, studentId, "interview", now, {
        firm: STUDENT_SECRET.firm,
        role: "Analyst",
      })),
    })
    .execute();
  await db
    .insertInto("bookings")
    .values({
      id: PORTAL_FIXTURE_BOOKINGS.deepDive,
      cohort_id: cohort.id,
      person_id: studentId,
      mentor_id: mentorId,
      kind: "deep_dive",
      week: 0,
      starts_at: "2031-01-29T15:00:00.000Z",
      ends_at: "2031-01-29T16:00:00.000Z",
      status: "booked",
      cancelled_by: null,
      cancel_reason: null,
      created_at: now,
      updated_at: now,
      interview_id: "portal-fixture-interview",
    })
    .execute();
  await db
    .insertInto("offers")
    .values({
      id: PORTAL_FIXTURE_OFFER,
      person_id: studentId,
      cohort_id: cohort.id,
      firm: STUDENT_SECRET.firm,
      role: "Analyst",
      track: "Banking",
      kind: "full_time",
      start_date: null,
      compensation: null,
      reported_at: now,
      confirmed_at: null,
      confirmed_by: null,
      confirmed_by_id: null,
      ...(await fromApplication(db, studentId, "offer", now, {
        firm: STUDENT_SECRET.firm,
        role: "Analyst",
      })),
    })
    .execute();
  // An earlier offer, confirmed, whose testimonial the student was asked for (not written yet).
  await db
    .insertInto("offers")
    .values({
      id: "portal-fixture-offer-confirmed",
      person_id: studentId,
      cohort_id: cohort.id,
      firm: STUDENT_SECRET.firm,
      role: "Summer Analyst",
      track: "Banking",
      kind: "internship",
      start_date: null,
      compensation: null,
      reported_at: now,
      confirmed_at: now,
      confirmed_by: "mentor",
      confirmed_by_id: mentorId,
      ...(await fromApplication(db, studentId, "offer", now, {
        firm: STUDENT_SECRET.firm,
        role: "Summer Analyst",
      })),
    })
    .execute();
  await db
    .insertInto("testimonials")
    .values({
      id: "portal-fixture-testimonial",
      person_id: studentId,
      offer_id: "portal-fixture-offer-confirmed",
      asked_at: now,
      updated_at: now,
    })
    .execute();
  const fixtureMove = { at: now, to: "wishlist" as const };
  await db
    .insertInto("job_applications")
    .values({
      id: PORTAL_FIXTURE_APPLICATION.id,
      person_id: studentId,
      firm: STUDENT_SECRET.firm,
      role: "Analyst",
      track: "Banking",
      url: null,
      location: null,
      deadline: null,
      source: "referral",
      contact: null,
      next_step: null,
      notes: null,
      // Kept from its one move, as every writer keeps them (decision 0068).
      ...firstDates([fixtureMove]),
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto("job_application_moves")
    .values({
      id: PORTAL_FIXTURE_APPLICATION.move,
      application_id: PORTAL_FIXTURE_APPLICATION.id,
      at: fixtureMove.at,
      from_stage: null,
      to_stage: fixtureMove.to,
      round: null,
      note: null,
      by_role: "student",
      by_id: studentId,
      is_current: 1,
    })
    .execute();
  await db
    .insertInto("networking_conversations")
    .values({
      id: PORTAL_FIXTURE_CONVERSATION,
      person_id: studentId,
      person_name: "Dana Banker",
      firm: STUDENT_SECRET.firm,
      date: now.slice(0, 10),
      how: "coffee_chat",
      follow_up: null,
      notes: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await seedCoursework(db, cohort.id, studentId);
  const { id: paymentId } = await db
    .selectFrom("payments")
    .select("id")
    .where("person_id", "=", studentId)
    .executeTakeFirstOrThrow();
  const cookies = {
    student: await portalCookie(services, {
      role: "student",
      personId: studentId,
      email: STUDENT_SECRET.email,
      firstName: "Stella",
    }),
    otherStudent: await portalCookie(services, {
      role: "student",
      personId: otherStudentId,
      email: "other.student@example.com",
      firstName: "Otto",
    }),
    mentor: await portalCookie(services, {
      role: "mentor",
      mentorId,
      email: "mentor.one@example.com",
      name: "Mentor One",
    }),
    otherMentor: await portalCookie(services, {
      role: "mentor",
      mentorId: otherMentorId,
      email: "mentor.two@example.com",
      name: "Mentor Two",
    }),
  };
  return {
    cohortId: cohort.id,
    otherCohortId,
    mentorId,
    otherMentorId,
    studentId,
    otherStudentId,
    /** The fixture student's payment (its receipt names them). */
    paymentId,
    cookies,
  };
}

export type PortalFixtures = Awaited<ReturnType<typeof seedPortalFixtures>>;

/** The fixture student's two versions of PORTAL_FIXTURE_COURSEWORK's assignment, as rows. */
async function seedCoursework(db: DB, cohortId: string, studentId: string) {
  const now = new Date();
  await ensureProgram(db, now);
  const secret = new TextEncoder().encode(STUDENT_SECRET.note);
  const c = PORTAL_FIXTURE_COURSEWORK;
  for (const [id, name] of [
    [c.file, "stella-resume.docx"],
    [`${c.file}-2`, "stella-resume-2.docx"],
  ] as const)
    await db
      .insertInto("coursework_files")
      .values({
        id,
        person_id: studentId,
        name,
        size: secret.length,
        sha256: "0".repeat(64),
        data: secret,
        created_at: now.toISOString(),
      })
      .execute();
  for (const [version, id, fileId] of [
    [1, c.first, c.file],
    [2, c.second, `${c.file}-2`],
  ] as const)
    await db
      .insertInto("coursework_submissions")
      .values({
        id,
        assignment_id: c.assignment,
        person_id: studentId,
        cohort_id: cohortId,
        version,
        body: null,
        url: null,
        file_id: fileId,
        status: "waiting",
        created_at: new Date(now.getTime() - (3 - version) * 60_000).toISOString(),
      })
      .execute();
}

/**
 * The one-time link of the latest sign-in email to `email`, as it went out: the mail worker
 * makes the link when it sends (the outbox never holds it), so this delivers first and reads the
 * local mailbox.
 */
export async function deliveredSignInToken(services: Services, email: string): Promise<string> {
  await services.mailWorker.runOnce();
  const row = await services.db
    .selectFrom("outbox")
    .select("id")
    .where("kind", "=", "portal_sign_in")
    .where("to_address", "=", email)
    .where("status", "=", "sent")
    .orderBy("created_at", "desc")
    .executeTakeFirstOrThrow();
  const sent = mailboxCopy(localMailboxDir(services.config)!, row.id);
  return /\/portal\/login\/([\w-]{43})/.exec(sent)![1]!;
}

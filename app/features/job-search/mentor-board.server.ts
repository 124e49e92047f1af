import { randomUUID } from "node:crypto";
import type { DB } from "~/db/database.server";
import type { Services } from "~/context";
import { isMentorsStudent, mentorStudents } from "~/features/mentors/mentor-students.server";
import { formatDay, formatWhen } from "~/lib/time-zone";
import { boardProgress, currentCohortRef } from "~/features/coursework/progress.server";
import { readApplication } from "./application-history.server";
import { sentAt } from "./first-dates";
import type { MoveInput } from "./job-search-forms";
import { moveApplication, withCurrentMove, type MoveOutcome } from "./job-search.server";
import {
  pipelineByStage,
  sortSummaries,
  studentSummaries,
  type Flag,
  type PipelineApplication,
  type PipelineConversation,
  type PipelineStudent,
  type SortKey,
  type StudentSummary,
} from "./pipeline";

/**
 * A mentor's view of their students' job search (issue 47, item 5): the board of all their
 * students, one student's pipeline, and one application with the mentor's move or note. Every
 * read and write first checks the student is the mentor's (`isMentorsStudent`, the row rule of
 * the mentor's pages); anyone else's student reads as not there. The board is three set-based
 * queries whatever the number of students (their applications with the current stage and sent
 * date, their conversations, their targets), then the pure rules of ./pipeline.ts.
 */

/** Notes a mentor may keep on one application. */
export const MAX_NOTES = 100;

/**
 * The applications of these students with their current stage and when each was sent, from the
 * first dates its row keeps (decision 0068): one query, no history read.
 */
async function pipelineRows(db: DB, personIds: readonly string[]) {
  if (personIds.length === 0) return [];
  const applications = await withCurrentMove(db)
    .select([
      "a.id",
      "a.person_id",
      "a.firm",
      "a.role",
      "a.deadline",
      "a.next_step",
      "a.first_applied_at",
      "a.first_interview_at",
      "a.first_offer_at",
      "m.to_stage",
      "m.round",
      "m.at",
    ])
    .where("a.person_id", "in", personIds)
    .execute();
  return applications.map((a): PipelineApplication => ({
    id: a.id,
    personId: a.person_id,
    firm: a.firm,
    role: a.role,
    stage: a.to_stage,
    round: a.round === null ? null : Number(a.round),
    deadline: a.deadline,
    nextStep: a.next_step,
    movedAt: a.at,
    sent: sentAt(a),
  }));
}

/**
 * The students' networking conversations (500 at most each: their follow-ups and activity) and
 * their weekly targets, two queries whatever the number of students.
 */
async function networkingRows(db: DB, personIds: readonly string[]) {
  if (personIds.length === 0) return { conversations: [], targets: new Map() };
  const [conversations, targets] = await Promise.all([
    db
      .selectFrom("networking_conversations")
      .select(["id", "person_id", "person_name", "firm", "date", "follow_up", "created_at"])
      .where("person_id", "in", personIds)
      .execute(),
    db
      .selectFrom("job_search_targets")
      .select(["person_id", "applications_per_week", "conversations_per_week"])
      .where("person_id", "in", personIds)
      .execute(),
  ]);
  return {
    conversations: conversations.map((c): PipelineConversation => ({
      id: c.id,
      personId: c.person_id,
      personName: c.person_name,
      firm: c.firm,
      date: c.date,
      followUp: c.follow_up,
      loggedAt: c.created_at,
    })),
    targets: new Map(
      targets.map((t) => [
        t.person_id,
        {
          applicationsPerWeek: Number(t.applications_per_week),
          conversationsPerWeek: Number(t.conversations_per_week),
        },
      ]),
    ),
  };
}

/**
 * A flag as a page shows it: its kind, the application it links to (none for a conversation),
 * the firm (and the person met), and since when in the reader's words.
 */
function flagView(flag: Flag, zone: string) {
  const calendarDay = flag.kind === "deadline" || flag.kind === "follow_up";
  const since = calendarDay ? flag.since : formatDay(new Date(flag.since), zone);
  const { about } = flag;
  return about.type === "application"
    ? { kind: flag.kind, applicationId: about.id, firm: about.firm, person: null, since }
    : { kind: flag.kind, applicationId: null, firm: about.firm, person: about.person, since };
}

/** The flags a board row lists (all are counted; the student's page lists every one). */
export const BOARD_FLAGS = 3;

/** A summary with its times in the reader's zone, listing at most `flags` of its flags. */
function summaryView(row: StudentSummary, zone: string, now: Date, flags = row.flags.length) {
  return {
    ...row,
    lastActivityWhen: row.lastActivity ? formatWhen(new Date(row.lastActivity), zone, now) : null,
    flagCount: row.flags.length,
    flags: row.flags.slice(0, flags).map((flag) => flagView(flag, zone)),
  };
}

async function summariesOf(services: Services, students: readonly PipelineStudent[]) {
  const clock = { now: services.clock.now(), siteZone: services.config.siteTimeZone };
  const personIds = students.map((student) => student.personId);
  const [applications, { conversations, targets }] = await Promise.all([
    pipelineRows(services.db, personIds),
    networkingRows(services.db, personIds),
  ]);
  return {
    applications,
    summaries: studentSummaries({ students, applications, conversations, targets, clock }),
  };
}

/**
 * /portal/mentor/board: each of the mentor's students, summarised, in `sort` order, with their
 * progress line in the current cohort (its applications are the summary's own count).
 */
export async function mentorBoard(
  services: Services,
  mentorId: string,
  sort: SortKey,
  zone: string,
) {
  const { students } = await mentorStudents(services.db, mentorId);
  const [{ summaries }, cohort] = await Promise.all([
    summariesOf(
      services,
      students.map((student) => ({ personId: student.id, name: student.name })),
    ),
    currentCohortRef(services.db),
  ]);
  const lines = await boardProgress(services, cohort, summaries);
  const now = services.clock.now();
  return sortSummaries(summaries, sort).map((row) => ({
    ...summaryView(row, zone, now, BOARD_FLAGS),
    progress: lines.get(row.personId) ?? null,
  }));
}

export type BoardRow = Awaited<ReturnType<typeof mentorBoard>>[number];

/** One student's pipeline for their mentor's page; null when not the mentor's student. */
export async function studentPipeline(
  services: Services,
  mentorId: string,
  student: PipelineStudent,
  zone: string,
) {
  if (!(await isMentorsStudent(services.db, mentorId, student.personId))) return null;
  const { applications, summaries } = await summariesOf(services, [student]);
  const now = services.clock.now();
  return {
    summary: summaryView(summaries[0]!, zone, now),
    stages: pipelineByStage(applications).map(({ stage, applications: own }) => ({
      stage,
      applications: own.map((a) => ({
        id: a.id,
        firm: a.firm,
        role: a.role,
        stage: a.stage,
        round: a.round,
        movedWhen: formatWhen(new Date(a.movedAt), zone, now),
      })),
    })),
  };
}

export type StudentPipeline = NonNullable<Awaited<ReturnType<typeof studentPipeline>>>;

/** One application of the mentor's student, with its history as the mentor reads it. */
export async function mentorApplication(
  services: Services,
  mentorId: string,
  personId: string,
  applicationId: string,
  zone: string,
) {
  if (!(await isMentorsStudent(services.db, mentorId, personId))) return null;
  const view = await readApplication(services, personId, applicationId, zone, {
    role: "mentor",
    mentorId,
  });
  const person = await services.db
    .selectFrom("people")
    .select(["first_name", "last_name"])
    .where("id", "=", personId)
    .executeTakeFirst();
  if (!view || !person) return null;
  return { ...view, studentName: `${person.first_name} ${person.last_name}`.trim() };
}

/** The mentor moves their student's application, by the student's rules, recorded as theirs. */
export async function mentorMove(
  services: Services,
  mentorId: string,
  personId: string,
  applicationId: string,
  move: MoveInput,
): Promise<MoveOutcome> {
  if (!(await isMentorsStudent(services.db, mentorId, personId))) return { kind: "not_found" };
  return moveApplication(services, personId, applicationId, move, {
    role: "mentor",
    id: mentorId,
  });
}

/** The mentor's note on their student's application, at most MAX_NOTES per application. */
export async function addApplicationNote(
  services: Services,
  mentorId: string,
  personId: string,
  applicationId: string,
  body: string,
): Promise<"added" | "not_found" | "full"> {
  if (!(await isMentorsStudent(services.db, mentorId, personId))) return "not_found";
  return services.db.transaction().execute(async (trx) => {
    const own = await trx
      .selectFrom("job_applications")
      .select("id")
      .where("id", "=", applicationId)
      .where("person_id", "=", personId)
      .executeTakeFirst();
    if (!own) return "not_found";
    const { n } = await trx
      .selectFrom("job_application_notes")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("application_id", "=", applicationId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_NOTES) return "full";
    await trx
      .insertInto("job_application_notes")
      .values({
        id: randomUUID(),
        application_id: applicationId,
        at: services.clock.now().toISOString(),
        body,
        by_role: "mentor",
        by_id: mentorId,
      })
      .execute();
    return "added";
  });
}

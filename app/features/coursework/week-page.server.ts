import type { Services } from "~/context";
import { markdownHtml } from "~/lib/markdown.server";
import { studentSeat } from "~/features/portal/seat.server";
import { resourceFormats, isResourceFileKey } from "~/features/resources/formats";
import { formatWhen } from "~/lib/time-zone";
import { dueAt, LIMITS, weekOpensAt, type AssignmentContent } from "./coursework";
import { cohortProgram } from "./program.server";
import { versionsOf, type WorkVersion } from "./submissions.server";

type Reader = Pick<Services, "db" | "clock" | "config">;

/** The student's live seat and its cohort's weeks as given; null without a paid seat. */
async function seatProgram(services: Reader, personId: string, browserZone: string | null) {
  const { db, clock, config } = services;
  const seat = await studentSeat(db, personId, config.siteTimeZone, browserZone);
  if (!seat) return null;
  const cohort = { id: seat.cohortId, startDate: seat.startDate };
  return { seat, program: await cohortProgram(db, cohort, clock.now(), config.siteTimeZone) };
}

/**
 * A student's programme week (issue 48, item 2): the material once the week has opened (Monday's
 * midnight in the site's zone), each assignment with its due time in the student's own zone and
 * every version they handed in with its reviews. Null when they hold no paid seat.
 */
export async function studentWeek(
  services: Reader,
  personId: string,
  week: number,
  browserZone: string | null,
) {
  const found = await seatProgram(services, personId, browserZone);
  if (!found) return null;
  const { seat, program } = found;
  const { db, clock, config } = services;
  const siteZone = config.siteTimeZone;
  const now = clock.now();
  const zone = seat.student.zone;
  const content = program[week - 1]!;
  const weeks = program.map((w) => ({ week: w.week, open: w.open }));
  const head = { week, title: content.title, weeks, zone, zoneFrom: seat.student.zoneFrom };
  if (!content.open) {
    const opens = weekOpensAt(seat.startDate, week, siteZone);
    return { ...head, open: false as const, opens: opens ? formatWhen(opens, zone, now) : null };
  }
  const versions = await versionsOf(
    db,
    personId,
    content.assignments.map((a) => a.id),
  );
  const show = (at: string) => formatWhen(new Date(at), zone, now);
  return {
    ...head,
    open: true as const,
    material: markdownHtml(content.material),
    videoUrl: content.videoUrl,
    files: content.resources.filter(isResourceFileKey).flatMap((key) =>
      resourceFormats[key].map((format) => ({
        key,
        format,
        href: `/resources/${key}/${format}`,
      })),
    ),
    assignments: content.assignments.map((assignment) =>
      assignmentView(assignment, versions, seat.startDate, week, siteZone, now, show),
    ),
  };
}

function assignmentView(
  assignment: AssignmentContent,
  all: readonly WorkVersion[],
  startDate: string | null,
  week: number,
  siteZone: string,
  now: Date,
  show: (at: string) => string,
) {
  const versions = all.filter((v) => v.assignmentId === assignment.id);
  const due = dueAt(startDate, week, assignment.dueDay, siteZone);
  return {
    ...assignment,
    due: due ? show(due.toISOString()) : null,
    late: versions.length === 0 && due !== null && due.getTime() < now.getTime(),
    left: LIMITS.versions - versions.length,
    versions: versions.map((v) => ({
      ...v,
      createdAt: show(v.createdAt),
      reviews: v.reviews.map((r) => ({ ...r, createdAt: show(r.createdAt) })),
    })),
  };
}

export type StudentWeek = NonNullable<Awaited<ReturnType<typeof studentWeek>>>;

/**
 * The assignment a student may hand work in for: one of an opened week of their cohort, as the
 * cohort was given it. Null for anything else (another week, an unknown id, no seat).
 */
export async function openAssignment(services: Reader, personId: string, assignmentId: string) {
  const found = await seatProgram(services, personId, null);
  if (!found) return null;
  const { seat, program } = found;
  for (const week of program) {
    if (!week.open) continue;
    const assignment = week.assignments.find((a) => a.id === assignmentId);
    if (assignment) return { assignment, week: week.week, cohortId: seat.cohortId };
  }
  return null;
}

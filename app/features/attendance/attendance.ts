/**
 * Attendance and 1-on-1 outcomes (issue 35, item 5): the grid of a cohort's students by programme
 * week, which cells are missing, the per-student counts (shared with the outcomes report), the
 * CSV rows, and the forms that mark them. Pure: no I/O.
 */
import { attendanceText as t, gridText as g } from "./attendance.words";
import { z } from "~/lib/zod";
import type { AttendanceStatus } from "~/db/programme-schema";
import type { OneOnOneOutcome } from "~/db/booking-schema";
import { MAX_LIVE_URL, sessionEnd } from "~/features/sessions/group-sessions";
import { isHttpsUrl } from "~/lib/https-url";
import { PROGRAMME_WEEKS } from "~/features/portal/onboarding";
import { weekMonday, weekWindow } from "~/features/bookings/slots";

export const ATTENDANCE_STATUSES = [
  "attended",
  "absent",
  "excused",
] as const satisfies readonly AttendanceStatus[];
export const OUTCOMES = [
  "held",
  "student_no_show",
  "mentor_no_show",
] as const satisfies readonly OneOnOneOutcome[];

/** A week's group session for one student: their mark, or why there is none. */
export type GroupMark = AttendanceStatus | "unmarked" | "no_session";
/** A week's 1-on-1 for one student: its outcome, booked without one, or none booked. */
export type OneOnOneMark = OneOnOneOutcome | "booked" | "none";

export interface GridStudent {
  personId: string;
  name: string;
  email: string;
  mentor: string | null;
}

export interface GridSession {
  id: string;
  week: number;
  startsAt: string;
  minutes: number;
  cancelled: boolean;
}

export interface GridMark {
  sessionId: string;
  personId: string;
  status: AttendanceStatus;
}

export interface GridBooking {
  personId: string;
  week: number;
  kind: "one_on_one" | "deep_dive";
  status: "booked" | "cancelled";
  outcome: OneOnOneOutcome | null;
}

export interface GridCell {
  week: number;
  group: GroupMark;
  groupMissing: boolean;
  oneOnOne: OneOnOneMark;
  oneOnOneMissing: boolean;
}

export interface AttendanceCounts {
  /** Group sessions marked attended (excused is not attended, and not missing either). */
  groupAttended: number;
  groupExcused: number;
  /** Weekly 1-on-1s (weeks 1-6, not the deep-dive) marked held. */
  oneOnOnesHeld: number;
}

export interface GridRow extends AttendanceCounts {
  student: GridStudent;
  cells: GridCell[];
}

/** Whether a session or 1-on-1 starting at `startsAt` may be marked: once it has started. */
export function mayMark(startsAt: string, now: Date): boolean {
  return now.getTime() >= new Date(startsAt).getTime();
}

/** When programme week `week` ends (Monday 00:00 after it, site's zone); null without a start. */
export function weekEnd(startDate: string | null, week: number, siteZone: string): Date | null {
  if (!startDate) return null;
  return weekWindow(weekMonday(startDate, week), siteZone).end;
}

/** The counts of one student's marks and 1-on-1s (the outcomes report reuses this). */
export function attendanceCounts(
  marks: readonly Pick<GridMark, "status">[],
  bookings: readonly Pick<GridBooking, "kind" | "status" | "outcome">[],
): AttendanceCounts {
  return {
    groupAttended: marks.filter((m) => m.status === "attended").length,
    groupExcused: marks.filter((m) => m.status === "excused").length,
    oneOnOnesHeld: bookings.filter(
      (b) => b.kind === "one_on_one" && b.status === "booked" && b.outcome === "held",
    ).length,
  };
}

/** One student's week: the group session's mark and the 1-on-1's, and which are missing. */
function cellOf(
  week: number,
  session: GridSession | undefined,
  mark: AttendanceStatus | undefined,
  booking: GridBooking | undefined,
  ended: Date | null,
  now: Date,
): GridCell {
  const live = session && !session.cancelled ? session : undefined;
  const group: GroupMark = !live ? "no_session" : (mark ?? "unmarked");
  const sessionOver =
    live !== undefined && now >= sessionEnd(new Date(live.startsAt), live.minutes);
  const oneOnOne: OneOnOneMark = booking ? (booking.outcome ?? "booked") : "none";
  return {
    week,
    group,
    groupMissing: sessionOver && group !== "attended" && group !== "excused",
    oneOnOne,
    oneOnOneMissing: ended !== null && now >= ended && oneOnOne !== "held",
  };
}

/**
 * The grid: each student by weeks 1-6. A group cell is missing once its (not cancelled) session
 * has ended and the student is not marked attended or excused; a 1-on-1 cell is missing once its
 * week has ended without a held 1-on-1. A cancelled booking counts as none.
 */
export function attendanceGrid(input: {
  students: readonly GridStudent[];
  sessions: readonly GridSession[];
  marks: readonly GridMark[];
  bookings: readonly GridBooking[];
  startDate: string | null;
  siteZone: string;
  now: Date;
}): GridRow[] {
  const sessionOfWeek = new Map(input.sessions.map((s) => [s.week, s]));
  const liveSessions = new Set(input.sessions.filter((s) => !s.cancelled).map((s) => s.id));
  const ends = Array.from({ length: PROGRAMME_WEEKS }, (_, i) =>
    weekEnd(input.startDate, i + 1, input.siteZone),
  );
  return input.students.map((student) => {
    const marks = input.marks.filter(
      (m) => m.personId === student.personId && liveSessions.has(m.sessionId),
    );
    const bookings = input.bookings.filter(
      (b) => b.personId === student.personId && b.kind === "one_on_one" && b.status === "booked",
    );
    const cells = ends.map((ended, i) => {
      const week = i + 1;
      const session = sessionOfWeek.get(week);
      const mark = session ? marks.find((m) => m.sessionId === session.id)?.status : undefined;
      return cellOf(
        week,
        session,
        mark,
        bookings.find((b) => b.week === week),
        ended,
        input.now,
      );
    });
    return { student, cells, ...attendanceCounts(marks, bookings) };
  });
}

/** The CSV's header: who, then each week's group and 1-on-1, then the counts. */
export const ATTENDANCE_CSV_HEADER: readonly string[] = [
  "student",
  "email",
  "mentor",
  ...Array.from({ length: PROGRAMME_WEEKS }, (_, i) => [
    `week_${i + 1}_group`,
    `week_${i + 1}_one_on_one`,
  ]).flat(),
  "group_attended",
  "one_on_ones_held",
];

/** A grid row as CSV fields: the marks as stored words, "missing" appended where one is. */
export function attendanceCsvRow(row: GridRow): string[] {
  const missing = (value: string, isMissing: boolean) => (isMissing ? g.csvMissing(value) : value);
  return [
    row.student.name,
    row.student.email,
    row.student.mentor ?? "",
    ...row.cells.flatMap((cell) => [
      missing(cell.group, cell.groupMissing),
      missing(cell.oneOnOne, cell.oneOnOneMissing),
    ]),
    String(row.groupAttended),
    String(row.oneOnOnesHeld),
  ];
}

/** One form per session: each student's id and their radio (left blank: unchanged). */
export const attendanceFormSchema = z.object({
  intent: z.literal("attendance"),
  marks: z
    .array(
      z.object({
        student: z
          .string({ error: t.unknownStudent })
          .min(1, t.unknownStudent)
          .max(100, t.unknownStudent),
        status: z.enum(ATTENDANCE_STATUSES, { error: t.invalidStatus }).optional(),
      }),
    )
    .max(200, t.unknownStudent)
    .default([])
    .refine((marks) => marks.some((mark) => mark.status), t.nothingChosen),
});

/** A 1-on-1's (or deep-dive's) outcome. */
export const outcomeFormSchema = z.object({
  intent: z.literal("outcome"),
  bookingId: z
    .string({ error: t.outcomeNotFound })
    .min(1, t.outcomeNotFound)
    .max(100, t.outcomeNotFound),
  outcome: z.enum(OUTCOMES, { error: t.invalidOutcome }),
});

/** A group session's recording link: https only, bounded. */
export const recordingFormSchema = z.object({
  intent: z.literal("recording"),
  url: z
    .string({ error: t.invalidUrl })
    .trim()
    .max(MAX_LIVE_URL, t.invalidUrl)
    .refine((value) => isHttpsUrl(value), t.invalidUrl),
});

/** The session page's forms (mentor's and owner's), one union. */
export const sessionMarkSchema = z.discriminatedUnion("intent", [
  attendanceFormSchema,
  outcomeFormSchema,
  recordingFormSchema,
]);
export type SessionMarkForm = z.infer<typeof sessionMarkSchema>;

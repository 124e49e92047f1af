/**
 * The mentor's availability page (/portal/mentor/availability) and the student's booking page
 * (/portal/book): one Zod schema per page, each a union of the page's small forms by `intent`.
 * Every field is bounded; the server checks what only it can (overlaps, limits, free slots).
 */
import { availabilityText, bookingText } from "./bookings.words";
import { z } from "~/lib/zod";
import { outcomeFormSchema } from "~/features/attendance/attendance";
import { meetingPlaceField } from "./meeting-place";
import { isTimeZone } from "~/lib/zone-names";

/** Availability is set in steps of 15 minutes. */
export const STEP_MINUTES = 15;
/** At most this many weekly rows, and this many upcoming days off, per mentor. */
export const MAX_AVAILABILITY_ROWS = 28;
export const MAX_DAYS_OFF = 60;
export const CANCEL_REASON_MAX = 300;

const e = availabilityText.errors;

/** "09:30" as minutes past midnight (570); "24:00" is the end of the day. Null when not a step. */
export function minuteOf(value: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const minute = Number(match[1]) * 60 + Number(match[2]);
  if (minute > 24 * 60 || minute % STEP_MINUTES !== 0) return null;
  return minute;
}

/** 570 as "09:30". */
export function clockOf(minute: number): string {
  const hh = String(Math.floor(minute / 60)).padStart(2, "0");
  return `${hh}:${String(minute % 60).padStart(2, "0")}`;
}

/** The times a row may start at (00:00 .. 23:45) and end at (00:15 .. 24:00). */
export const START_TIMES = Array.from({ length: 96 }, (_, i) => clockOf(i * STEP_MINUTES));
export const END_TIMES = Array.from({ length: 96 }, (_, i) => clockOf((i + 1) * STEP_MINUTES));

const clock = (message: string) =>
  z
    .string({ error: message })
    .max(5, message)
    .refine((value) => minuteOf(value) !== null, message);

const id = z.string().max(64);

const isoDate = z
  .string({ error: e.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, e.date)
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
  }, e.date);

export const availabilitySchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("place"), place: meetingPlaceField }),
  z.object({
    intent: z.literal("zone"),
    timeZone: z.string({ error: e.timeZone }).max(64, e.timeZone).refine(isTimeZone, e.timeZone),
  }),
  z
    .object({
      intent: z.literal("add_hours"),
      weekday: z.coerce
        .number({ error: e.weekday })
        .int(e.weekday)
        .min(1, e.weekday)
        .max(7, e.weekday),
      from: clock(e.from),
      to: clock(e.to),
    })
    .refine((row) => (minuteOf(row.from) ?? 0) < (minuteOf(row.to) ?? 0), {
      message: e.order,
      path: ["to"],
    }),
  z.object({ intent: z.literal("remove_hours"), id }),
  z.object({ intent: z.literal("add_off"), date: isoDate }),
  z.object({ intent: z.literal("remove_off"), id }),
]);
export type AvailabilityForm = z.infer<typeof availabilitySchema>;

/** Whether a new row overlaps one of the same weekday (rows touching end to start are fine). */
export function overlapsRow(
  row: { weekday: number; startMinute: number; endMinute: number },
  rows: readonly { weekday: number; startMinute: number; endMinute: number }[],
): boolean {
  return rows.some(
    (other) =>
      other.weekday === row.weekday &&
      row.startMinute < other.endMinute &&
      other.startMinute < row.endMinute,
  );
}

/** A free slot as the week views (1-on-1 and deep-dive) post it: its UTC start, on the minute. */
export function slotField(message: string) {
  return z
    .string({ error: message })
    .max(30, message)
    .refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/.test(value), message);
}

const b = bookingText.errors;
const slot = slotField(b.slot);

export const bookingSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("book"), week: z.coerce.number().int().min(1).max(6), slot }),
  z.object({ intent: z.literal("reschedule"), bookingId: id, slot }),
  z.object({ intent: z.literal("cancel"), bookingId: id }),
]);

/** The mentor's cancellation of a student's 1-on-1, with the reason the student reads. */
export const mentorCancelSchema = z.object({
  intent: z.literal("cancel_booking"),
  bookingId: id,
  reason: z
    .string({ error: b.reason })
    .trim()
    .min(1, b.reason)
    .max(CANCEL_REASON_MAX, b.reasonLong),
});

/** /portal/mentor's forms: cancel a student's 1-on-1, or mark the outcome of one. */
export const mentorHomeSchema = z.discriminatedUnion("intent", [
  mentorCancelSchema,
  outcomeFormSchema,
]);

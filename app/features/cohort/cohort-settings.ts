import { z } from "~/lib/zod";
import { cohortSettingsValidation } from "./cohort-settings.words";
import { availableSpots, type CohortSettings } from "./cohort";
import { isCalendarDate } from "~/lib/calendar-date";
import { graduationYearSettingRange, isGraduationYearSetting } from "./graduation-year";

export const MAX_CAPACITY = 10_000;

/** A start date as typed: '' (no date yet, kept as null) or YYYY-MM-DD. */
const startDateField = z
  .string()
  .trim()
  .refine((value) => value === "" || isCalendarDate(value), cohortSettingsValidation.startDate)
  .transform((value) => (value === "" ? null : value));

/** A capacity as typed: a whole number of seats, no more than MAX_CAPACITY. */
const capacityField = z
  .string({ error: cohortSettingsValidation.capacity })
  .trim()
  .regex(/^\d+$/, cohortSettingsValidation.capacity)
  .transform(Number)
  .refine((value) => value <= MAX_CAPACITY, cohortSettingsValidation.capacityMax(MAX_CAPACITY));

/**
 * The earliest graduation year as typed: '' (the current year, kept as null) or a four-digit year
 * from 1950 to ten years past `currentYear`.
 */
function earliestGraduationYearField(currentYear: number) {
  const { min, max } = graduationYearSettingRange(currentYear);
  return z
    .string()
    .trim()
    .refine(
      (value) => value === "" || isGraduationYearSetting(value, currentYear),
      cohortSettingsValidation.earliestGraduationYear(min, max),
    )
    .transform((value) => (value === "" ? null : Number(value)));
}

/**
 * The admin's cohort settings form, in the year `currentYear` (which bounds the graduation year).
 * Every field is optional so a save is a partial merge: a field that is not submitted keeps its
 * stored value. The enrolled count is not a field at all. Parse with Conform's
 * `disableAutoCoercion` so an emptied start date or year ('' = none) is kept.
 */
export const cohortSettingsSchema = (currentYear: number) =>
  z.object({
    startDate: startDateField.optional(),
    capacity: capacityField.optional(),
    // A checkbox sends nothing when unticked, so the form sends a hidden "off" before it; the
    // last value wins.
    isActive: z
      .preprocess(
        (value) => (Array.isArray(value) ? value[value.length - 1] : value),
        z.enum(["on", "off"], { error: cohortSettingsValidation.isActive }),
      )
      .transform((value) => value === "on")
      .optional(),
    earliestGraduationYear: earliestGraduationYearField(currentYear).optional(),
  });

export type CohortSettingsPatch = z.output<ReturnType<typeof cohortSettingsSchema>>;

export type CohortState = "active" | "full" | "inactive";

/** What the admin's Current Status box says: closed beats full beats open. */
export function cohortState(cohort: CohortSettings): CohortState {
  if (!cohort.isActive) return "inactive";
  return availableSpots(cohort) <= 0 ? "full" : "active";
}

/** The owner's "create the next cohort" form: a capacity of at least one seat, an optional date. */
export const newCohortSchema = z.object({
  startDate: startDateField.prefault(""),
  capacity: capacityField.refine(
    (value) => value >= 1,
    cohortSettingsValidation.capacityAtLeastOne,
  ),
});

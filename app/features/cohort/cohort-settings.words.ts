import type { ToastMessage } from "~/lib/toast";

/** Words of the cohort settings page (the page the owner signs in on). */
export const cohortSettingsPage = {
  title: "Cohort Settings",
  signedInAs: "Signed in as",
  logout: "Logout",
  loggingOut: "Logging out...",
  startDate: "Start date",
  startDateHint:
    "Leave empty when no date is set. Applicants see the Monday of the start week, or 'our next cohort'. Changing the week emails every paid student the new start.",
  capacity: "Capacity",
  capacityHint: "Whole number of seats, 0 or more.",
  isActive: "Active (accepting enrollments)",
  earliestGraduationYear: "Earliest graduation year",
  earliestGraduationYearHint: (currentYear: number) =>
    `Applicants and leads graduating before this year are refused. Leave empty for the current year (${currentYear}); set an earlier year to accept recent graduates.`,
  save: "Save Changes",
  saving: "Saving...",
  statusTitle: "Current Status",
  statusStartDate: "Start date",
  notSet: "not set",
  weekOf: (display: string) => `Week of ${display}`,
  availableSpots: "Available spots",
  /** Spots left as a number; a cohort sold past its capacity (capacity lowered later) says by how many. */
  spotsValue: (spots: number) => (spots >= 0 ? String(spots) : `${-spots} over capacity`),
  spotsDetail: (capacity: number, enrolled: number) => `of ${capacity} (${enrolled} enrolled)`,
  heldSeats: (held: number) =>
    held === 1 ? "1 seat held in a checkout" : `${held} seats held in checkouts`,
  graduationYears: "Graduation years accepted",
  graduationYearsValue: (year: number) => `${year} or later`,
  currentYearDefault: "the current year",
  status: "Status",
  states: {
    active: "Active – accepting enrollments",
    full: "Full",
    inactive: "Inactive",
  },
} as const;

export const cohortSettingsValidation = {
  startDate: "Please enter a valid date (YYYY-MM-DD) or leave it empty",
  capacity: "Please enter a whole number, 0 or more",
  capacityAtLeastOne: "Please enter a capacity of 1 or more",
  capacityMax: (max: number) => `Please enter a capacity of at most ${max}`,
  isActive: "Please choose whether the cohort is active",
  earliestGraduationYear: (min: number, max: number) =>
    `Please enter a year from ${min} to ${max}, or leave it empty for the current year`,
} as const;

export const cohortSettingsToasts = {
  saved: { title: "Cohort settings have been updated.", variant: "success" },
  saveFailed: {
    title: "Failed to update cohort settings. Please try again.",
    variant: "destructive",
    durationMs: 7000,
  },
} as const satisfies Record<string, ToastMessage>;

/** The save toast when the new start week was emailed to the cohort's paid students. */
export const savedAndEmailed = (students: number): ToastMessage => ({
  ...cohortSettingsToasts.saved,
  description: `The new start was emailed to ${students} paid ${students === 1 ? "student" : "students"}.`,
});

/**
 * A student's onboarding (issue 34): the checklist that what they do checks off, what makes a
 * profile complete, and where the cohort's six weeks stand. Pure: no I/O. The student's home and
 * the owner's pages (the person page, the cohort page) show the same progress through
 * `checklistOf`.
 */
import { mondayOf } from "~/features/cohort/cohort";
import { addDays, daysBetween } from "~/lib/calendar-date";

/** The checklist's items, in the order they are shown. */
export const CHECKLIST_ITEMS = ["profile", "calendar", "prework"] as const;
export type ChecklistKey = (typeof CHECKLIST_ITEMS)[number];

/**
 * An item's state. `coming_soon`: the item's feature is not there yet; it cannot be checked and
 * is not counted, neither done nor missing (no item is so today; kept for the next one).
 */
export type ChecklistState = "done" | "todo" | "coming_soon";

export interface ChecklistItem {
  key: ChecklistKey;
  state: ChecklistState;
}

export interface Checklist {
  items: ChecklistItem[];
  /** Items done, out of `total` (the items that count). */
  done: number;
  total: number;
  /** Every item that counts is done. */
  complete: boolean;
}

/**
 * What the checklist is read from: the student_profiles row (null before the first sign-in) and
 * when their calendar feed was first fetched by a calendar app (calendar_feeds.first_fetched_at).
 */
export interface ChecklistProfile {
  profile_done_at: string | null;
  prework_read_at: string | null;
  calendar_fetched_at: string | null;
}

/** The student's onboarding checklist, checked off by what they have done. */
export function checklistOf(profile: ChecklistProfile | null | undefined): Checklist {
  const state: Record<ChecklistKey, ChecklistState> = {
    profile: profile?.profile_done_at ? "done" : "todo",
    calendar: profile?.calendar_fetched_at ? "done" : "todo",
    prework: profile?.prework_read_at ? "done" : "todo",
  };
  const items = CHECKLIST_ITEMS.map((key) => ({ key, state: state[key] }));
  const counted = items.filter((item) => item.state !== "coming_soon");
  const done = counted.filter((item) => item.state === "done").length;
  return { items, done, total: counted.length, complete: done === counted.length };
}

/** What a complete profile has; the rest of the profile (firms, year) is welcome but optional. */
export const PROFILE_REQUIREMENTS = [
  "time_zone",
  "target_roles",
  "linkedin_url",
  "resume",
] as const;
export type ProfileRequirement = (typeof PROFILE_REQUIREMENTS)[number];

export interface ProfileFacts {
  timeZone: string | null;
  targetRoles: readonly string[];
  linkedinUrl: string | null;
  resumeUploadId: string | null;
}

/** What the profile still lacks to be complete, in the order the form asks for it. */
export function profileMissing(profile: ProfileFacts): ProfileRequirement[] {
  const has: Record<ProfileRequirement, boolean> = {
    time_zone: Boolean(profile.timeZone),
    target_roles: profile.targetRoles.length > 0,
    linkedin_url: Boolean(profile.linkedinUrl),
    resume: Boolean(profile.resumeUploadId),
  };
  return PROFILE_REQUIREMENTS.filter((requirement) => !has[requirement]);
}

/**
 * When the profile became complete: kept while it stays complete, set now when it just became
 * complete, cleared when it is no longer complete.
 */
export function profileDoneAt(
  profile: ProfileFacts,
  previous: string | null,
  now: Date,
): string | null {
  if (profileMissing(profile).length > 0) return null;
  return previous ?? now.toISOString();
}

/** The programme runs six weeks, Monday to Sunday, from the Monday of the start date's week. */
export const PROGRAMME_WEEKS = 6;

export interface ProgrammeWeek {
  week: number;
  /** The week's Monday (YYYY-MM-DD), or null while the cohort has no start date. */
  startsOn: string | null;
}

/** Where the cohort stands on `today` (the site's calendar date). */
export type ProgrammePhase =
  | { kind: "unscheduled" }
  | { kind: "before" }
  | { kind: "during"; week: number }
  | { kind: "after" };

/**
 * The six weeks of a cohort starting on `startDate` (any day of its first week; null while not
 * set) and which of them `today` falls in. Dates are calendar dates: the caller passes today's
 * date in the site's zone (SITE_TIME_ZONE), so every reader sees the same week.
 */
export function programmeWeeks(
  startDate: string | null,
  today: string,
): { weeks: ProgrammeWeek[]; phase: ProgrammePhase } {
  const monday = startDate ? mondayOf(startDate) : null;
  const weeks = Array.from({ length: PROGRAMME_WEEKS }, (_, index) => ({
    week: index + 1,
    startsOn: monday ? addDays(monday, 7 * index) : null,
  }));
  if (!monday) return { weeks, phase: { kind: "unscheduled" } };
  const days = daysBetween(monday, today);
  if (days < 0) return { weeks, phase: { kind: "before" } };
  const week = Math.floor(days / 7) + 1;
  return { weeks, phase: week > PROGRAMME_WEEKS ? { kind: "after" } : { kind: "during", week } };
}

/**
 * Where the cohort is on `today` (the site's calendar date), as the student's home says it: not
 * dated yet, starting the week of its Monday, in week n of 6, or ended on the Sunday of week 6.
 */
export type CohortPlace =
  | { kind: "unscheduled" }
  | { kind: "before"; startsOn: string }
  | { kind: "during"; week: number; of: number }
  | { kind: "after"; endedOn: string };

export function cohortPlace(startDate: string | null, today: string): CohortPlace {
  const { weeks, phase } = programmeWeeks(startDate, today);
  const first = weeks[0]!.startsOn;
  const last = weeks[PROGRAMME_WEEKS - 1]!.startsOn;
  if (phase.kind === "unscheduled" || !first || !last) return { kind: "unscheduled" };
  if (phase.kind === "before") return { kind: "before", startsOn: first };
  if (phase.kind === "during") return { kind: "during", week: phase.week, of: PROGRAMME_WEEKS };
  return { kind: "after", endedOn: addDays(last, 6) };
}

/**
 * What is due this week: before the start, the onboarding checklist and the week 1 pre-work;
 * during week n, that week's work (and whatever of the checklist is still open); after the last
 * week, nothing. `onboardingLeft` lists the checklist items still to do (never `coming_soon`).
 */
export type DueThisWeek =
  | { kind: "onboarding"; onboardingLeft: ChecklistKey[] }
  | { kind: "week"; week: number; onboardingLeft: ChecklistKey[] }
  | { kind: "finished" };

export function dueThisWeek(phase: ProgrammePhase, checklist: Checklist): DueThisWeek {
  const onboardingLeft = checklist.items
    .filter((item) => item.state === "todo")
    .map((item) => item.key);
  switch (phase.kind) {
    case "unscheduled":
    case "before":
      return { kind: "onboarding", onboardingLeft };
    case "during":
      return { kind: "week", week: phase.week, onboardingLeft };
    case "after":
      return { kind: "finished" };
  }
}

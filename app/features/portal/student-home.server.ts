import { curriculum } from "~/features/site/home.words";
import { monthDayDisplay, startDateDisplay } from "~/features/cohort/cohort";
import { checklistOf, cohortPlace, dueThisWeek, programmeWeeks } from "./onboarding";
import { dateInZone } from "~/lib/time-zone";
import { testimonialAsked } from "~/features/outcomes/testimonials.server";
import type { Services } from "~/context";
import { calendarCard } from "~/features/sessions/portal-calendar.server";
import { surveyFor } from "~/features/surveys/surveys.server";
import { studentSeat } from "./seat.server";
import { readStudentProfile } from "./student-profile.server";
import { weekProgress } from "~/features/job-search/networking.server";
import { homeProgress } from "~/features/coursework/progress.server";
import { referralCard } from "~/features/discounts/referrals.server";

/**
 * What a student's portal home shows: the cohort of their latest paid seat and its start, the
 * mentor that seat is assigned to (null while none is), the six weeks with their topics and dates
 * (Monday-based, today taken in the site's zone), what is due this week and their onboarding
 * checklist; their calendar card (feed and group sessions, in their own zone); whether their
 * end-of-programme survey waits for an answer; this week's applications and networking
 * conversations against the targets their mentor set; their progress line once the programme
 * has begun (assignments, 1-on-1s, sessions, applications, and what is past due).
 */
export async function studentHome(
  services: Pick<Services, "db" | "clock" | "config">,
  personId: string,
  /** The reader's browser zone (a cookie), shown while they have saved none. */
  browserZone: string | null = null,
) {
  const seat = await studentSeat(services.db, personId, services.config.siteTimeZone, browserZone);
  if (!seat) return null;
  const profile = await readStudentProfile(services.db, personId);
  const calendar = await calendarCard(
    services,
    { kind: "student", personId },
    seat.student.zone,
    seat.student.zoneFrom,
  );
  const checklist = checklistOf({
    profile_done_at: profile.profileDoneAt,
    prework_read_at: profile.preworkReadAt,
    calendar_fetched_at: calendar.feed?.firstFetchedAt ?? null,
  });
  const survey = await surveyFor(services.db, personId);
  const today = dateInZone(services.clock.now(), services.config.siteTimeZone);
  const { weeks, phase } = programmeWeeks(seat.startDate, today);
  const place = cohortPlace(seat.startDate, today);
  const thisWeek = await weekProgress(
    services.db,
    personId,
    services.clock.now(),
    services.config.siteTimeZone,
  );
  return {
    cohortId: seat.cohortId,
    startDate: seat.startDate,
    startDisplay: startDateDisplay(seat.startDate),
    /** Where the cohort is today: "Week 3 of 6", "The program ended on December 13". */
    place:
      place.kind === "after"
        ? { kind: place.kind, endedOn: monthDayDisplay(place.endedOn) }
        : place,
    mentor: seat.mentor ? { name: seat.mentor.name, bio: seat.mentor.bio } : null,
    weeks: weeks.map((week, index) => ({
      week: week.week,
      title: curriculum[index]?.title ?? "",
      weekOf: week.startsOn ? startDateDisplay(week.startsOn) : null,
      current: phase.kind === "during" && phase.week === week.week,
    })),
    due: dueThisWeek(phase, checklist),
    checklist,
    calendar,
    surveyOpen: survey !== null && !survey.answered,
    thisWeek,
    progress: await homeProgress(
      services,
      { id: seat.cohortId, startDate: seat.startDate },
      personId,
      { sent: thisWeek.applicationsSent, target: thisWeek.applicationsTarget },
      seat.student.zone,
    ),
    /** Their referral code and what it earned (null while the owner has referrals off). */
    referral: await referralCard(services.db, personId, services.clock.now().toISOString()),
    /** An offer was confirmed and the testimonial asked for is not written yet. */
    testimonialAsked: await testimonialAsked(services.db, personId),
  };
}

export type StudentHome = NonNullable<Awaited<ReturnType<typeof studentHome>>>;

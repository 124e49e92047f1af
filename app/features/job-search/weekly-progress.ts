/**
 * A student's week against their weekly targets (issue 47, item 4), pure. The week is the
 * programme's: Monday to Sunday on the site's calendar, the grid the six weeks are laid on
 * (`programmeWeeks`: they start on the Monday of the cohort's start date), so during the programme
 * "this week" is programme week n and before or after it the same Monday-to-Sunday grid goes on.
 *
 * An application counts in the week it was sent, by the owner's report's one rule (`sentAt`: its
 * first move to Applied, or to Interview or Offer when Applied was skipped); a conversation in
 * the week of its date; a follow-up when its date is in the week.
 */
import { mondayOf } from "~/features/cohort/cohort";
import { addDays } from "~/lib/calendar-date";
import { zonedTimeToUtc, dateInZone } from "~/lib/time-zone";

export interface WeekWindow {
  /** The week's Monday and Sunday (YYYY-MM-DD, the zone's calendar). */
  startsOn: string;
  endsOn: string;
  /** The instants it starts and ends (UTC ISO): [from, to). */
  from: string;
  to: string;
}

/** The Monday-to-Sunday week `now` falls in, on the calendar of `zone`. */
export function weekWindow(now: Date, zone: string): WeekWindow {
  const startsOn = mondayOf(dateInZone(now, zone));
  const next = addDays(startsOn, 7);
  return {
    startsOn,
    endsOn: addDays(startsOn, 6),
    from: zonedTimeToUtc(startsOn, "00:00", zone).toISOString(),
    to: zonedTimeToUtc(next, "00:00", zone).toISOString(),
  };
}

export interface WeeklyTargets {
  applicationsPerWeek: number;
  conversationsPerWeek: number;
}

export interface LoggedConversation {
  /** YYYY-MM-DD. */
  date: string;
  followUp: string | null;
}

export interface WeeklyProgress {
  applicationsSent: number;
  /** Null while no target is set. */
  applicationsTarget: number | null;
  conversations: number;
  conversationsTarget: number | null;
  followUpsDue: number;
}

/** The week's counts against the targets (null targets: none set). */
export function weeklyProgress(input: {
  window: WeekWindow;
  /** When the student's applications were sent (`sentAt`; null: not sent), any of them. */
  sent: readonly (string | null)[];
  conversations: readonly LoggedConversation[];
  targets: WeeklyTargets | null;
}): WeeklyProgress {
  const { window, targets } = input;
  const inWeek = (date: string) => date >= window.startsOn && date <= window.endsOn;
  let applicationsSent = 0;
  for (const sent of input.sent) {
    if (
      sent &&
      Date.parse(sent) >= Date.parse(window.from) &&
      Date.parse(sent) < Date.parse(window.to)
    )
      applicationsSent += 1;
  }
  return {
    applicationsSent,
    applicationsTarget: targets?.applicationsPerWeek ?? null,
    conversations: input.conversations.filter((c) => inWeek(c.date)).length,
    conversationsTarget: targets?.conversationsPerWeek ?? null,
    followUpsDue: input.conversations.filter((c) => c.followUp !== null && inWeek(c.followUp))
      .length,
  };
}

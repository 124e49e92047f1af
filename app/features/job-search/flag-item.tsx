import { Link } from "react-router";
import { linkVariants } from "~/components/ui/link";
import { flagSubject, flagText, weekAgainstTargets as w } from "./mentor-board.words";
import type { FlagKind } from "./pipeline";
import type { WeeklyTargets } from "./weekly-progress";

/** A flag as the loader gives it: an application's links to its page; a conversation's does not. */
export interface FlagView {
  kind: FlagKind;
  applicationId: string | null;
  firm: string;
  person: string | null;
  since: string;
}

/** This week as the loader gives it, with the mentor's targets. */
export interface WeekView {
  thisWeek: number;
  conversationsThisWeek: number;
  targets: WeeklyTargets | null;
}

/** One flag, in the board and on the student's page: what it names, then what it says. */
export function FlagItem({
  flag,
  personId,
  size,
}: {
  flag: FlagView;
  personId: string;
  size?: "sm";
}) {
  const subject = flagSubject(flag.firm, flag.person);
  return (
    <li data-flag={flag.kind}>
      {flag.applicationId ? (
        <Link
          to={`/portal/mentor/students/${personId}/applications/${flag.applicationId}`}
          className={linkVariants({ size })}
        >
          {subject}
        </Link>
      ) : (
        <span className="font-semibold">{subject}</span>
      )}
      : {flagText[flag.kind](flag.since)}
    </li>
  );
}

/** This week against the targets: "2 of 5 sent, 1 of 2 conversations" (or without targets). */
export function WeekAgainstTargets({ week }: { week: WeekView }) {
  const t = week.targets;
  return (
    <span data-week-sent={week.thisWeek} data-week-conversations={week.conversationsThisWeek}>
      {w.applications(week.thisWeek, t?.applicationsPerWeek ?? null)},{" "}
      {w.conversations(week.conversationsThisWeek, t?.conversationsPerWeek ?? null)}
      {t === null && ` (${w.noTargets})`}
    </span>
  );
}

import { Link } from "react-router";
import { OutcomeForm } from "./session-marking";
import { linkVariants } from "~/components/ui/link";
import { MentorSection } from "~/features/bookings/mentor-bookings";
import { mentorAttendanceText as t } from "./attendance.words";
import type { mentorSessions, mentorToMark } from "./mentor-marking.server";

type ToMark = Awaited<ReturnType<typeof mentorToMark>>;
type Sessions = Awaited<ReturnType<typeof mentorSessions>>;

/** The mentor's started 1-on-1s (and deep-dives) without an outcome, each with its form. */
export function ToMarkList({ items }: { items: ToMark }) {
  return (
    <MentorSection
      id="to-mark"
      heading={t.toMarkHeading}
      intro={<p className="text-slate-700">{t.toMarkIntro}</p>}
      empty={t.toMarkEmpty}
      items={items}
    >
      {(item) => (
        <li
          key={item.id}
          className="rounded-lg border border-slate-200 p-3"
          data-to-mark={item.startsAt}
        >
          <OutcomeForm
            bookingId={item.id}
            action="/portal/mentor"
            current={null}
            legend={t.toMarkItem(
              item.student,
              item.when,
              item.kind === "deep_dive" ? t.deepDive : t.oneOnOne(item.week),
            )}
          />
        </li>
      )}
    </MentorSection>
  );
}

/** The group sessions of the mentor's cohort, each a link to mark it and attach its recording. */
export function MentorSessionLinks({ sessions }: { sessions: Sessions }) {
  return (
    <MentorSection
      id="mentor-sessions"
      heading={t.sessionsHeading}
      intro={<p className="text-slate-700">{t.sessionsIntro}</p>}
      empty={t.sessionsEmpty}
      items={sessions}
    >
      {(session) => (
        <li key={session.id}>
          <Link to={`/portal/mentor/sessions/${session.id}`} className={linkVariants()}>
            {t.sessionLink(session.week, session.topic)}
          </Link>
          {session.recorded && <span className="text-sm text-slate-700"> · {t.recorded}</span>}
        </li>
      )}
    </MentorSection>
  );
}

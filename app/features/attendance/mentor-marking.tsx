import { Link } from "react-router";
import { OutcomeForm } from "./session-marking";
import { linkVariants } from "~/components/ui/link";
import { mentorAttendanceText as t } from "./attendance.words";
import type { mentorSessions, mentorToMark } from "./mentor-marking.server";

type ToMark = Awaited<ReturnType<typeof mentorToMark>>;
type Sessions = Awaited<ReturnType<typeof mentorSessions>>;

/** The mentor's started 1-on-1s (and deep-dives) without an outcome, each with its form. */
export function ToMarkList({ items }: { items: ToMark }) {
  return (
    <section aria-labelledby="to-mark" className="space-y-3">
      <h2 id="to-mark" className="text-xl font-semibold text-brand-900">
        {t.toMarkHeading}
      </h2>
      <p className="text-slate-700">{t.toMarkIntro}</p>
      {items.length === 0 ? (
        <p className="text-slate-700">{t.toMarkEmpty}</p>
      ) : (
        <ul className="space-y-3">
          {items.map((item) => (
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
          ))}
        </ul>
      )}
    </section>
  );
}

/** The group sessions of the mentor's cohort, each a link to mark it and attach its recording. */
export function MentorSessionLinks({ sessions }: { sessions: Sessions }) {
  return (
    <section aria-labelledby="mentor-sessions" className="space-y-3">
      <h2 id="mentor-sessions" className="text-xl font-semibold text-brand-900">
        {t.sessionsHeading}
      </h2>
      <p className="text-slate-700">{t.sessionsIntro}</p>
      {sessions.length === 0 ? (
        <p className="text-slate-700">{t.sessionsEmpty}</p>
      ) : (
        <ul className="space-y-2">
          {sessions.map((session) => (
            <li key={session.id}>
              <Link to={`/portal/mentor/sessions/${session.id}`} className={linkVariants()}>
                {t.sessionLink(session.week, session.topic)}
              </Link>
              {session.recorded && <span className="text-sm text-slate-700"> · {t.recorded}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

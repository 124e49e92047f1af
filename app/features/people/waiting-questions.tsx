import { Link } from "react-router";
import { SectionCard as Card } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import { consoleText } from "~/content/console";
import { whenText, type Clock } from "~/components/admin/when";
import { age } from "~/lib/time-zone";
import type { waitingQuestions } from "./owner-actions.server";

const t = consoleText.dashboard;

/** The applicants waiting for an answer, oldest first; one past the promised 24 hours is flagged. */
export function WaitingQuestions({
  questions,
  clock,
}: {
  questions: Awaited<ReturnType<typeof waitingQuestions>>;
  clock: Clock;
}) {
  const now = new Date(clock.now);
  return (
    <Card title={t.questions}>
      <p className="text-sm text-slate-600">{t.questionsHint}</p>
      {questions.length === 0 ? (
        <p className="mt-3 text-slate-700">{t.noQuestions}</p>
      ) : (
        <ul className="mt-3 space-y-3" data-testid="waiting-questions">
          {questions.map((q) => (
            <li key={q.personId} className="rounded border border-slate-200 p-3">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <Link
                  to={`/admin/people/${q.personId}`}
                  className={linkVariants({ weight: "medium" })}
                >
                  {q.name}
                </Link>
                <span className="text-sm text-slate-600">
                  <time dateTime={q.askedAt} title={whenText(q.askedAt, clock)}>
                    {t.waiting(age(new Date(q.askedAt), now))}
                  </time>
                </span>
                {q.overdue ? (
                  <span className="rounded bg-red-100 px-2 py-0.5 text-sm font-semibold text-red-800">
                    {t.overdue}
                  </span>
                ) : null}
              </div>
              <p className="mt-1 line-clamp-3 break-words whitespace-pre-line text-slate-800">
                {q.question || t.noQuestionText}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

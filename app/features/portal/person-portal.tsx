import { EndSessionsForm } from "./end-sessions-form";
import { SectionCard as Card } from "~/components/ui/card";
import { KeyValues } from "~/features/people/person-profile";
import { When, type Clock } from "~/components/admin/when";
import { linkVariants } from "~/components/ui/link";
import { checklistWords, personPortalWords as t } from "./portal-console.words";
import { startDateDisplay } from "~/features/cohort/cohort";
import type { PersonPortal } from "./owner-view.server";

/** The person's portal: their seat's cohort and mentor, signed in yet, checklist progress. */
export function PortalCard({ portal, clock }: { portal: PersonPortal; clock: Clock }) {
  const { seat, progress } = portal;
  const signIn = (at: string | null) => (at ? <When at={at} clock={clock} /> : t.never);
  return (
    <Card title={t.title}>
      <div data-testid="person-portal">
        {seat ? null : <p className="mb-2 text-sm text-slate-700">{t.noSeat}</p>}
        <KeyValues
          values={[
            ...(seat
              ? ([
                  [
                    t.cohort,
                    <a
                      key="cohort"
                      href={`/admin/cohorts/${seat.cohortId}`}
                      className={linkVariants()}
                    >
                      {t.cohortStarts(startDateDisplay(seat.startDate))}
                    </a>,
                  ],
                  [t.mentor, seat.mentorName ?? t.waiting],
                ] as const)
              : []),
            [t.firstSignIn, signIn(portal.firstSignedInAt)],
            [t.lastSignIn, signIn(portal.lastSignedInAt)],
            [
              t.checklist,
              <>
                {checklistWords(progress.done, progress.total)}
                <ul className="mt-1 text-slate-700">
                  {progress.items
                    .filter(({ state }) => state !== "coming_soon")
                    .map(({ key, state }) => (
                      <li key={key}>
                        {t.items[key]}: {state === "done" ? t.done : t.notDone}
                      </li>
                    ))}
                </ul>
              </>,
            ],
          ]}
        />
        {seat ? <EndSessionsForm label={t.endSessions} /> : null}
      </div>
    </Card>
  );
}

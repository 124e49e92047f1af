import { Link } from "react-router";
import { RecordingForm } from "./session-marking";
import { SectionCard } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { linkVariants } from "~/components/ui/link";
import { DataTable, HeadedRow } from "~/components/ui/table";
import { gridText as t, GROUP_MARK_LABELS, ONE_ON_ONE_LABELS } from "./attendance.words";
import type { GridCell } from "./attendance";
import { PROGRAMME_WEEKS } from "~/features/portal/onboarding";
import type { CohortGrid } from "./grid.server";

/** One mark of a cell; a missing one is highlighted and says "Missing" (not colour alone). */
function Mark({ kind, label, missing }: { kind: string; label: string; missing: boolean }) {
  return (
    <span
      className={cn(
        "block whitespace-nowrap",
        missing && "rounded bg-amber-100 px-1 font-semibold text-amber-900 ring-1 ring-amber-400",
      )}
      data-missing={missing ? "" : undefined}
    >
      {kind}: {label}
      {missing && ` · ${t.missing}`}
    </span>
  );
}

function WeekCell({ cell }: { cell: GridCell }) {
  return (
    <span data-week={cell.week}>
      <Mark kind={t.group} label={GROUP_MARK_LABELS[cell.group]} missing={cell.groupMissing} />
      <Mark
        kind={t.oneOnOne}
        label={ONE_ON_ONE_LABELS[cell.oneOnOne]}
        missing={cell.oneOnOneMissing}
      />
    </span>
  );
}

/**
 * The cohort's attendance: each student by week (group session and 1-on-1), missing cells
 * highlighted with the word; the CSV; each session's page and its recording link.
 */
export function AttendanceGridCard({ cohortId, grid }: { cohortId: string; grid: CohortGrid }) {
  const columns = [
    t.student,
    ...Array.from({ length: PROGRAMME_WEEKS }, (_, i) => t.week(i + 1)),
    t.totals,
  ];
  return (
    <SectionCard title={t.title}>
      <p className="text-sm text-slate-700">{t.intro}</p>
      <p className="mt-2">
        <a href={`/admin/cohorts/${cohortId}/attendance.csv`} className={linkVariants()} download>
          {t.csv}
        </a>
      </p>
      {grid.rows.length === 0 ? (
        <p className="mt-3 text-slate-700">{t.empty}</p>
      ) : (
        <DataTable columns={columns} label={t.title} frame="none" className="mt-3">
          {grid.rows.map((row) => (
            <HeadedRow
              key={row.student.personId}
              data-testid="attendance-row"
              data-student={row.student.name}
              header={row.student.name}
              cells={[
                ...row.cells.map((cell) => <WeekCell key={cell.week} cell={cell} />),
                t.totalsCell(row.groupAttended, row.oneOnOnesHeld),
              ]}
            />
          ))}
        </DataTable>
      )}
      {grid.sessions.length > 0 && (
        <ul className="mt-4 space-y-3">
          {grid.sessions.map((session) => (
            <li key={session.id} className="border-t border-slate-100 pt-3">
              <Link
                to={`/admin/cohorts/${cohortId}/sessions/${session.id}`}
                className={linkVariants()}
              >
                {t.sessionLink(session.week)}
              </Link>
              {session.started && !session.cancelled && (
                <div className="mt-2">
                  <RecordingForm
                    current={session.recordingUrl}
                    action={`/admin/cohorts/${cohortId}/sessions/${session.id}?back=cohort`}
                    label={`${t.recordingShort}, ${t.week(session.week)}`}
                    compact
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

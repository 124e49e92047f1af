import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import { cn } from "~/components/ui/cn";
import { STAGE_LABELS } from "./job-search.words";
import { boardText as t } from "./mentor-board.words";
import { FlagItem, WeekAgainstTargets, type FlagView, type WeekView } from "./flag-item";
import { OPEN_STAGES, STAGES, type Stage } from "./stages";
import { SORT_KEYS, type SortKey } from "./pipeline";
import type { ProgressLine } from "~/features/coursework/progress";
import { BehindBadge, ProgressParts } from "~/features/coursework/progress-line";
import { progressText } from "~/features/coursework/progress.words";

/** A board row as the loader gives it (./mentor-board.server.ts). */
export interface BoardRowView extends WeekView {
  personId: string;
  name: string;
  byStage: Record<Stage, number>;
  total: number;
  lastActivityWhen: string | null;
  flagCount: number;
  flags: FlagView[];
  /** Null until the programme has begun. */
  progress: ProgressLine | null;
}

const studentPath = (personId: string) => `/portal/mentor/students/${personId}`;

/** The sort links: plain links (?sort=), so sorting works without JavaScript. */
export function SortLinks({ sort }: { sort: SortKey }) {
  return (
    <nav aria-label={t.sortLabel} className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium text-slate-900">{t.sortLabel}:</span>
      {SORT_KEYS.map((key) => (
        <Link
          key={key}
          to={`?sort=${key}`}
          aria-current={key === sort ? "true" : undefined}
          data-sort={key}
          className={cn(
            "rounded-full border px-3 py-2",
            key === sort
              ? "border-brand-700 bg-brand-700 font-semibold text-white"
              : "border-slate-300 text-brand-800 underline",
          )}
        >
          {t.sorts[key]}
        </Link>
      ))}
    </nav>
  );
}

/** The counts by stage: the open stages always, a closed one when it has applications. */
function StageCounts({ row }: { row: BoardRowView }) {
  const shown = STAGES.filter(
    (stage) => (OPEN_STAGES as readonly Stage[]).includes(stage) || row.byStage[stage] > 0,
  );
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1" aria-label={t.columns.stages}>
      {shown.map((stage) => (
        <li key={stage} data-stage={stage}>
          {STAGE_LABELS[stage]} <span className="font-semibold">{row.byStage[stage]}</span>
        </li>
      ))}
    </ul>
  );
}

/** The student's progress line and whether they are behind. */
function Progress({ row }: { row: BoardRowView }) {
  if (!row.progress) return <span className="text-slate-700">{progressText.notBegun}</span>;
  return (
    <>
      <BehindBadge line={row.progress} />
      <ProgressParts line={row.progress} className="mt-1" />
    </>
  );
}

/** Who is behind, named, above the board (nothing until the programme has begun). */
function BehindList({ rows }: { rows: readonly BoardRowView[] }) {
  if (!rows.some((row) => row.progress)) return null;
  const behind = rows.filter((row) => (row.progress?.behind.length ?? 0) > 0);
  return (
    <p className="font-medium text-slate-900" data-behind-list={behind.length}>
      {progressText.behindList(behind.map((row) => row.name))}
    </p>
  );
}

function Flags({ row }: { row: BoardRowView }) {
  if (row.flagCount === 0) return <span className="text-slate-700">{t.noFlags}</span>;
  const more = row.flagCount - row.flags.length;
  return (
    <ul className="space-y-1" data-flags={row.flagCount}>
      {row.flags.map((flag) => (
        <FlagItem
          key={`${flag.kind}-${flag.applicationId ?? flag.person}-${flag.since}`}
          flag={flag}
          personId={row.personId}
          size="sm"
        />
      ))}
      {more > 0 && (
        <li>
          <Link to={studentPath(row.personId)} className={linkVariants({ size: "sm" })}>
            {t.moreFlags(more)}
          </Link>
        </li>
      )}
    </ul>
  );
}

/**
 * The board: a table from the sm breakpoint up, a card per student below it (a 390 px phone
 * reads every column without scrolling sideways). The same rows, in the order given.
 */
export function MentorBoard({ rows }: { rows: readonly BoardRowView[] }) {
  if (rows.length === 0) return <p className="text-slate-700">{t.none}</p>;
  const c = t.columns;
  return (
    <>
      <BehindList rows={rows} />
      <ol className="space-y-3 md:hidden" aria-label={t.tableLabel}>
        {rows.map((row) => (
          <li key={row.personId} data-board-card={row.personId}>
            <Card padding="sm" flat>
              <h2 className="text-lg font-semibold">
                <Link to={studentPath(row.personId)} className={linkVariants()}>
                  {row.name}
                </Link>
              </h2>
              <dl className="mt-2 space-y-2 text-sm text-slate-800">
                <Fact term={c.progress}>
                  <Progress row={row} />
                </Fact>
                <Fact term={c.stages}>
                  <StageCounts row={row} />
                </Fact>
                <Fact term={c.week}>
                  <WeekAgainstTargets week={row} />
                </Fact>
                <Fact term={c.activity}>{row.lastActivityWhen ?? t.noActivity}</Fact>
                <Fact term={`${c.flags} (${row.flagCount})`}>
                  <Flags row={row} />
                </Fact>
              </dl>
            </Card>
          </li>
        ))}
      </ol>
      <div className="hidden overflow-hidden rounded-xl border border-slate-200 bg-white md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t.tableLabel}</caption>
          <thead className="bg-slate-50/80">
            <tr>
              {[c.student, c.progress, c.stages, c.week, c.activity, c.flags].map((column) => (
                <th key={column} scope="col" className="px-3 py-2 font-semibold">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.personId}
                className="border-t border-slate-100"
                data-board-row={row.personId}
              >
                <th scope="row" className="px-3 py-2 text-left align-top font-medium">
                  <Link to={studentPath(row.personId)} className={linkVariants()}>
                    {row.name}
                  </Link>
                  <p className="font-normal text-slate-700">{t.total(row.total)}</p>
                </th>
                <td className="min-w-56 px-3 py-2 align-top" data-progress-cell="">
                  <Progress row={row} />
                </td>
                <td className="px-3 py-2 align-top">
                  <StageCounts row={row} />
                </td>
                <td className="px-3 py-2 align-top" data-week="">
                  <WeekAgainstTargets week={row} />
                </td>
                <td className="px-3 py-2 align-top">{row.lastActivityWhen ?? t.noActivity}</td>
                <td className="px-3 py-2 align-top">
                  <Flags row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-slate-900">{term}</dt>
      <dd className="mt-0.5 min-w-0 wrap-anywhere">{children}</dd>
    </div>
  );
}

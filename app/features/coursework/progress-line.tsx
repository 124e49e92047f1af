import { Link } from "react-router";
import { Card, SectionCard } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { linkVariants } from "~/components/ui/link";
import { Cell, DataTable, Row, RowHeader } from "~/components/ui/table";
import type { ProgressLine } from "./progress";
import type { CohortProgress, HomeProgress } from "./progress.server";
import { progressText as t } from "./progress.words";

/** The four parts of the line, as a list: assignments, 1-on-1s, sessions, applications. */
export function ProgressParts({ line, className }: { line: ProgressLine; className?: string }) {
  const { assignments: a, oneOnOnes: o, sessions: s, applications: p } = line;
  return (
    <ul className={cn("space-y-0.5", className)} data-progress="">
      <li data-progress-assignments={`${a.done}/${a.given}`}>
        {line.week === null
          ? t.assignmentsAll(a.done, a.given)
          : t.assignmentsWeek(a.done, a.given)}
      </li>
      <li data-progress-one-on-ones={`${o.held}/${o.owed}`}>{t.oneOnOnes(o.held, o.owed)}</li>
      <li data-progress-sessions={`${s.attended}/${s.held}`}>{t.sessions(s.attended, s.held)}</li>
      <li data-progress-applications={p.sent}>{t.applications(p.sent, p.target)}</li>
    </ul>
  );
}

/** Behind (and why) or on track, in words, not by color alone. */
export function BehindBadge({ line }: { line: ProgressLine }) {
  const behind = line.behind.length > 0;
  return (
    <span
      className={cn(
        "inline-block rounded px-1.5 py-0.5 text-sm font-semibold",
        behind
          ? "bg-amber-100 text-amber-900 ring-1 ring-amber-400"
          : "bg-emerald-50 text-emerald-900",
      )}
      data-behind={behind ? line.behind.join(" ") : undefined}
    >
      {behind ? t.behindWhy(line.behind.map((reason) => t.reasons[reason])) : t.onTrack}
    </span>
  );
}

/** The student's home: their line, and what is past due with when it was due in their zone. */
export function StudentProgressCard({ progress }: { progress: HomeProgress }) {
  const { line, late } = progress;
  return (
    <Card data-student-progress="">
      <h2 className="text-xl font-semibold text-brand-900">{t.title}</h2>
      <ProgressParts line={line} className="mt-2 text-slate-800" />
      {late.length > 0 && (
        <div className="mt-3" data-late-work={late.length}>
          <h3 className="font-semibold text-slate-900">{t.lateTitle}</h3>
          <ul className="mt-1 list-disc space-y-1 pl-6 text-slate-800">
            {late.map((item) => (
              <li key={item.id}>
                <Link to={`/portal/weeks/${item.week}`} className={linkVariants()}>
                  {item.title}
                </Link>{" "}
                {t.lateItem(item.week, item.due)}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-slate-700">{t.lateHint}</p>
        </div>
      )}
    </Card>
  );
}

/** The owner's cohort page: who is behind, then every student's line. */
export function CohortProgressCard({ progress }: { progress: CohortProgress }) {
  return (
    <SectionCard title={t.cohortTitle}>
      <p className="text-sm text-slate-700">{t.cohortIntro}</p>
      {!progress.begun ? (
        <p className="mt-3 text-slate-700">{t.notBegun}</p>
      ) : progress.rows.length === 0 ? (
        <p className="mt-3 text-slate-700">{t.empty}</p>
      ) : (
        <>
          <p className="mt-3 font-medium text-slate-900" data-behind-list={progress.behind.length}>
            {t.behindList(progress.behind.map((s) => s.name))}
          </p>
          <DataTable
            columns={[t.student, t.column]}
            label={t.tableLabel}
            frame="none"
            className="mt-3"
          >
            {progress.rows.map((row) => (
              <Row key={row.personId} data-progress-row={row.personId}>
                <RowHeader className="min-w-40">
                  <a href={`/admin/people/${row.personId}`} className={linkVariants()}>
                    {row.name}
                  </a>
                </RowHeader>
                <Cell className="min-w-72">
                  <BehindBadge line={row.line} />
                  <ProgressParts line={row.line} className="mt-1" />
                </Cell>
              </Row>
            ))}
          </DataTable>
        </>
      )}
    </SectionCard>
  );
}

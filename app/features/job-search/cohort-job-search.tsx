import { SectionCard } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import { DataTable, HeadedRow } from "~/components/ui/table";
import { PROGRAMME_WEEKS } from "~/features/portal/onboarding";
import type { CohortJobSearchReport } from "./cohort-report.server";
import { cohortJobSearchText as t, STAGE_LABELS } from "./job-search.words";

const weekColumns = Array.from({ length: PROGRAMME_WEEKS }, (_, i) => t.week(i + 1));

/**
 * The owner's view of a cohort's job search: counts by current stage and by track, each student's
 * applications sent per programme week, the median time to a first interview and offer, the CSV.
 */
export function CohortJobSearchCard({
  cohortId,
  report,
}: {
  cohortId: string;
  report: CohortJobSearchReport;
}) {
  return (
    <SectionCard title={t.title}>
      <p className="text-sm text-slate-700">{t.intro}</p>
      <p className="mt-2">
        <a href={`/admin/cohorts/${cohortId}/applications.csv`} className={linkVariants()} download>
          {t.csv}
        </a>
      </p>
      <p className="mt-3 text-slate-700" data-testid="job-search-total">
        {report.applications === 0 ? t.empty : t.total(report.applications, report.students)}
      </p>
      {report.applications > 0 && (
        <>
          <div className="mt-3 grid gap-4 md:grid-cols-2">
            <DataTable columns={[t.stage, t.count]} label={t.stageHeading} frame="none">
              {report.byStage.map((row) => (
                <HeadedRow
                  key={row.stage}
                  data-testid="job-search-stage"
                  header={STAGE_LABELS[row.stage]}
                  cells={[row.count]}
                />
              ))}
            </DataTable>
            <DataTable columns={[t.track, t.count]} label={t.trackHeading} frame="none">
              {report.byTrack.map((row) => (
                <HeadedRow
                  key={row.track ?? ""}
                  header={row.track ?? t.noTrack}
                  cells={[row.count]}
                />
              ))}
            </DataTable>
          </div>
          <h3 className="mt-4 font-semibold text-brand-900">{t.timesHeading}</h3>
          <dl className="mt-1 grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
            <dt className="font-medium">{t.toInterview}</dt>
            <dd data-testid="job-search-to-interview">
              {t.median(report.toInterview.days, report.toInterview.students)}
            </dd>
            <dt className="font-medium">{t.toOffer}</dt>
            <dd data-testid="job-search-to-offer">
              {t.median(report.toOffer.days, report.toOffer.students)}
            </dd>
          </dl>
        </>
      )}
      {report.perStudent.length > 0 && (
        <DataTable
          columns={[t.student, t.before, ...weekColumns, t.after, t.sent, t.tracked]}
          label={t.weeksHeading}
          frame="none"
          className="mt-4"
        >
          {report.perStudent.map((row) => (
            <HeadedRow
              key={row.personId}
              data-testid="job-search-student"
              header={row.name}
              cells={[row.before, ...row.weeks, row.after, row.sent, row.total]}
            />
          ))}
        </DataTable>
      )}
    </SectionCard>
  );
}

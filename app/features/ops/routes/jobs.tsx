import { requireAdmin } from "~/features/accounts/sessions.server";
import { AdminPage } from "~/components/admin-shell";
import { When } from "~/components/admin/when";
import { Cell, DataTable, Row, RowHeader } from "~/components/ui/table";
import { jobName, jobResultWords, jobsText as t } from "~/features/ops/jobs.words";
import { jobStatuses } from "~/jobs/scheduler.server";
import { adminMeta } from "~/lib/meta";
import type { Route } from "./+types/jobs";

export const meta: Route.MetaFunction = () => adminMeta(t.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, clock, scheduler, config } = context.services;
  const now = clock.now();
  return {
    jobs: await jobStatuses(db, scheduler.jobs, now),
    clock: { zone: config.siteTimeZone, now: now.toISOString() },
  };
}

export default function Jobs({ loaderData }: Route.ComponentProps) {
  const { jobs, clock } = loaderData;
  return (
    <AdminPage title={t.title}>
      <p className="mt-2 max-w-prose text-slate-700">{t.intro}</p>
      <DataTable columns={t.columns} label={t.tableLabel}>
        {jobs.map((job) => (
          <Row key={job.name} data-testid="job-row" data-job={job.name}>
            <RowHeader className="min-w-48">
              {jobName(job.name)}
              <span className="block text-xs font-normal text-slate-600">
                {t.purpose[job.name]}
              </span>
            </RowHeader>
            <Cell className="whitespace-nowrap">
              {job.running ? (
                t.running
              ) : job.lastStartedAt ? (
                <When at={job.lastStartedAt} clock={clock} />
              ) : (
                t.never
              )}
            </Cell>
            <Cell className="max-w-80 min-w-40 break-words">
              {job.lastError ? (
                <span className="text-red-800">
                  {t.failed}: {job.lastError}
                </span>
              ) : (
                jobResultWords(job.name, job.lastResult)
              )}
            </Cell>
            <Cell className="whitespace-nowrap">
              <When at={job.dueAt} clock={clock} />
            </Cell>
            <Cell className="whitespace-nowrap">{job.lastMs === null ? "" : t.ms(job.lastMs)}</Cell>
          </Row>
        ))}
      </DataTable>
    </AdminPage>
  );
}

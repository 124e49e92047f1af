import { requireAdmin } from "~/accounts/sessions.server";
import { AdminPage } from "~/components/admin-shell";
import { Cell, DataTable, Row } from "~/components/ui/table";
import { jobsText as t } from "~/content/jobs";
import { formatInZone } from "~/domain/time-zone";
import { jobStatuses } from "~/jobs/scheduler.server";
import { adminMeta } from "~/lib/meta";
import type { Route } from "./+types/jobs";

export const meta: Route.MetaFunction = () => adminMeta(t.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, clock, scheduler, config } = context.services;
  return {
    jobs: await jobStatuses(db, scheduler.jobs, clock.now()),
    zone: config.siteTimeZone,
  };
}

export default function Jobs({ loaderData }: Route.ComponentProps) {
  const { jobs, zone } = loaderData;
  const when = (iso: string) => formatInZone(new Date(iso), zone);
  return (
    <AdminPage title={t.title}>
      <p className="mt-2 max-w-prose text-slate-700">{t.intro}</p>
      <DataTable columns={t.columns}>
        {jobs.map((job) => (
          <Row key={job.name} data-testid="job-row">
            <Cell className="font-medium whitespace-nowrap">{job.name}</Cell>
            <Cell>{t.purpose[job.name]}</Cell>
            <Cell className="whitespace-nowrap">
              {job.running ? t.running : job.lastStartedAt ? when(job.lastStartedAt) : t.never}
            </Cell>
            <Cell>{job.lastMs === null ? "" : t.ms(job.lastMs)}</Cell>
            <Cell className="max-w-80 break-words">
              {job.lastError ? (
                <span className="text-red-800">
                  {t.failed}: {job.lastError}
                </span>
              ) : (
                <code className="text-xs">{job.lastResult}</code>
              )}
            </Cell>
            <Cell className="whitespace-nowrap">{when(job.dueAt)}</Cell>
          </Row>
        ))}
      </DataTable>
    </AdminPage>
  );
}

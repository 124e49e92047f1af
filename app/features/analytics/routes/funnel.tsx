import { data } from "react-router";
import { requireAdmin } from "~/features/accounts/sessions.server";
import { barChart } from "~/features/analytics/charts.server";
import { funnelReport } from "~/features/analytics/funnel.server";
import { funnelQueryOf } from "~/features/analytics/funnel-query.server";
import { AdminPage } from "~/components/admin-shell";
import { optionsOf } from "~/components/admin/console-field";
import { ReportFilters } from "~/features/analytics/report-filters";
import { FunnelTable } from "~/features/analytics/funnel-table";
import { BarChart } from "~/features/analytics/charts";
import { linkVariants } from "~/components/ui/link";
import { campaignWords, sourceWords } from "~/content/console-words";
import { funnelText as t } from "~/features/analytics/funnel.words";
import { FUNNEL_GROUPS, FUNNEL_STEPS, funnelTotal } from "~/features/analytics/funnel";
import { adminMeta } from "~/lib/meta";
import type { Route } from "./+types/funnel";

export const meta: Route.MetaFunction = () => adminMeta(t.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { config, db } = context.services;
  const read = funnelQueryOf(request, context);
  if (!read.ok) {
    const { error, values } = read;
    return data({ error, form: values, report: null, analytics: config.analytics }, 400);
  }
  const params = new URL(request.url).searchParams;
  const rows = await funnelReport(db, read.query);
  const total = funnelTotal(rows, t.total);
  const steps = FUNNEL_STEPS.map((step) => ({ label: t.steps[step], value: total[step] }));
  return {
    error: null,
    form: read.query,
    report: { rows, total, chart: barChart(steps), csv: `/admin/funnel.csv?${params}` },
    analytics: config.analytics,
  };
}

/** A group's value in words where the site knows it; tags typed into links are shown as typed. */
const asTyped = (group: string) => group;
const groupWords = {
  source: sourceWords,
  campaign: campaignWords,
  content: asTyped,
  term: asTyped,
  link: asTyped,
};

export default function Funnel({ loaderData }: Route.ComponentProps) {
  const { form, report, error } = loaderData;
  return (
    <AdminPage title={t.title}>
      <p className="max-w-3xl text-slate-700">{t.intro}</p>
      <p className="mt-2 max-w-3xl text-sm text-slate-700">
        {t.referralsNote}{" "}
        <a href="/admin/codes#referrals" className={linkVariants({ weight: "medium", size: "sm" })}>
          {t.referralsLink}
        </a>
      </p>
      {loaderData.analytics ? null : <p className="mt-3 font-medium text-amber-800">{t.off}</p>}
      <ReportFilters
        labels={t}
        values={form}
        selects={[{ name: "group", options: optionsOf(FUNNEL_GROUPS, t.groups) }]}
        className="mt-4"
      >
        {report ? (
          <a href={report.csv} className={linkVariants({ weight: "medium", size: "sm" })} download>
            {t.download}
          </a>
        ) : null}
      </ReportFilters>
      {error ? (
        <p role="alert" className="mt-6 font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {report && report.rows.length === 0 ? <p className="mt-6 text-slate-700">{t.empty}</p> : null}
      {report && report.rows.length > 0 ? (
        <>
          <div className="mt-6 max-w-2xl">
            <BarChart
              model={report.chart}
              summary={`${t.charts.funnel}: ${t.charts.funnelSummary(report.total.visitors, report.total.leads, report.total.paid)}`}
            />
          </div>
          <FunnelTable
            rows={report.rows}
            total={report.total}
            groupLabel={t.groups[form.group]}
            groupWords={groupWords[form.group]}
          />
        </>
      ) : null}
    </AdminPage>
  );
}

import { Link } from "react-router";
import type { overviewCharts } from "./overview.server";
import { funnelText } from "./funnel.words";
import { glossary } from "./glossary.words";
import { shortDate } from "~/features/cohort/cohort";
import { BarChart, CountTable, LineChart } from "./charts";
import { SectionCard as Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { linkVariants } from "~/components/ui/link";
import { DataTable, HeadedRow } from "~/components/ui/table";

const c = funnelText.charts;

type Overview = Awaited<ReturnType<typeof overviewCharts>>;

/** The last 30 days in pictures: each day, the funnel and the top sources. */
export function OverviewCharts({ overview }: { overview: Overview }) {
  return (
    <section aria-labelledby="overview-title" className="mt-8">
      <h2 id="overview-title" className="text-2xl font-bold text-brand-900">
        {c.title}
      </h2>
      <div className="mt-4 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card title={c.daily} className="lg:col-span-2">
          <LineChart
            model={overview.daily.model}
            summary={overview.daily.summary}
            numbers={
              <DataTable
                columns={[c.day, ...overview.daily.model.series.map((s) => s.label)]}
                label={c.daily}
                frame="none"
              >
                {overview.days.map((d) => (
                  <HeadedRow
                    key={d.day}
                    header={shortDate(d.day)}
                    cells={[d.visitors, d.leads, d.applications, d.enrollments]}
                  />
                ))}
              </DataTable>
            }
          />
          <p className="mt-3 text-xs text-slate-600">{glossary.daily}</p>
        </Card>
        <Card title={c.funnel}>
          <BarChart
            model={overview.funnel.model}
            summary={overview.funnel.summary}
            numbers={
              <CountTable
                columns={[c.funnel, funnelText.steps.visitors]}
                label={c.funnel}
                rows={overview.funnel.steps}
              />
            }
          />
          <Link
            to={`/admin/funnel?from=${overview.from}&to=${overview.to}`}
            className={cn(linkVariants({ weight: "medium", size: "sm" }), "mt-3 inline-block")}
          >
            {c.moreOnFunnel}
          </Link>
          <p className="mt-3 text-sm text-slate-700" data-testid="confirmed-offers">
            {c.confirmedOffers(overview.funnel.confirmedOffers)}
          </p>
          <p className="mt-3 text-xs text-slate-600">{glossary.funnel}</p>
        </Card>
        <Card title={c.sources}>
          {overview.sources.sources.length === 0 ? (
            <p className="text-slate-600">{c.none}</p>
          ) : (
            <BarChart
              model={overview.sources.model}
              summary={c.sourcesSummary}
              numbers={
                <CountTable
                  columns={[c.source, funnelText.steps.visitors]}
                  label={c.sources}
                  rows={overview.sources.sources}
                />
              }
            />
          )}
        </Card>
      </div>
    </section>
  );
}

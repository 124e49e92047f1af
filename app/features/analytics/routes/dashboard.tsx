import type { ReactNode } from "react";
import { Link } from "react-router";
import { requireAdmin } from "~/features/accounts/sessions.server";
import { AdminPage } from "~/components/admin-shell";
import { SectionCard as Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { linkVariants } from "~/components/ui/link";
import { DataTable, HeadedRow } from "~/components/ui/table";
import { WaitingQuestions } from "~/features/people/waiting-questions";
import { adminMeta } from "~/lib/meta";
import { waitingQuestions } from "~/features/people/owner-actions.server";
import { overviewCharts } from "~/features/analytics/overview.server";
import { OverviewCharts } from "~/features/analytics/overview-charts";
import { StackedBar } from "~/features/analytics/charts";
import { dashboard } from "~/features/analytics/dashboard.server";
import { consoleText } from "~/content/console";
import { glossary } from "~/features/analytics/glossary.words";
import { outboxStateWord, resourceWords, statusName } from "~/content/console-words";
import { funnelText } from "~/features/analytics/funnel.words";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => adminMeta(consoleText.dashboardTitle);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, clock } = context.services;
  const now = clock.now();
  const summary = await dashboard(db, now, context.services.config.siteTimeZone);
  return {
    summary,
    overview: await overviewCharts(db, now, summary.cohort.seats),
    questions: await waitingQuestions(db, now),
    clock: { zone: context.services.config.siteTimeZone, now: now.toISOString() },
  };
}

const t = consoleText.dashboard;

/** What a figure counts, in one line under it. */
function Glossary({ children }: { children: ReactNode }) {
  return <p className="mt-3 text-xs text-slate-600">{children}</p>;
}

/** Counts by a stored code, each code named by `words`. */
function Counts({
  counts,
  words,
}: {
  counts: Record<string, number>;
  words: (code: string) => string;
}) {
  const entries = Object.entries(counts);
  if (entries.length === 0) return <p className="text-slate-600">{t.none}</p>;
  return (
    <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
      {entries.map(([key, value]) => (
        <div key={key} className="flex justify-between gap-2 rounded bg-slate-50 px-3 py-2">
          <dt className="text-slate-700">{words(key)}</dt>
          <dd className="font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A summary card that leads on to the console page with the detail. */
function LinkedCard({
  title,
  to,
  label,
  children,
}: {
  title: string;
  to: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <Card title={title}>
      {children}
      <Link
        to={to}
        className={cn(linkVariants({ weight: "medium", size: "sm" }), "mt-3 inline-block")}
      >
        {label}
      </Link>
    </Card>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { summary, overview, questions, clock } = loaderData;
  return (
    <AdminPage title={consoleText.dashboardTitle}>
      <WaitingQuestions questions={questions} clock={clock} />
      <div className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2">
        <Card title={t.seats}>
          <StackedBar
            model={overview.seats.model}
            labels={funnelText.charts.seatParts}
            summary={overview.seats.summary}
          />
          <p className="mt-3 text-sm text-slate-700">
            {t.starts} {summary.cohort.startDateDisplay}
          </p>
          <Glossary>{glossary.seats[summary.cohort.rule]}</Glossary>
        </Card>
        <Card title={glossary.revenueTitle}>
          <p className="text-lg font-semibold" data-testid="revenue">
            {glossary.revenue(
              summary.revenue.last30Cents,
              summary.revenue.last30Payments,
              summary.revenue.cohortCents,
            )}
          </p>
          <Glossary>{glossary.revenueNote}</Glossary>
        </Card>
        <LinkedCard title={t.applications} to="/admin/people" label={consoleText.nav.people}>
          <Counts counts={summary.applications} words={statusName} />
          <Glossary>{glossary.applications}</Glossary>
        </LinkedCard>
        <Card title={t.leads}>
          {Object.keys(summary.leads).length === 0 ? (
            <p className="text-slate-600">{t.none}</p>
          ) : (
            <DataTable columns={[t.resource, t.thisWeek, t.overall]} label={t.leads} frame="none">
              {Object.entries(summary.leads).map(([type, counts]) => (
                <HeadedRow
                  key={type}
                  header={resourceWords(type)}
                  cells={[counts.week, counts.total]}
                />
              ))}
            </DataTable>
          )}
          <Glossary>{glossary.leads}</Glossary>
        </Card>
        <LinkedCard title={t.emails} to="/admin/emails" label={consoleText.nav.emails}>
          <Counts counts={summary.emails} words={outboxStateWord} />
          <Glossary>{glossary.emails}</Glossary>
        </LinkedCard>
        <LinkedCard title={t.resumes} to="/admin/resumes" label={consoleText.nav.resumes}>
          <p className="text-2xl font-bold">{summary.waitingResumes}</p>
        </LinkedCard>
      </div>
      <OverviewCharts overview={overview} />
    </AdminPage>
  );
}

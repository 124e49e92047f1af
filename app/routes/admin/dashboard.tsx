import { Link } from "react-router";
import { requireAdmin } from "~/admin/sessions.server";
import { AdminPage } from "~/components/admin-shell";
import { SectionCard as Card } from "~/components/ui/card";
import { adminMeta } from "~/lib/meta";
import { dashboard } from "~/console/dashboard.server";
import { consoleText } from "~/content/console";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => adminMeta(consoleText.dashboardTitle);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { summary: await dashboard(context.services.db, context.services.clock.now()) };
}

const t = consoleText.dashboard;

function Counts({ counts }: { counts: Record<string, number> }) {
  const entries = Object.entries(counts);
  if (entries.length === 0) return <p className="text-slate-600">{t.none}</p>;
  return (
    <dl className="grid grid-cols-2 gap-2">
      {entries.map(([key, value]) => (
        <div key={key} className="flex justify-between rounded bg-slate-50 px-3 py-2">
          <dt className="text-slate-700">{key}</dt>
          <dd className="font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { summary } = loaderData;
  return (
    <AdminPage title={consoleText.dashboardTitle}>
      <div className="grid gap-6 md:grid-cols-2">
        <Card title={t.seats}>
          <dl className="grid grid-cols-3 gap-3 text-center">
            <div>
              <dt className="text-sm text-slate-600">{t.paid}</dt>
              <dd className="text-2xl font-bold" data-testid="seats-paid">
                {summary.cohort.enrolledCount}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{t.held}</dt>
              <dd className="text-2xl font-bold">{summary.cohort.heldSeats}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{t.left}</dt>
              <dd className="text-2xl font-bold">{summary.cohort.seatsLeft}</dd>
            </div>
          </dl>
          <p className="mt-3 text-sm text-slate-700">
            {t.starts} {summary.cohort.startDateDisplay}
          </p>
        </Card>
        <Card title={t.applications}>
          <Counts counts={summary.applications} />
          <Link
            to="/admin/people"
            className="mt-3 inline-block text-sm font-medium text-brand-700 underline"
          >
            {consoleText.nav.people}
          </Link>
        </Card>
        <Card title={t.leads}>
          {Object.keys(summary.leads).length === 0 ? (
            <p className="text-slate-600">{t.none}</p>
          ) : (
            <table className="w-full text-left text-sm">
              <thead>
                <tr>
                  <th scope="col" className="py-1"></th>
                  <th scope="col">{t.thisWeek}</th>
                  <th scope="col">{t.overall}</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(summary.leads).map(([type, counts]) => (
                  <tr key={type} className="border-t border-slate-100">
                    <th scope="row" className="py-1 font-medium">
                      {type}
                    </th>
                    <td>{counts.week}</td>
                    <td>{counts.total}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
        <Card title={t.emails}>
          <Counts counts={summary.emails} />
          <Link
            to="/admin/emails"
            className="mt-3 inline-block text-sm font-medium text-brand-700 underline"
          >
            {consoleText.nav.emails}
          </Link>
        </Card>
        <Card title={t.resumes}>
          <p className="text-2xl font-bold">{summary.waitingResumes}</p>
          <Link
            to="/admin/resumes"
            className="mt-3 inline-block text-sm font-medium text-brand-700 underline"
          >
            {consoleText.nav.resumes}
          </Link>
        </Card>
      </div>
    </AdminPage>
  );
}

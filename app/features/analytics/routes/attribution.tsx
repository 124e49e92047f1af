import { z } from "~/lib/zod";
import { isCalendarDate } from "~/lib/calendar-date";
import { requireAdmin } from "~/features/accounts/sessions.server";
import { AdminPage } from "~/components/admin-shell";
import { optionsOf } from "~/components/admin/console-field";
import { ReportFilters } from "~/features/analytics/report-filters";
import { DataTable, HeadedRow } from "~/components/ui/table";
import { adminMeta } from "~/lib/meta";
import { attributionReport } from "~/features/analytics/attribution.server";
import { consoleText } from "~/content/console";
import { campaignWords, sourceWords } from "~/content/console-words";
import { formatDollars } from "~/features/enrollment/pricing.words";
import { DIMENSIONS, TOUCHES } from "~/features/analytics/attribution";
import type { Route } from "./+types/attribution";

export const meta: Route.MetaFunction = () => adminMeta(consoleText.attributionTitle);

const day = (offsetDays: number, now: Date) =>
  new Date(now.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const calendarDate = z.string().refine(isCalendarDate);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const now = context.services.clock.now();
  const params = new URL(request.url).searchParams;
  const from = calendarDate.catch(day(-30, now)).parse(params.get("from") ?? "");
  const to = calendarDate.catch(day(0, now)).parse(params.get("to") ?? "");
  const touch = z.enum(TOUCHES).catch("first").parse(params.get("touch"));
  const dimension = z.enum(DIMENSIONS).catch("utm_source").parse(params.get("dimension"));
  const rows = await attributionReport(context.services.db, { from, to }, touch, dimension);
  return { from, to, touch, dimension, rows };
}

const t = consoleText.attribution;

export default function Attribution({ loaderData }: Route.ComponentProps) {
  const { rows, dimension } = loaderData;
  return (
    <AdminPage title={consoleText.attributionTitle}>
      <ReportFilters
        labels={t}
        values={loaderData}
        selects={[
          { name: "touch", options: optionsOf(TOUCHES, t) },
          { name: "dimension", options: optionsOf(DIMENSIONS, t.dimensions) },
        ]}
      />
      {rows.length === 0 ? (
        <p className="mt-6 text-slate-700">{t.empty}</p>
      ) : (
        // The revenue first after the group: what a phone shows without scrolling.
        <DataTable columns={[t.dimensions[dimension], ...t.columns]} label={t.tableLabel}>
          {rows.map((row) => (
            <HeadedRow
              key={row.key}
              header={
                dimension === "utm_source"
                  ? sourceWords(row.key)
                  : dimension === "utm_campaign"
                    ? campaignWords(row.key)
                    : row.key
              }
              cells={[
                formatDollars(row.revenueCents),
                row.leads,
                row.applications,
                row.qualified,
                row.enrollments,
              ]}
            />
          ))}
        </DataTable>
      )}
    </AdminPage>
  );
}

import { Form } from "react-router";
import "~/lib/zod-jitless";
import { z } from "zod";
import { requireAdmin } from "~/admin/sessions.server";
import { AdminPage } from "~/components/admin-shell";
import { DataTable } from "~/components/ui/table";
import { adminMeta } from "~/lib/meta";
import { attributionReport } from "~/console/attribution.server";
import { consoleText } from "~/content/console";
import { formatDollars } from "~/content/pricing";
import { DIMENSIONS } from "~/domain/attribution";
import { isCalendarDate } from "~/domain/cohort";
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
  const touch = z.enum(["first", "last"]).catch("first").parse(params.get("touch"));
  const dimension = z.enum(DIMENSIONS).catch("utm_source").parse(params.get("dimension"));
  const rows = await attributionReport(context.services.db, { from, to }, touch, dimension);
  return { from, to, touch, dimension, rows };
}

const t = consoleText.attribution;
const field = "mt-1 block rounded-md border border-slate-300 px-2 py-1.5 text-sm";

export default function Attribution({ loaderData }: Route.ComponentProps) {
  const { rows } = loaderData;
  return (
    <AdminPage title={consoleText.attributionTitle}>
      <Form
        method="get"
        className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
      >
        <label className="text-sm font-medium">
          {t.from}
          <input type="date" name="from" defaultValue={loaderData.from} className={field} />
        </label>
        <label className="text-sm font-medium">
          {t.to}
          <input type="date" name="to" defaultValue={loaderData.to} className={field} />
        </label>
        <label className="text-sm font-medium">
          {t.touch}
          <select name="touch" defaultValue={loaderData.touch} className={field}>
            <option value="first">{t.first}</option>
            <option value="last">{t.last}</option>
          </select>
        </label>
        <label className="text-sm font-medium">
          {t.dimension}
          <select name="dimension" defaultValue={loaderData.dimension} className={field}>
            {DIMENSIONS.map((dimension) => (
              <option key={dimension} value={dimension}>
                {t.dimensions[dimension]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white"
        >
          {t.show}
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="mt-6 text-slate-700">{t.empty}</p>
      ) : (
        <DataTable columns={t.columns}>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-slate-100">
              <th scope="row" className="px-3 py-2 font-medium">
                {row.key}
              </th>
              <td className="px-3 py-2">{row.leads}</td>
              <td className="px-3 py-2">{row.applications}</td>
              <td className="px-3 py-2">{row.qualified}</td>
              <td className="px-3 py-2">{row.enrolments}</td>
              <td className="px-3 py-2">{formatDollars(row.revenueCents)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </AdminPage>
  );
}

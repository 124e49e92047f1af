import { Form, Link } from "react-router";
import "~/lib/zod-jitless";
import { z } from "zod";
import { requireAdmin } from "~/admin/sessions.server";
import { AdminPage, Pager } from "~/components/admin-shell";
import { DataTable } from "~/components/ui/table";
import { adminMeta } from "~/lib/meta";
import { searchPeople } from "~/console/people-query.server";
import { consoleText } from "~/content/console";
import { PERSON_STATUSES } from "~/domain/application-outcome";
import { isCalendarDate } from "~/domain/cohort";
import type { Route } from "./+types/people";

export const meta: Route.MetaFunction = () => adminMeta(consoleText.peopleTitle);

const date = z.string().refine(isCalendarDate).optional().catch(undefined);
const text = z
  .string()
  .trim()
  .max(200)
  .optional()
  .catch(undefined)
  .transform((v) => v || undefined);

/** The people filters, read from the query string; anything malformed is ignored. */
export const PeopleFilterSchema = z.object({
  q: text,
  status: z.enum(PERSON_STATUSES).optional().catch(undefined),
  tag: text,
  leadSource: text,
  resource: text,
  from: date,
  to: date,
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const filter = PeopleFilterSchema.parse(Object.fromEntries(url.searchParams));
  return {
    filter,
    result: await searchPeople(context.services.db, filter),
    query: url.searchParams.toString(),
  };
}

const t = consoleText.people;
const field = "mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm";

export default function People({ loaderData }: Route.ComponentProps) {
  const { filter, result, query } = loaderData;
  const params = new URLSearchParams(query);
  params.delete("page");
  return (
    <AdminPage title={consoleText.peopleTitle}>
      <Form
        method="get"
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-4"
      >
        <label className="text-sm font-medium sm:col-span-2">
          {t.searchLabel}
          <input name="q" defaultValue={filter.q} className={field} type="search" />
        </label>
        <label className="text-sm font-medium">
          {t.status}
          <select name="status" defaultValue={filter.status ?? ""} className={field}>
            <option value="">{t.any}</option>
            {PERSON_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          {t.tag}
          <input name="tag" defaultValue={filter.tag} className={field} />
        </label>
        <label className="text-sm font-medium">
          {t.leadSource}
          <input name="leadSource" defaultValue={filter.leadSource} className={field} />
        </label>
        <label className="text-sm font-medium">
          {t.resource}
          <input name="resource" defaultValue={filter.resource} className={field} />
        </label>
        <label className="text-sm font-medium">
          {t.from}
          <input name="from" type="date" defaultValue={filter.from} className={field} />
        </label>
        <label className="text-sm font-medium">
          {t.to}
          <input name="to" type="date" defaultValue={filter.to} className={field} />
        </label>
        <div className="flex items-end gap-3 sm:col-span-4">
          <button
            type="submit"
            className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white"
          >
            {t.filter}
          </button>
          <a
            href={`/admin/people.csv?${params.toString()}`}
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold"
            download
          >
            {t.exportCsv}
          </a>
          <span className="ml-auto text-sm text-slate-700" data-testid="people-total">
            {t.total(result.total)}
          </span>
        </div>
      </Form>
      {result.rows.length === 0 ? (
        <p className="mt-6 text-slate-700">{t.empty}</p>
      ) : (
        <DataTable columns={t.columns}>
          {result.rows.map((person) => (
            <tr key={person.id} className="border-t border-slate-100">
              <td className="px-3 py-2">
                <Link
                  to={`/admin/people/${person.id}`}
                  className="font-medium text-brand-700 underline"
                >
                  {`${person.first_name} ${person.last_name}`.trim() || person.email}
                </Link>
              </td>
              <td className="px-3 py-2">{person.email}</td>
              <td className="px-3 py-2">{person.status}</td>
              <td className="px-3 py-2">{person.lead_source}</td>
              <td className="px-3 py-2">{(JSON.parse(person.tags) as string[]).join(", ")}</td>
              <td className="px-3 py-2">{person.created_at.slice(0, 10)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager page={result.page} pages={result.pages} query={params} />
    </AdminPage>
  );
}

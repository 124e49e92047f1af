import { Form, Link } from "react-router";
import { isCalendarDate } from "~/lib/calendar-date";
import { z } from "~/lib/zod";
import { requireAdmin } from "~/features/accounts/sessions.server";
import { AdminPage, Pager } from "~/components/admin-shell";
import {
  ConsoleField,
  ConsoleSelect,
  DateRangeFields,
  StatusSelect,
} from "~/components/admin/console-field";
import { When } from "~/components/admin/when";
import { Button, buttonVariants } from "~/components/ui/button";
import { cardVariants } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { linkVariants } from "~/components/ui/link";
import { Cell, DataTable, Row } from "~/components/ui/table";
import { adminMeta } from "~/lib/meta";
import { searchPeople } from "~/features/people/people-query.server";
import { consoleText } from "~/content/console";
import { resourceWords, sourceWords, statusName, tagWords } from "~/content/console-words";
import { leadMagnets } from "~/features/leads/lead-magnets.words";
import { PERSON_STATUSES } from "~/features/applications/application-outcome";
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
  const { db, clock, config } = context.services;
  return {
    filter,
    result: await searchPeople(db, filter),
    query: url.searchParams.toString(),
    clock: { zone: config.siteTimeZone, now: clock.now().toISOString() },
  };
}

const t = consoleText.people;

export default function People({ loaderData }: Route.ComponentProps) {
  const { filter, result, query, clock } = loaderData;
  const params = new URLSearchParams(query);
  params.delete("page");
  return (
    <AdminPage title={consoleText.peopleTitle}>
      <Form
        method="get"
        className={cn(
          cardVariants({ padding: "sm", flat: true }),
          "grid grid-cols-1 gap-3 sm:grid-cols-4",
        )}
      >
        <ConsoleField
          label={t.searchLabel}
          name="q"
          type="search"
          defaultValue={filter.q}
          className="sm:col-span-2"
        />
        <StatusSelect label={t.status} anyLabel={t.any} defaultValue={filter.status ?? ""} />
        <ConsoleSelect
          label={t.tag}
          name="tag"
          anyLabel={t.any}
          defaultValue={filter.tag ?? ""}
          options={Object.values(leadMagnets).map((m) => ({
            value: m.tag,
            label: tagWords(m.tag),
          }))}
        />
        <ConsoleField label={t.leadSource} name="leadSource" defaultValue={filter.leadSource} />
        <ConsoleSelect
          label={t.resource}
          name="resource"
          anyLabel={t.any}
          defaultValue={filter.resource ?? ""}
          options={Object.keys(leadMagnets).map((type) => ({
            value: type,
            label: resourceWords(type),
          }))}
        />
        <DateRangeFields labels={t} values={filter} />
        <div className="flex flex-wrap items-end gap-3 sm:col-span-4">
          <Button type="submit" size="md">
            {t.filter}
          </Button>
          <a
            href={`/admin/people.csv?${params.toString()}`}
            className={buttonVariants({ variant: "secondary", size: "md" })}
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
        <DataTable columns={t.columns} label={consoleText.peopleTitle}>
          {result.rows.map((person) => (
            <Row key={person.id}>
              <Cell className="min-w-32">
                <Link
                  to={`/admin/people/${person.id}`}
                  className={linkVariants({ weight: "medium" })}
                >
                  {`${person.first_name} ${person.last_name}`.trim() || person.email}
                </Link>
              </Cell>
              <Cell className="whitespace-nowrap">{statusName(person.status)}</Cell>
              <Cell>{person.email}</Cell>
              <Cell>{sourceWords(person.lead_source)}</Cell>
              <Cell className="min-w-40">{person.tags.map(tagWords).join(", ")}</Cell>
              <Cell className="whitespace-nowrap">
                <When at={person.created_at} clock={clock} />
              </Cell>
            </Row>
          ))}
        </DataTable>
      )}
      <Pager page={result.page} pages={result.pages} query={params} />
    </AdminPage>
  );
}

import { requireAdmin } from "~/features/accounts/sessions.server";
import { allPeople, CSV_HEADER, csvRow } from "~/features/people/people-query.server";
import { recordAudit } from "~/features/accounts/audit.server";
import { toCsv } from "~/lib/csv";
import type { Route } from "./+types/people-csv";
import { PeopleFilterSchema } from "./people";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const filter = PeopleFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const people = await allPeople(context.services.db, filter);
  const now = context.services.clock.now();
  await recordAudit(
    context.services.db,
    admin.email,
    "people.export_csv",
    { filter, rows: people.length },
    now,
  );
  return new Response(toCsv(CSV_HEADER, people.map(csvRow)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="people-${now.toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

import { requireAdmin } from "~/features/accounts/sessions.server";
import { funnelReport } from "~/features/analytics/funnel.server";
import { funnelQueryOf } from "~/features/analytics/funnel-query.server";
import { funnelCsv } from "~/features/analytics/funnel";
import type { Route } from "./+types/funnel-csv";

/** The funnel page's numbers as CSV; a malformed query gets a 400 that says what is wrong. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const read = funnelQueryOf(request, context);
  if (!read.ok) {
    return new Response(`${read.error}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const { from, to, group } = read.query;
  const rows = await funnelReport(context.services.db, read.query);
  return new Response(funnelCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="funnel-${group}-${from}-${to}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

import { requireAdmin } from "~/features/accounts/sessions.server";
import { outcomesText as t } from "~/features/outcomes/outcomes.words";
import { outcomesCsvFor } from "~/features/outcomes/report.server";
import type { Route } from "./+types/outcomes-csv";

const refused = (message: string) =>
  new Response(`${message}\n`, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/** /admin/outcomes.csv?cohort=<id>|all: the report's figures, one line per cohort. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, config } = context.services;
  const param = new URL(request.url).searchParams.get("cohort");
  const answer = await outcomesCsvFor(db, config.siteTimeZone, param);
  if (answer.kind === "bad_param") return refused(t.csvErrors.cohort);
  if (answer.kind === "unknown") return refused(t.csvErrors.unknown(answer.id));
  return new Response(answer.body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${answer.filename}"`,
      "Cache-Control": "no-store",
    },
  });
}

import { requireAdmin } from "~/features/accounts/sessions.server";
import { recordAudit } from "~/features/accounts/audit.server";
import { findCohort } from "~/features/cohort/series.server";
import { moneyCsvRow } from "~/features/money/money-csv";
import { moneyPayments } from "~/features/money/money.server";
import { MONEY_CSV_HEADER, moneyText as t } from "~/features/money/money.words";
import { toCsv } from "~/lib/csv";
import { plainNotFound } from "~/lib/or-not-found";
import type { Route } from "./+types/money-csv";

/** /admin/money.csv?cohort=<id>: one line per payment of the cohort that took money in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const { db, clock } = context.services;
  const id = new URL(request.url).searchParams.get("cohort");
  if (!id) {
    return new Response(t.csvMissingCohort, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const cohort = await findCohort(db, id);
  if (!cohort) return plainNotFound();
  const payments = await moneyPayments(db, [cohort.id]);
  await recordAudit(
    db,
    admin.email,
    "money.export",
    { cohortId: cohort.id, rows: payments.length },
    clock.now(),
  );
  const name = cohort.startDate ?? cohort.createdAt.slice(0, 10);
  return new Response(toCsv(MONEY_CSV_HEADER, payments.map(moneyCsvRow)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="money-${name}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

import { requireAdmin } from "~/features/accounts/sessions.server";
import { AdminPage } from "~/components/admin-shell";
import { cohortName } from "~/features/cohort/cohort-list";
import { adminMeta } from "~/lib/meta";
import { notFound } from "~/lib/or-not-found";
import {
  CodeMoneyTable,
  CohortMoneyTable,
  CohortPicker,
  ReferrerMoneyTable,
} from "~/features/money/money-tables";
import { moneyCohorts, moneyReport } from "~/features/money/money.server";
import { moneyText as t } from "~/features/money/money.words";
import type { Route } from "./+types/money";

export const meta: Route.MetaFunction = () => adminMeta(t.title);

/**
 * /admin/money: each cohort's gross, discounts, refunds, net, referral rewards and plan payments
 * to come; for the chosen cohort (`?cohort=`, the newest without one) its lines by code and by
 * referrer, and its payments as CSV.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = context.services;
  const cohorts = await moneyCohorts(db);
  const asked = new URL(request.url).searchParams.get("cohort");
  const chosen = asked === null ? cohorts[0] : cohorts.find((cohort) => cohort.id === asked);
  if (asked !== null && !chosen) notFound();
  const report = await moneyReport(db, cohorts, chosen?.id ?? "");
  return { ...report, chosen: chosen ?? null };
}

export default function Money({ loaderData }: Route.ComponentProps) {
  const { cohorts, chosen, byCode, byReferrer } = loaderData;
  return (
    <AdminPage title={t.title}>
      <p className="max-w-3xl text-slate-700">{t.intro}</p>
      <h2 className="mt-8 text-xl font-semibold text-brand-900">{t.byCohort}</h2>
      <CohortMoneyTable cohorts={cohorts} chosenId={chosen?.id ?? ""} />
      {chosen ? (
        <>
          <CohortPicker cohorts={cohorts} chosenId={chosen.id} />
          <h2 className="mt-8 text-xl font-semibold text-brand-900">
            {t.chosen(cohortName(chosen.startDate))}
          </h2>
          <h3 className="mt-6 text-lg font-semibold text-brand-900">{t.byCode}</h3>
          <CodeMoneyTable lines={byCode} />
          <h3 className="mt-6 text-lg font-semibold text-brand-900">{t.byReferrer}</h3>
          <ReferrerMoneyTable lines={byReferrer} />
        </>
      ) : null}
    </AdminPage>
  );
}

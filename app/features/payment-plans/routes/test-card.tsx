import { Form, redirect } from "react-router";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { site } from "~/content/site";
import { notFound } from "~/lib/or-not-found";
import { formatDollars } from "~/features/enrollment/pricing.words";
import { failedInstalmentOf, updateTestCard } from "~/features/payment-plans/charge-job.server";
import { testCardPage as t } from "~/features/payment-plans/plans.words";
import type { Route } from "./+types/test-card";

export const meta: Route.MetaFunction = () => [
  { title: `${t.title} | ${site.name}` },
  { name: "robots", content: "noindex" },
];

/** The test provider's card update page, linked from the failed-payment email (test mode only). */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (context.services.payments.name !== "test") notFound();
  const failed = await failedInstalmentOf(context.services, params.planId);
  return { due: failed ? formatDollars(Number(failed.amount_cents)) : null };
}

export async function action({ params, context }: Route.ActionArgs) {
  if (context.services.payments.name !== "test") notFound();
  await updateTestCard(context.services, params.planId);
  return redirect(`/checkout/test-card/${encodeURIComponent(params.planId)}`, 303);
}

export default function TestCard({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-lg px-4 py-12">
      <p
        role="note"
        className="rounded-md border-2 border-dashed border-amber-600 bg-amber-50 p-3 text-sm font-semibold text-amber-900"
      >
        {t.banner}
      </p>
      <h1 className="mt-6 text-2xl font-bold text-brand-900">{t.title}</h1>
      {loaderData.due ? (
        <Form method="post" className={cn(cardClass, "mt-6 space-y-4")}>
          <p>{t.intro(loaderData.due)}</p>
          <Button type="submit">{t.submit}</Button>
        </Form>
      ) : (
        <p className="mt-6 text-slate-700" role="status">
          {t.nothingDue}
        </p>
      )}
    </section>
  );
}

import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { formatDollars } from "~/features/enrollment/pricing.words";
import type { OwnerPlan } from "./plan-owner.server";
import { planConsole as t, planStatusNames } from "./plans.words";

/** A one-button decision, posted to the plan settings page's action (it answers back here). */
function Decide({ id, intent, label }: { id: string; intent: string; label: string }) {
  return (
    <Form method="post" action="/admin/payment-plan">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant={intent === "withdraw" ? "secondary" : "primary"} size="md">
        {label}
      </Button>
    </Form>
  );
}

/**
 * The person's payment plan on their console page: each payment and its state, "past due" while
 * a payment is being retried, and after the last retry the policy's proposal with the owner's
 * two buttons (nothing happens to the seat until the owner presses one).
 */
export function PlanCard({ plan }: { plan: OwnerPlan | null }) {
  if (!plan) return null;
  const pastDue = plan.status === "past_due" || plan.status === "owner_decides";
  return (
    <SectionCard title={t.title}>
      <p className="text-sm text-slate-800">{plan.summary}</p>
      <p className="mt-2 text-sm">
        <span className="font-medium text-slate-700">{t.status}:</span>{" "}
        <span
          data-plan-status={plan.status}
          className={pastDue ? "font-semibold text-red-800" : "text-slate-800"}
        >
          {planStatusNames[plan.status]}
        </span>
      </p>
      <ul className="mt-3 space-y-1 text-sm text-slate-700">
        {plan.instalments.map((i) => (
          <li key={i.number}>
            {t.instalment(i.number, i.amount, i.status, i.attempts)}
            {i.status === "due" ? `, ${t.due(i.due)}` : null}
            {i.nextTry ? `, ${t.nextTry(i.nextTry)}` : null}
          </li>
        ))}
      </ul>
      {plan.proposal ? (
        <div className="mt-4 space-y-3 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          <p>
            {plan.proposal.action === "keep"
              ? t.proposal.keep
              : t.proposal.withdraw(formatDollars(plan.proposal.refundCents))}
          </p>
          <div className="flex flex-wrap gap-3">
            <Decide id={plan.id} intent="keep" label={t.keep} />
            <Decide
              id={plan.id}
              intent="withdraw"
              label={t.withdraw(formatDollars(plan.proposal.refundCents))}
            />
          </div>
        </div>
      ) : null}
    </SectionCard>
  );
}

import { Link } from "react-router";
import { SectionCard } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import type { PlanStatus } from "~/db/plan-schema";
import { planConsole as t, planStatusNames } from "./plans.words";

/** A cohort's payment plans that are past due, each a link to the student's page (where the owner decides). */
export function PastDueCard({
  plans,
}: {
  plans: {
    person_id: string;
    status: PlanStatus;
    first_name: string;
    last_name: string;
    email: string;
  }[];
}) {
  if (plans.length === 0) return null;
  return (
    <SectionCard title={t.cohortPastDue(plans.length)}>
      <ul className="space-y-1 text-sm" data-testid="past-due-plans">
        {plans.map((plan) => (
          <li key={plan.person_id}>
            <Link to={`/admin/people/${plan.person_id}`} className={linkVariants()}>
              {`${plan.first_name} ${plan.last_name}`.trim() || plan.email}
            </Link>
            : <span className="font-semibold text-red-800">{planStatusNames[plan.status]}</span>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

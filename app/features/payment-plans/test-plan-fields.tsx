import { formatDollars } from "~/features/enrollment/pricing.words";
import { testPlanCheckout } from "./plans.words";

/** The test checkout of a plan's first payment: what follows, and the test-only failing card. */
export function TestPlanFields({ plan }: { plan: { count: number; laterCents: number } }) {
  return (
    <div className="space-y-2 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
      <p>{testPlanCheckout.planNote(plan.count, formatDollars(plan.laterCents))}</p>
      <label className="flex items-center gap-2 font-medium">
        <input type="checkbox" name="cardFails" value="on" className="size-4" />
        {testPlanCheckout.cardFails}
      </label>
    </div>
  );
}

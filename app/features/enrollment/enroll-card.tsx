import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { EnrollCode } from "~/features/discounts/codes";
import type { PlanPrice } from "./price";
import { enrollPage } from "./enroll.words";
import { CodeForm, enrollButtonText, PriceBreakdown } from "./price-breakdown";
import { planOffer } from "~/features/payment-plans/plans.words";

/** /enroll's card: the price, the start, the code box and the Enroll post (and the plan's). */
export function EnrollCard({
  code,
  plan,
  startDateDisplay,
  alreadyEnrolled,
}: {
  code: EnrollCode;
  plan: PlanPrice | null;
  startDateDisplay: string;
  alreadyEnrolled: boolean;
}) {
  return (
    <Card className="mt-8">
      <h2 className="text-xl font-semibold text-brand-900">{enrollPage.breakdownTitle}</h2>
      <PriceBreakdown code={code} />
      <p className="mt-6 text-slate-800">
        <span className="font-semibold">{enrollPage.programStarts}:</span>{" "}
        <span data-testid="program-starts">{enrollPage.startsText(startDateDisplay)}</span>
      </p>
      {alreadyEnrolled ? (
        <p role="status" className="mt-6 rounded-md bg-green-50 p-4 font-medium text-green-900">
          {enrollPage.alreadyEnrolledNote}
        </p>
      ) : (
        <>
          <CodeForm code={code} />
          {/* Two submit buttons, one form: the choice works without JavaScript. */}
          <form method="post" className="mt-6" data-enhance="">
            {code?.kind === "applied" ? (
              <input type="hidden" name="code" value={code.code} />
            ) : null}
            <Button
              type="submit"
              name="pay"
              value="full"
              size="xl"
              className="w-full"
              data-busy-label={enrollPage.busy}
            >
              {enrollButtonText(code)}
            </Button>
            {plan ? (
              <>
                <Button
                  type="submit"
                  name="pay"
                  value="plan"
                  variant="secondary"
                  size="xl"
                  className="mt-3 w-full"
                  aria-describedby="plan-detail"
                  data-busy-label={enrollPage.busy}
                >
                  {planOffer.button(plan.count, plan.instalments)}
                </Button>
                <p id="plan-detail" className="mt-2 text-center text-sm text-slate-700">
                  {planOffer.detail(
                    plan.count,
                    plan.instalments,
                    plan.totalCents,
                    plan.surchargeCents,
                  )}
                </p>
              </>
            ) : null}
          </form>
          <p className="mt-3 text-center text-sm text-slate-600">{enrollPage.secureNote}</p>
        </>
      )}
      <p className="mt-4 rounded-md bg-brand-50 p-3 text-sm text-slate-800">
        {enrollPage.refundPromise}{" "}
        <a href="/terms" className="font-semibold text-brand-700 underline underline-offset-4">
          {enrollPage.termsLink}
        </a>
      </p>
    </Card>
  );
}

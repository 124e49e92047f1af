import { Button } from "~/components/ui/button";
import { ErrorText, Input, Label } from "~/components/ui/input";
import { formErrors } from "~/content/forms";
import { enrollCode } from "~/features/discounts/codes.words";
import { MAX_CODE_INPUT, type EnrollCode } from "~/features/discounts/codes";
import { enrollPage } from "./enroll.words";
import {
  EARLY_ACCESS_DISCOUNT_CENTS,
  formatDollars,
  PRICE_CENTS,
  TOTAL_VALUE_CENTS,
  valueItems,
} from "./pricing.words";

/** /enroll's price: what the program is worth, the price, and a code's discount when one applies. */
export function PriceBreakdown({ code }: { code: EnrollCode }) {
  return (
    <dl className="mt-4 divide-y divide-slate-200">
      {valueItems.map((item) => (
        <div key={item.label} className="flex justify-between py-2">
          <dt className="text-slate-700">{item.label}</dt>
          <dd className="font-medium">{formatDollars(item.cents)}</dd>
        </div>
      ))}
      <div className="flex justify-between py-2 font-semibold">
        <dt>{enrollPage.totalValue}</dt>
        <dd>{formatDollars(TOTAL_VALUE_CENTS)}</dd>
      </div>
      <div className="flex justify-between py-2 text-green-800">
        <dt>{enrollPage.discount}</dt>
        <dd>−{formatDollars(EARLY_ACCESS_DISCOUNT_CENTS)}</dd>
      </div>
      <div className="flex justify-between py-3 text-2xl font-bold text-brand-900">
        <dt>{enrollPage.yourPrice}</dt>
        <dd>{formatDollars(PRICE_CENTS)}</dd>
      </div>
      {code?.kind === "applied" ? (
        <>
          <div
            className="flex justify-between gap-4 py-2 text-green-800"
            data-testid="code-discount"
          >
            <dt className="break-all">{enrollCode.applied(code.code, code.what)}</dt>
            <dd>−{formatDollars(code.discountCents)}</dd>
          </div>
          <div className="flex justify-between py-3 text-2xl font-bold text-brand-900">
            <dt>{enrollCode.youPay}</dt>
            <dd data-testid="amount-due">{formatDollars(code.dueCents)}</dd>
          </div>
        </>
      ) : null}
    </dl>
  );
}

/** The code box: a GET form, so trying a code changes nothing and works without JavaScript. */
export function CodeForm({ code }: { code: EnrollCode }) {
  const refusal =
    code?.kind === "refused"
      ? code.reason === "rate_limited"
        ? formErrors.rateLimited
        : enrollCode.refusals[code.reason]
      : undefined;
  return (
    <form method="get" className="mt-6">
      <Label htmlFor="code">{enrollCode.label}</Label>
      <div className="mt-1 flex flex-wrap gap-2">
        <Input
          id="code"
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={MAX_CODE_INPUT}
          defaultValue={code?.kind === "applied" ? code.code : (code?.typed ?? "")}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? "code-error" : undefined}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="secondary">
          {enrollCode.apply}
        </Button>
      </div>
      {refusal ? <ErrorText id="code-error">{refusal}</ErrorText> : null}
      {code?.kind === "applied" ? (
        <p className="mt-2 text-sm">
          <a href="/enroll" className="font-semibold text-brand-700 underline underline-offset-4">
            {enrollCode.remove}
          </a>
        </p>
      ) : null}
    </form>
  );
}

/** The Enroll button's words: the spec's "Enroll Now for $649", or the price after the code. */
export function enrollButtonText(code: EnrollCode): string {
  return code?.kind === "applied"
    ? enrollCode.button(formatDollars(code.dueCents))
    : enrollPage.button;
}

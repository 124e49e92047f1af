import type { AppContext } from "~/context";
import { getCohort } from "~/features/cohort/cohort.server";
import { findPersonById } from "~/features/people/people.server";
import { formatDollars } from "~/features/enrollment/pricing.words";
import { codeKey, describeDiscount, MAX_CODE_INPUT, type EnrollCode } from "./codes";
import { checkCode } from "./codes.server";

/**
 * Reads `?code=` on /enroll for the applicant this browser proved to be: a GET form, so applying
 * a code changes nothing. Each look is counted per address (codes are not guessable).
 */
export async function codeOnEnroll(
  context: AppContext,
  typed: string | null,
  personId: string | null,
  options: { count: boolean },
): Promise<EnrollCode> {
  if (typed === null || codeKey(typed) === "") return null;
  const shown = typed.slice(0, MAX_CODE_INPUT);
  const { services } = context;
  if (options.count && !(await services.limits.codes.hit(context.ip)))
    return { kind: "refused", typed: shown, reason: "rate_limited" };
  const person = personId ? await findPersonById(services.db, personId) : undefined;
  if (!person || typed.length > MAX_CODE_INPUT)
    return { kind: "refused", typed: shown, reason: "unknown" };
  const now = services.clock.now();
  const cohort = await getCohort(services.db, now);
  const check = await checkCode(
    services.db,
    typed,
    { personId: person.id, email: person.email },
    { cohortId: cohort.id, nowIso: now.toISOString() },
  );
  if (check.kind === "refused") return { kind: "refused", typed: shown, reason: check.reason };
  const { code, price } = check;
  const discount =
    code.kind === "percent" && !code.referrer_person_id
      ? describeDiscount({ kind: "percent", percentOff: Number(code.percent_off) }, formatDollars)
      : describeDiscount({ kind: "amount", amountOffCents: price.discountCents }, formatDollars);
  return {
    kind: "applied",
    code: code.code,
    what: discount,
    discountCents: price.discountCents,
    dueCents: price.dueCents,
  };
}

import type { Db } from "~/db/database.server";
import type { EnrollCode } from "~/features/discounts/codes";
import { planPrice, seatPrice, type PlanPrice } from "~/features/enrollment/price";
import { termsOf } from "./plan-rules";
import { readPlanSettings } from "./plan-settings.server";

/**
 * The plan /enroll offers beside paying in full: the owner's terms on the price after the code
 * applied (none when the plan is off or the code leaves nothing to pay).
 */
export async function planOnEnroll(db: Db, code: EnrollCode): Promise<PlanPrice | null> {
  const terms = termsOf(await readPlanSettings(db));
  if (!terms) return null;
  const price =
    code?.kind === "applied"
      ? { ...seatPrice(), discountCents: code.discountCents, dueCents: code.dueCents }
      : seatPrice();
  return planPrice(price, terms);
}

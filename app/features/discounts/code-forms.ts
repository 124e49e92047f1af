import { z } from "~/lib/zod";
import { normalizeSubject, optionalText } from "~/lib/text-fields";
import { isCalendarDate } from "~/lib/calendar-date";
import { dollarsToCents } from "~/features/withdrawals/withdrawal";
import { PRICE_CENTS } from "~/features/enrollment/pricing.words";
import { MAX_PREFIX } from "./codes";
import { codesConsole as t } from "./codes-console.words";

/** The owner's forms on /admin/codes (issue 49): new code, turn one off or on, referral terms. */

export const MAX_CODE_NOTE = 200;
export const MAX_CODE_USES = 1000;
const MAX_EMAIL = 254;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A field read as typed: empty means not given (undefined); anything else must `parse` to a
 * value, or the field answers `message`.
 */
const blankOr = <T>(message: string, parse: (typed: string) => T | null) =>
  z
    .string()
    .trim()
    .max(MAX_EMAIL, message)
    .optional()
    .transform((typed, ctx) => {
      if (!typed) return undefined;
      const value = parse(typed);
      if (value === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return value;
    });

const cents = (typed: string, min: number) => {
  const value = dollarsToCents(typed);
  return value !== null && value >= min && value <= PRICE_CENTS ? value : null;
};
const whole = (typed: string, min: number, max: number) =>
  /^\d{1,4}$/.test(typed) && Number(typed) >= min && Number(typed) <= max ? Number(typed) : null;

/** Dollars as typed, in cents, from 0 up to the seat's price (required). */
const dollars = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(20, message)
    .transform((typed, ctx) => {
      const value = cents(typed, 0);
      if (value === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return value;
    });

const createSchema = z
  .object({
    intent: z.literal("create"),
    prefix: optionalText(MAX_PREFIX, { tooLong: t.prefixInvalid }).refine(
      (value) => !value || /^[A-Za-z0-9]+$/.test(value),
      t.prefixInvalid,
    ),
    kind: z.enum(["percent", "amount"], { error: t.kindRequired }),
    percent: blankOr(t.percentInvalid, (typed) => whole(typed, 1, 100)),
    amount: blankOr(t.amountInvalid, (typed) => cents(typed, 1)),
    cohortId: optionalText(100, { tooLong: t.cohortInvalid }),
    maxUses: blankOr(t.maxUsesInvalid(MAX_CODE_USES), (typed) => whole(typed, 1, MAX_CODE_USES)),
    expires: blankOr(t.expiresInvalid, (typed) => (isCalendarDate(typed) ? typed : null)),
    email: blankOr(t.emailInvalid, (typed) => (EMAIL.test(typed) ? typed.toLowerCase() : null)),
    note: optionalText(MAX_CODE_NOTE, { normalize: normalizeSubject }),
  })
  .superRefine((form, ctx) => {
    if (form.kind === "percent" && form.percent === undefined)
      ctx.addIssue({ code: "custom", path: ["percent"], message: t.percentInvalid });
    if (form.kind === "amount" && form.amount === undefined)
      ctx.addIssue({ code: "custom", path: ["amount"], message: t.amountInvalid });
  });

const codeId = z.string({ error: t.notFound }).min(1, t.notFound).max(100, t.notFound);

export const codesFormSchema = z.discriminatedUnion("intent", [
  createSchema,
  z.object({ intent: z.literal("disable"), id: codeId }),
  z.object({ intent: z.literal("enable"), id: codeId }),
  z.object({ intent: z.literal("refund_reward"), id: codeId }),
  z.object({ intent: z.literal("void_reward"), id: codeId }),
  z.object({
    intent: z.literal("referrals"),
    friendDiscount: dollars(t.referralAmountInvalid),
    referrerReward: dollars(t.referralAmountInvalid),
  }),
]);
export type CodesForm = z.output<typeof codesFormSchema>;
export type NewCodeForm = Extract<CodesForm, { intent: "create" }>;

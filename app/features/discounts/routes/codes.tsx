import { requireAdmin } from "~/features/accounts/sessions.server";
import { AdminPage } from "~/components/admin-shell";
import { parseForm, refuse } from "~/lib/form.server";
import { adminMeta } from "~/lib/meta";
import { success } from "~/lib/toast";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import { recordAudit } from "~/features/accounts/audit.server";
import {
  CodeTable,
  CreditTable,
  NewCodeCard,
  ReferralTermsCard,
} from "~/features/discounts/code-list";
import { listCredits, settleCredit } from "~/features/discounts/referrals.server";
import { referralsText as r } from "~/features/discounts/referrals.words";
import { codesFormSchema } from "~/features/discounts/code-forms";
import { codesConsole as t } from "~/features/discounts/codes-console.words";
import { createCode, listCodes, setCodeOff } from "~/features/discounts/codes.server";
import {
  readReferralSettings,
  saveReferralSettings,
} from "~/features/discounts/referral-settings.server";
import type { Route } from "./+types/codes";

export const meta: Route.MetaFunction = () => adminMeta(t.title);

/** /admin/codes: promo codes and scholarships, and the referral terms (issue 49). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, clock, config } = context.services;
  const [codes, terms, credits, cohorts] = await Promise.all([
    listCodes(db),
    readReferralSettings(db),
    listCredits(db),
    db.selectFrom("cohorts").select(["id", "start_date"]).orderBy("created_at", "desc").execute(),
  ]);
  return {
    codes: codes.map((code) => ({
      id: code.id,
      code: code.code,
      kind: code.kind,
      percentOff: code.percent_off === null ? null : Number(code.percent_off),
      amountOffCents: code.amount_off_cents === null ? null : Number(code.amount_off_cents),
      cohortId: code.cohort_id,
      cohortStart: code.cohort_start,
      maxUses: code.max_uses === null ? null : Number(code.max_uses),
      uses: Number(code.uses),
      expiresAt: code.expires_at,
      email: code.email,
      note: code.note,
      off: code.disabled_at !== null,
    })),
    terms,
    credits: credits.map((credit) => ({
      id: credit.id,
      referrer: `${credit.referrer_first} ${credit.referrer_last}`.trim(),
      referrerId: credit.referrer_person_id,
      friend: `${credit.friend_first} ${credit.friend_last}`.trim(),
      friendId: credit.friend_person_id,
      amountCents: Number(credit.amount_cents),
      status: credit.status,
    })),
    cohorts: cohorts.map((c) => ({ id: c.id, startDate: c.start_date })),
    clock: { zone: config.siteTimeZone, now: clock.now().toISOString() },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = await parseForm(request, codesFormSchema);
  if (submission.status !== "success") return refuse(submission);
  const form = submission.value;
  const { services } = context;
  const now = services.clock.now();
  const done = (message: string) => redirectWithToast(context, samePage(request), success(message));
  switch (form.intent) {
    case "create": {
      const made = await createCode(services, admin.email, form);
      if (made.kind === "bad_cohort")
        return refuse(submission, { message: t.cohortInvalid, field: "cohortId" });
      if (made.kind === "past_day")
        return refuse(submission, { message: t.expiresInvalid, field: "expires" });
      return done(t.created(made.code));
    }
    case "disable":
    case "enable": {
      const off = form.intent === "disable";
      const code = await setCodeOff(services.db, form.id, off, now.toISOString());
      if (!code) return refuse(submission, { message: t.notFound, status: 404 });
      await recordAudit(services.db, admin.email, `code.${form.intent}`, { code }, now);
      return done(off ? t.disabled(code) : t.enabled(code));
    }
    case "refund_reward":
    case "void_reward": {
      const how = form.intent === "refund_reward" ? "refund" : "void";
      const settled = await settleCredit(services, admin.email, form.id, how);
      if (settled === "refunded" || settled === "voided") return done(r[settled]);
      const message = { not_owed: r.notOwed, no_seat: r.noSeat, provider_failed: r.providerFailed };
      return refuse(submission, { message: message[settled], status: 409 });
    }
    case "referrals": {
      const terms = {
        friendDiscountCents: form.friendDiscount,
        referrerRewardCents: form.referrerReward,
      };
      await saveReferralSettings(services.db, terms, now.toISOString());
      await recordAudit(services.db, admin.email, "referrals.terms", terms, now);
      return done(t.referralsSaved);
    }
  }
}

export default function Codes({ loaderData }: Route.ComponentProps) {
  const { codes, terms, credits, cohorts, clock } = loaderData;
  return (
    <AdminPage title={t.title}>
      <p className="max-w-3xl text-slate-700">{t.intro}</p>
      <CodeTable codes={codes} clock={clock} />
      <NewCodeCard cohorts={cohorts} />
      <ReferralTermsCard
        friendCents={terms.friendDiscountCents}
        rewardCents={terms.referrerRewardCents}
      />
      <CreditTable credits={credits} />
    </AdminPage>
  );
}

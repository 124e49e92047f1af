import { Card } from "~/components/ui/card";
import { formatDollars } from "~/features/enrollment/pricing.words";
import { referralsText as t } from "./referrals.words";

export interface ReferralCardData {
  code: string;
  friendSavesCents: number;
  rewardCents: number;
  friends: number;
  owedCents: number;
  paidCents: number;
}

/** The student's personal referral code on their portal home, and what it has earned them. */
export function ReferralCard({ referral }: { referral: ReferralCardData }) {
  return (
    <Card data-testid="referral-card">
      <h2 className="text-xl font-semibold text-brand-900">{t.cardTitle}</h2>
      <p className="mt-2 text-slate-700">
        {t.cardBody(formatDollars(referral.friendSavesCents), formatDollars(referral.rewardCents))}
      </p>
      <p className="mt-3 text-slate-800">
        {t.codeLabel}:{" "}
        <strong className="font-mono break-all" data-testid="referral-code">
          {referral.code}
        </strong>
      </p>
      <p className="mt-2 text-sm text-slate-700">
        {t.tally(
          referral.friends,
          formatDollars(referral.owedCents),
          formatDollars(referral.paidCents),
        )}
      </p>
    </Card>
  );
}

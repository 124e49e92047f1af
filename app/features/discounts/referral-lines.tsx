import { ListCard } from "~/features/people/person-profile";
import { formatDollars } from "~/features/enrollment/pricing.words";
import { referralsText as t } from "./referrals.words";

interface Credit {
  id: string;
  amount_cents: number;
  status: "owed" | "refunded" | "void";
  referrer_person_id: string;
  friend_person_id: string;
  referrer_first: string;
  referrer_last: string;
  friend_first: string;
  friend_last: string;
}

const link = "font-semibold text-brand-700 underline underline-offset-4";

/** A payment's code on the person page: "code SPRING-7K3MQ-9TXAB (−$129.80)". */
export const codeLine = (code: string, discount: string) => `code ${code} (−${discount})`;

/** The person page's referral lines: who referred them, and whom they referred (and earned). */
export function ReferralLines({
  referrals,
}: {
  referrals: { referred: Credit[]; referredBy: Credit | null };
}) {
  const { referred, referredBy } = referrals;
  const lines = [
    ...(referredBy ? [{ kind: "by" as const, credit: referredBy }] : []),
    ...referred.map((credit) => ({ kind: "referred" as const, credit })),
  ];
  if (lines.length === 0) return null;
  return (
    <ListCard title={t.listTitle} items={lines}>
      {({ kind, credit }) => (
        <li key={`${kind}-${credit.id}`} data-testid="referral-line">
          {kind === "by" ? (
            <a href={`/admin/people/${credit.referrer_person_id}`} className={link}>
              {t.referredBy(`${credit.referrer_first} ${credit.referrer_last}`.trim())}
            </a>
          ) : (
            <a href={`/admin/people/${credit.friend_person_id}`} className={link}>
              {t.referred(
                `${credit.friend_first} ${credit.friend_last}`.trim(),
                formatDollars(Number(credit.amount_cents)),
                t.statuses[credit.status],
              )}
            </a>
          )}
        </li>
      )}
    </ListCard>
  );
}

import { codeLine, ReferralLines } from "~/features/discounts/referral-lines";
import { Fragment, type ReactNode } from "react";
import { ListCard } from "./person-profile";
import { linkVariants } from "~/components/ui/link";
import type { PersonDetail } from "./person-detail.server";
import { When, type Clock } from "~/components/admin/when";
import { consoleText } from "~/content/console";
import {
  outboxStateWord,
  paymentStatusWords,
  providerWords,
  resourceWords,
  reviewStatusWords,
} from "~/content/console-words";
import { longDate } from "~/features/cohort/cohort";
import { formatDollars } from "~/features/enrollment/pricing.words";

const t = consoleText.person;
const link = linkVariants({ weight: "normal" });

/**
 * One record of the list: its first part (a link to the record's page, with `href`), then the
 * others separated by middle dots. A later part not known yet (null) is left out with its dot.
 */
function ActivityItem({
  href,
  parts: [first, ...details],
}: {
  href?: string;
  parts: readonly [ReactNode, ...ReactNode[]];
}) {
  const rest = details.filter((part) => part !== null);
  return (
    <li className="wrap-anywhere">
      {href ? (
        <a href={href} className={link}>
          {first}
        </a>
      ) : (
        first
      )}
      {rest.map((part, index) => (
        // The parts are positional and never reordered.
        <Fragment key={index}> · {part}</Fragment>
      ))}
    </li>
  );
}

/** What the site sent the person, what they uploaded and downloaded, and what they paid. */
export function PersonActivity({ detail, clock }: { detail: PersonDetail; clock: Clock }) {
  return (
    <>
      <ListCard title={t.emails} items={detail.emails}>
        {(email) => (
          <ActivityItem
            key={email.id}
            href={`/admin/emails/${email.id}`}
            parts={[
              email.subject,
              outboxStateWord(email.status),
              t.attempts(email.attempts),
              <When key="at" at={email.created_at} clock={clock} />,
            ]}
          />
        )}
      </ListCard>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <ListCard title={t.uploads} items={detail.uploads}>
          {(upload) => (
            <ActivityItem
              key={upload.id}
              href={`/admin/uploads/${upload.id}`}
              parts={[
                upload.name,
                reviewStatusWords[upload.review_status],
                upload.scheduled_for ? t.livestreamOn(longDate(upload.scheduled_for)) : null,
              ]}
            />
          )}
        </ListCard>
        <ListCard title={t.downloads} items={detail.downloads}>
          {(download, index) => (
            <ActivityItem
              key={index}
              parts={[
                resourceWords(download.resource),
                download.first_downloaded_at ? (
                  <When key="at" at={download.first_downloaded_at} clock={clock} />
                ) : (
                  t.notDownloaded
                ),
              ]}
            />
          )}
        </ListCard>
        <ListCard title={t.payments} items={detail.payments}>
          {(payment) => (
            <ActivityItem
              key={payment.session_id}
              href={`/admin/payments/${payment.id}/receipt`}
              parts={[
                formatDollars(payment.amount_cents),
                ...(payment.promo_code
                  ? [codeLine(payment.promo_code, formatDollars(Number(payment.discount_cents)))]
                  : []),
                paymentStatusWords[payment.status],
                providerWords(payment.provider),
                <When key="at" at={payment.created_at} clock={clock} />,
              ]}
            />
          )}
        </ListCard>
        <ReferralLines referrals={detail.referrals} />
      </div>
    </>
  );
}

import { Fragment, type ReactNode } from "react";
import { ListCard } from "~/components/admin/person-profile";
import { linkVariants } from "~/components/ui/link";
import type { PersonDetail } from "~/people/person-detail.server";
import { consoleText } from "~/content/console";
import { formatDollars } from "~/content/pricing";

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
    <li>
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
export function PersonActivity({ detail }: { detail: PersonDetail }) {
  return (
    <>
      <ListCard title={t.emails} items={detail.emails}>
        {(email) => (
          <ActivityItem
            key={email.id}
            href={`/admin/emails/${email.id}`}
            parts={[email.subject, email.status, email.attempts, email.created_at]}
          />
        )}
      </ListCard>
      <div className="grid gap-6 lg:grid-cols-3">
        <ListCard title={t.uploads} items={detail.uploads}>
          {(upload) => (
            <ActivityItem
              key={upload.id}
              href={`/admin/uploads/${upload.id}`}
              parts={[upload.name, upload.review_status, upload.scheduled_for || null]}
            />
          )}
        </ListCard>
        <ListCard title={t.downloads} items={detail.downloads}>
          {(download, index) => (
            <ActivityItem
              key={index}
              parts={[download.resource, download.first_downloaded_at ?? t.notDownloaded]}
            />
          )}
        </ListCard>
        <ListCard title={t.payments} items={detail.payments}>
          {(payment) => (
            <ActivityItem
              key={payment.session_id}
              parts={[
                formatDollars(payment.amount_cents),
                payment.status,
                payment.provider,
                payment.created_at,
              ]}
            />
          )}
        </ListCard>
      </div>
    </>
  );
}

import { ListCard } from "~/components/admin/person-profile";
import { linkVariants } from "~/components/ui/link";
import type { PersonDetail } from "~/console/person-detail.server";
import { consoleText } from "~/content/console";
import { formatDollars } from "~/content/pricing";

const t = consoleText.person;
const link = linkVariants({ weight: "normal" });

/** What the site sent the person, what they uploaded and downloaded, and what they paid. */
export function PersonActivity({ detail }: { detail: PersonDetail }) {
  return (
    <>
      <ListCard title={t.emails} items={detail.emails}>
        {(email) => (
          <li key={email.id}>
            <a href={`/admin/emails/${email.id}`} className={link}>
              {email.subject}
            </a>{" "}
            · {email.status} · {email.attempts} · {email.created_at}
          </li>
        )}
      </ListCard>
      <div className="grid gap-6 lg:grid-cols-3">
        <ListCard title={t.uploads} items={detail.uploads}>
          {(upload) => (
            <li key={upload.id}>
              <a href={`/admin/uploads/${upload.id}`} className={link}>
                {upload.name}
              </a>{" "}
              · {upload.review_status}
              {upload.scheduled_for ? ` · ${upload.scheduled_for}` : ""}
            </li>
          )}
        </ListCard>
        <ListCard title={t.downloads} items={detail.downloads}>
          {(download, index) => (
            <li key={index}>
              {download.resource} · {download.first_downloaded_at ?? t.notDownloaded}
            </li>
          )}
        </ListCard>
        <ListCard title={t.payments} items={detail.payments}>
          {(payment) => (
            <li key={payment.session_id}>
              {formatDollars(payment.amount_cents)} · {payment.status} · {payment.provider} ·{" "}
              {payment.created_at}
            </li>
          )}
        </ListCard>
      </div>
    </>
  );
}

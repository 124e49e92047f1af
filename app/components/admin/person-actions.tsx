import { Form } from "react-router";
import { ConsoleField, ConsoleSelect, optionsOf } from "~/components/admin/console-field";
import { Button } from "~/components/ui/button";
import { SectionCard as Card } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import type { PersonDetail } from "~/console/person-detail.server";
import { cohortConsole } from "~/content/cohorts";
import { consoleText } from "~/content/console";
import { formatDollars } from "~/content/pricing";
import { PERSON_STATUSES } from "~/domain/application-outcome";

const t = consoleText.person;

export function StatusCard({ person, busy }: { person: PersonDetail["person"]; busy: boolean }) {
  return (
    <Card title={t.changeStatus}>
      {/* Keyed on the last update so the form empties after a change is saved. */}
      <Form method="post" className="space-y-3" key={person.updated_at}>
        <input type="hidden" name="intent" value="status" />
        <ConsoleSelect
          label={t.newStatus}
          name="status"
          defaultValue={person.status}
          options={optionsOf(PERSON_STATUSES)}
        />
        <ConsoleField label={t.reason} name="reason" required maxLength={500} />
        <Button type="submit" size="md" disabled={busy}>
          {t.save}
        </Button>
      </Form>
    </Card>
  );
}

export function PrivacyCard({ personId }: { personId: string }) {
  return (
    <Card title={t.privacy}>
      <a
        href={`/admin/people/${personId}/export`}
        className={linkVariants({ weight: "medium", size: "sm" })}
        download
      >
        {t.exportJson}
      </a>
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="erase" />
        <ConsoleField label={t.eraseConfirm} name="confirm" autoComplete="off" />
        <Button type="submit" variant="danger" size="md">
          {t.erase}
        </Button>
      </Form>
    </Card>
  );
}

/** Shown while the person has a paid enrolment: refunds it with a reason and frees the seat. */
export function RefundCard({
  payments,
  busy,
}: {
  payments: PersonDetail["payments"];
  busy: boolean;
}) {
  const paid = payments.find((payment) => payment.status === "paid");
  if (!paid) return null;
  const r = cohortConsole;
  return (
    <Card title={r.refundTitle}>
      <p className="text-sm text-slate-700">{r.refundIntro(formatDollars(paid.amount_cents))}</p>
      <Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="refund" />
        <ConsoleField label={r.refundReason} name="reason" required maxLength={500} />
        <Button type="submit" variant="danger" size="md" disabled={busy}>
          {r.refundButton}
        </Button>
      </Form>
    </Card>
  );
}

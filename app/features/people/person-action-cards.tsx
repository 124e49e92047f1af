import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { FormField, FormSelect, optionsOf } from "~/components/admin/console-field";
import { useConsoleForm } from "~/components/admin/console-form";
import { Button } from "~/components/ui/button";
import { SectionCard as Card } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import type { PersonDetail } from "./person-detail.server";
import { cohortConsole } from "~/features/cohort/cohorts.words";
import { consoleText } from "~/content/console";
import { statusNames } from "~/content/console-words";
import { formatDollars } from "~/features/enrollment/pricing.words";
import { PERSON_STATUSES } from "~/features/applications/application-outcome";
import { personFormSchema } from "./person-form";
import { dateInZone } from "~/lib/time-zone";
import { seatGoesBack } from "~/features/withdrawals/withdrawal";
import type { Clock } from "~/components/admin/when";

const t = consoleText.person;

export function StatusCard({ person, busy }: { person: PersonDetail["person"]; busy: boolean }) {
  return (
    <Card title={t.changeStatus}>
      {/* Keyed on the last update so the form empties after a change is saved. */}
      <StatusForm key={person.updated_at} status={person.status} busy={busy} />
    </Card>
  );
}

function StatusForm({ status, busy }: { status: string; busy: boolean }) {
  const [form, fields] = useConsoleForm(personFormSchema, { intent: "status" }, { status });
  return (
    <Form method="post" className="space-y-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="status" />
      <FormSelect
        label={t.newStatus}
        field={fields.status}
        options={optionsOf(PERSON_STATUSES, statusNames)}
      />
      <FormField label={t.reason} field={fields.reason} required maxLength={500} />
      <Button type="submit" size="md" disabled={busy}>
        {t.save}
      </Button>
    </Form>
  );
}

export function PrivacyCard({ personId }: { personId: string }) {
  const [form, fields] = useConsoleForm(personFormSchema, { intent: "erase" });
  return (
    <Card title={t.privacy}>
      <a
        href={`/admin/people/${personId}/export`}
        className={linkVariants({ weight: "medium", size: "sm" })}
        download
      >
        {t.exportJson}
      </a>
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="erase" />
        <FormField label={t.eraseConfirm} field={fields.confirm} autoComplete="off" />
        <Button type="submit" variant="danger" size="md">
          {t.erase}
        </Button>
      </Form>
    </Card>
  );
}

/**
 * Shown while the person has a paid enrollment: refunds it with a reason and frees the seat, in
 * two steps (works without JavaScript): the reason, then a confirmation naming the person, the
 * amount and the reason.
 */
export function RefundCard({
  name,
  payments,
  clock,
  confirming,
  busy,
}: {
  name: string;
  payments: PersonDetail["payments"];
  clock: Clock;
  confirming: string | null;
  busy: boolean;
}) {
  const paid = payments.find((payment) => payment.status === "paid");
  if (!paid) return null;
  const amount = formatDollars(paid.amount_cents);
  // What the refund will do with the seat, by the same rule the refund applies.
  const freesSeat = seatGoesBack(paid.cohort_start, dateInZone(new Date(clock.now), clock.zone));
  if (confirming !== null) {
    const r = cohortConsole;
    return (
      <Card title={r.refundConfirmTitle}>
        <ConfirmStep
          message={r.refundConfirm(name, amount, confirming, freesSeat)}
          values={{ intent: "refund", reason: confirming }}
          button={r.refundConfirmButton(amount)}
          cancel={r.refundCancel}
          busy={busy}
        />
      </Card>
    );
  }
  return <RefundForm amount={amount} freesSeat={freesSeat} busy={busy} />;
}

function RefundForm({
  amount,
  freesSeat,
  busy,
}: {
  amount: string;
  freesSeat: boolean;
  busy: boolean;
}) {
  const [form, fields] = useConsoleForm(personFormSchema, { intent: "refund" });
  const r = cohortConsole;
  return (
    <Card title={r.refundTitle}>
      <p className="text-sm text-slate-700">{r.refundIntro(amount, freesSeat)}</p>
      <Form method="post" className="mt-3 space-y-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="refund" />
        <FormField label={r.refundReason} field={fields.reason} required maxLength={500} />
        <Button type="submit" variant="danger" size="md" disabled={busy}>
          {r.refundButton(freesSeat)}
        </Button>
      </Form>
    </Card>
  );
}

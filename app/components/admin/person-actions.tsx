import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormField, FormSelect, optionsOf } from "~/components/admin/console-field";
import { useConsoleForm } from "~/components/admin/console-form";
import { Button } from "~/components/ui/button";
import { SectionCard as Card } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import type { PersonDetail } from "~/people/person-detail.server";
import { cohortConsole } from "~/content/cohorts";
import { consoleText } from "~/content/console";
import { formatDollars } from "~/content/pricing";
import { PERSON_STATUSES } from "~/domain/application-outcome";
import { personFormSchema } from "~/domain/console-forms";

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
      <FormSelect label={t.newStatus} field={fields.status} options={optionsOf(PERSON_STATUSES)} />
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

/** Shown while the person has a paid enrollment: refunds it with a reason and frees the seat. */
export function RefundCard({
  payments,
  busy,
}: {
  payments: PersonDetail["payments"];
  busy: boolean;
}) {
  const paid = payments.find((payment) => payment.status === "paid");
  if (!paid) return null;
  return <RefundForm amountCents={paid.amount_cents} busy={busy} />;
}

function RefundForm({ amountCents, busy }: { amountCents: number; busy: boolean }) {
  const [form, fields] = useConsoleForm(personFormSchema, { intent: "refund" });
  const r = cohortConsole;
  return (
    <Card title={r.refundTitle}>
      <p className="text-sm text-slate-700">{r.refundIntro(formatDollars(amountCents))}</p>
      <Form method="post" className="mt-3 space-y-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="refund" />
        <FormField label={r.refundReason} field={fields.reason} required maxLength={500} />
        <Button type="submit" variant="danger" size="md" disabled={busy}>
          {r.refundButton}
        </Button>
      </Form>
    </Card>
  );
}

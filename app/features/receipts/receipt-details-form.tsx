import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { FormAlert, TextArea, TextField } from "~/components/form/fields";
import { Button } from "~/components/ui/button";
import { ADDRESS_LINES, BILLING_BOUNDS } from "./billing-form";
import { portalReceiptsText as t } from "./receipts.words";

interface BillingValues {
  payerName: string;
  organization: string;
  address: string;
}

/**
 * What the student adds to a receipt: a plain post (it works without JavaScript), every field
 * checked by the server (billingSchema).
 */
export function ReceiptDetailsForm({
  values,
  studentName,
  lastResult,
}: {
  values: BillingValues;
  /** Who the receipt names when the payer's name is left empty. */
  studentName: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm<BillingValues>({
    id: "receipt-billing",
    lastResult,
    defaultValue: values,
  });
  const f = t.fields;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" data-billing-form="">
      <FormAlert errors={form.errors} />
      <TextField
        field={fields.payerName}
        label={f.payerName}
        hint={f.payerNameHint(studentName)}
        maxLength={BILLING_BOUNDS.payerName}
        autoComplete="name"
      />
      <TextField
        field={fields.organization}
        label={f.organization}
        maxLength={BILLING_BOUNDS.organization}
        autoComplete="organization"
      />
      <TextArea
        field={fields.address}
        label={f.address}
        hint={f.addressHint(ADDRESS_LINES)}
        maxLength={BILLING_BOUNDS.address}
      />
      <Button type="submit" size="touch">
        {t.save}
      </Button>
    </Form>
  );
}

import { getFormProps } from "@conform-to/react";
import type { Field } from "~/components/form/fields";
import { Form } from "react-router";
import { FormField, FormTextarea } from "~/components/admin/console-field";
import { useConsoleForm } from "~/components/admin/console-form";
import { Button } from "~/components/ui/button";
import { Hint } from "~/components/ui/input";
import { ADDRESS_LINES, BUSINESS_BOUNDS, businessSchema } from "./billing-form";
import { businessText as t } from "./receipts.words";

/** A field's hint and, when it was refused, its error, for screen readers. */
const describedBy = (field: Field) =>
  [`${field.id}-hint`, field.errors?.length ? field.errorId : null].filter(Boolean).join(" ");

/** /admin/business: the legal name and postal address receipts print. */
export function BusinessForm({ values }: { values: { legalName: string; address: string } }) {
  const [form, fields] = useConsoleForm(businessSchema, {}, values);
  return (
    <Form method="post" className="max-w-xl space-y-4" {...getFormProps(form)}>
      <div>
        <FormField
          label={t.legalName}
          field={fields.legalName}
          required
          maxLength={BUSINESS_BOUNDS.legalName}
          autoComplete="organization"
          aria-describedby={describedBy(fields.legalName)}
        />
        <Hint id={`${fields.legalName.id}-hint`}>{t.legalNameHint}</Hint>
      </div>
      <div>
        <FormTextarea
          label={t.address}
          field={fields.address}
          required
          maxLength={BUSINESS_BOUNDS.address}
          aria-describedby={describedBy(fields.address)}
        />
        <Hint id={`${fields.address.id}-hint`}>{t.addressHint(ADDRESS_LINES)}</Hint>
      </div>
      <Button type="submit" size="md">
        {t.save}
      </Button>
    </Form>
  );
}

import { getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type { z } from "~/lib/zod";
import {
  FieldError,
  FieldLabel,
  Honeypot,
  staticFormProps,
  SubmitButton,
  TextArea,
} from "~/components/form/fields";
import { MarketingConsent, PersonFields } from "~/components/form/person-fields";
import { FileInput, Hint } from "~/components/ui/input";
import { fieldLabels } from "~/content/forms";
import { leadForm } from "./lead-magnets.words";
import { leadFormSchema, resumeReviewSchema } from "./lead-form";
import type { LeadActionData } from "./lead-action.server";

type ResumeReviewFields = z.input<ReturnType<typeof resumeReviewSchema>>;

/**
 * The one lead form of every lead page (spec §3, §5): the person, optional career goals and,
 * for the resume review, the resume. Lead pages are static (no hydration): the browser checks
 * the schema's constraints, the page's enhancement adds the year and resume messages before
 * sending (app/enhance/enhance-page.ts), and the server judges with the same schema, answering
 * with the field errors and the values in place.
 */
export function LeadForm({
  actionData,
  earliestYear,
  withResume = false,
  submitLabel = leadForm.submit,
  busyLabel = leadForm.submitting,
  resumeLabel,
  resumeHint,
}: {
  actionData: LeadActionData | undefined;
  /** The earliest graduation year accepted (the page's loader: `readGraduationYearInForce`). */
  earliestYear: number;
  withResume?: boolean;
  submitLabel?: string;
  busyLabel?: string;
  resumeLabel?: string;
  resumeHint?: string;
}) {
  // Typed as the larger form: the plain lead form simply never renders the resume field.
  const schema = (
    withResume ? resumeReviewSchema(earliestYear) : leadFormSchema(earliestYear)
  ) as ReturnType<typeof resumeReviewSchema>;
  const [form, fields] = useForm<ResumeReviewFields>({
    lastResult: actionData?.result,
    constraint: getZodConstraint(schema),
  });

  return (
    <Form
      method="post"
      encType={withResume ? "multipart/form-data" : undefined}
      {...staticFormProps(form)}
      className="relative space-y-5"
    >
      <p className="text-sm text-slate-600">{leadForm.requiredNote}</p>
      <PersonFields fields={fields} earliestYear={earliestYear} />
      <TextArea field={fields.careerGoals} label={fieldLabels.careerGoals} />
      {withResume && (
        <FileField field={fields.resume} label={resumeLabel ?? ""} hint={resumeHint ?? ""} />
      )}
      <MarketingConsent field={fields.marketingConsent} />
      <Honeypot />
      <SubmitButton busy={false} label={submitLabel} busyLabel={busyLabel} />
    </Form>
  );
}

function FileField({
  field,
  label,
  hint,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  field: FieldMetadata<File, any, string[]>;
  label: string;
  hint: string;
}) {
  const hintId = `${field.id}-hint`;
  const { key, ...props } = getInputProps(field, { type: "file" });
  return (
    <div>
      <FieldLabel htmlFor={field.id} required>
        {label}
      </FieldLabel>
      <Hint id={hintId}>{hint}</Hint>
      <FileInput
        key={key}
        {...props}
        accept=".docx"
        aria-describedby={`${hintId} ${field.errorId}`}
      />
      <FieldError field={field} />
    </div>
  );
}

import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "~/lib/zod";
import {
  FieldError,
  FieldLabel,
  Honeypot,
  MarketingConsent,
  SubmitButton,
  PersonFields,
  TextArea,
} from "~/components/form/fields";
import { FileInput, Hint } from "~/components/ui/input";
import { fieldLabels } from "~/content/forms";
import { leadForm } from "~/content/lead-magnets";
import { leadFormSchema, resumeReviewSchema } from "~/domain/lead-form";
import { resumeFileProblem } from "~/domain/resume-upload";
import { resumeFileToast } from "~/leads/toasts";
import type { LeadActionData } from "~/leads/lead-action.server";
import { showToast } from "~/lib/toast";

type ResumeReviewFields = z.input<ReturnType<typeof resumeReviewSchema>>;

/**
 * The one lead form of every lead page (spec §3, §5): the person, optional career goals and,
 * for the resume review, the resume. The schema is the server's, so both judge alike.
 */
export function LeadForm({
  actionData,
  withResume = false,
  submitLabel = leadForm.submit,
  busyLabel = leadForm.submitting,
  resumeLabel,
  resumeHint,
}: {
  actionData: LeadActionData | undefined;
  withResume?: boolean;
  submitLabel?: string;
  busyLabel?: string;
  resumeLabel?: string;
  resumeHint?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const year = new Date().getFullYear();
  // Typed as the larger form: the plain lead form simply never renders the resume field.
  const schema = (withResume ? resumeReviewSchema(year) : leadFormSchema(year)) as ReturnType<
    typeof resumeReviewSchema
  >;
  const [form, fields] = useForm<ResumeReviewFields>({
    lastResult: busy ? undefined : actionData?.result,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const formProps = getFormProps(form);

  // Conform blocks an invalid form; a missing or wrong resume is also told in a toast (spec §5).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    if (!withResume || !event.defaultPrevented) return;
    // Conform validates each field on blur by submitting through a hidden, named intent button;
    // only the visitor's own submit (the unnamed button, or Enter) raises the toast.
    if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute("name")) return;
    const input = event.currentTarget.elements.namedItem("resume");
    const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
    const problem = resumeFileProblem(file);
    if (problem) showToast(resumeFileToast(problem));
  };

  return (
    <Form
      method="post"
      encType={withResume ? "multipart/form-data" : undefined}
      {...formProps}
      onSubmit={onSubmit}
      className="relative space-y-5"
    >
      <p className="text-sm text-slate-600">{leadForm.requiredNote}</p>
      <PersonFields fields={fields} />
      <TextArea field={fields.careerGoals} label={fieldLabels.careerGoals} />
      {withResume && (
        <FileField field={fields.resume} label={resumeLabel ?? ""} hint={resumeHint ?? ""} />
      )}
      <MarketingConsent field={fields.marketingConsent} />
      <Honeypot />
      <SubmitButton busy={busy} label={submitLabel} busyLabel={busyLabel} />
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

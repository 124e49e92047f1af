import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "~/lib/zod";
import {
  FieldError,
  Honeypot,
  SubmitButton,
  PersonFields,
  TextArea,
} from "~/components/form/fields";
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
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
        <span className="ml-0.5 text-red-700" aria-hidden="true" title={fieldLabels.required}>
          *
        </span>
      </label>
      <p id={hintId} className="text-sm text-slate-600">
        {hint}
      </p>
      <input
        key={key}
        {...props}
        accept=".docx"
        aria-describedby={`${hintId} ${field.errorId}`}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-700 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600"
      />
      <FieldError field={field} />
    </div>
  );
}

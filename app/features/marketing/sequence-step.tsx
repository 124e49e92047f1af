import { getFormProps, getTextareaProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormField } from "~/components/admin/console-field";
import { useConsoleForm } from "~/components/admin/console-form";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { ErrorText, Hint, Label, Textarea } from "~/components/ui/input";
import { sequenceStepConsole as t } from "./broadcasts.words";
import { sequenceStepFormSchema } from "./sequence-forms";
import { MAX_STEP_BODY, MAX_STEP_SUBJECT } from "./sequence-copy";

export interface StepPreviewData {
  subject: string;
  preheader: string | null;
  text: string;
}

/** The email as a reader gets it: subject, inbox preview line, and the plain-text version. */
export function StepPreview({ preview }: { preview: StepPreviewData }) {
  return (
    <SectionCard title={t.previewTitle}>
      <p className="text-sm text-slate-700">{t.previewIntro(t.previewName)}</p>
      <dl className="mt-3 grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{t.subject}</dt>
        <dd data-testid="preview-subject" className="[overflow-wrap:anywhere]">
          {preview.subject}
        </dd>
        <dt className="font-semibold">{t.preheader}</dt>
        <dd className="[overflow-wrap:anywhere]">{preview.preheader ?? t.noPreheader}</dd>
      </dl>
      <pre
        data-testid="preview-text"
        className="mt-3 rounded bg-slate-50 p-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]"
      >
        {preview.text}
      </pre>
    </SectionCard>
  );
}

/**
 * The step's subject and body, saved over the site's words; "Reset to the default" when edited.
 * Plain posts: both work without JavaScript, and a refused one comes back with its errors.
 */
export function StepEditForm({
  values,
  edited,
  editedNote,
}: {
  values: { subject: string; body: string };
  edited: boolean;
  editedNote: string;
}) {
  const [form, fields] = useConsoleForm(sequenceStepFormSchema, { intent: "save" }, values);
  const { key: bodyKey, ...body } = getTextareaProps(fields.body);
  return (
    <SectionCard title={t.editTitle}>
      <p className="text-sm text-slate-700" data-testid="edit-state">
        {editedNote}
      </p>
      <p className="mt-1 text-sm text-slate-700">{t.editIntro}</p>
      <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="save" />
        <FormField
          label={t.subjectLabel}
          field={fields.subject}
          maxLength={MAX_STEP_SUBJECT}
          required
          className="block"
        />
        <div>
          <Label htmlFor={fields.body.id}>{t.bodyLabel}</Label>
          <Hint id={fields.body.descriptionId}>{t.bodyHint}</Hint>
          <Textarea
            key={bodyKey}
            {...body}
            rows={16}
            required
            maxLength={MAX_STEP_BODY}
            aria-describedby={[fields.body.descriptionId, body["aria-describedby"]]
              .join(" ")
              .trim()}
          />
          <ErrorText id={fields.body.errorId}>{fields.body.errors?.[0]}</ErrorText>
        </div>
        <Button type="submit">{t.save}</Button>
      </Form>
      {edited ? (
        <Form method="post" className="mt-6 border-t border-slate-200 pt-4">
          <input type="hidden" name="intent" value="reset" />
          <Hint>{t.resetHint}</Hint>
          <Button type="submit" variant="secondary" className="mt-2">
            {t.reset}
          </Button>
        </Form>
      ) : null}
    </SectionCard>
  );
}

import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { ChoiceGroup, FieldError, FieldLabel, type Field } from "~/components/form/fields";
import { Button } from "~/components/ui/button";
import { Hint, Textarea } from "~/components/ui/input";
import { surveyPage as t } from "~/content/survey";
import { SURVEY_SCORES, SURVEY_TEXT_MAX } from "~/domain/survey";

interface SurveyFormValues {
  score: string;
  helped: string;
  change: string;
}

/**
 * The end-of-programme survey, a plain post (portal pages ship no framework JavaScript): the
 * score as a radio group 0-10 and the two optional texts, each bounded; the server checks all.
 */
export function SurveyForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useForm<SurveyFormValues>({ lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6" data-survey-form="">
      <ChoiceGroup
        field={fields.score}
        legend={t.score}
        hint={t.scoreHint}
        type="radio"
        required
        options={SURVEY_SCORES.map((score) => ({
          value: score,
          label: t.scoreLabel(Number(score)),
        }))}
      />
      <SurveyText field={fields.helped} label={t.helped} />
      <SurveyText field={fields.change} label={t.change} />
      <Button type="submit" size="touch" className="w-full sm:w-auto">
        {t.submit}
      </Button>
    </Form>
  );
}

function SurveyText({ field, label }: { field: Field; label: string }) {
  const { key, ...props } = getTextareaProps(field);
  const hintId = `${field.id}-hint`;
  return (
    <div>
      <FieldLabel htmlFor={field.id}>{label}</FieldLabel>
      <Hint id={hintId}>{t.textHint(SURVEY_TEXT_MAX)}</Hint>
      <Textarea
        key={key}
        {...props}
        rows={4}
        maxLength={SURVEY_TEXT_MAX}
        aria-describedby={`${hintId} ${field.errorId}`}
      />
      <FieldError field={field} />
    </div>
  );
}

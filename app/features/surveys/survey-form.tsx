import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { ChoiceGroup, TextArea } from "~/components/form/fields";
import { Button } from "~/components/ui/button";
import { surveyPage as t } from "./survey.words";
import { SURVEY_SCORES, SURVEY_TEXT_MAX } from "./survey";

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
      <TextArea
        field={fields.helped}
        label={t.helped}
        hint={t.textHint(SURVEY_TEXT_MAX)}
        maxLength={SURVEY_TEXT_MAX}
      />
      <TextArea
        field={fields.change}
        label={t.change}
        hint={t.textHint(SURVEY_TEXT_MAX)}
        maxLength={SURVEY_TEXT_MAX}
      />
      <Button type="submit" size="touch" className="w-full sm:w-auto">
        {t.submit}
      </Button>
    </Form>
  );
}

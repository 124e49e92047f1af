import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import { surveyPage } from "./survey.words";

const t = surveyPage.prompt;

/** On the student's home while their end-of-programme survey waits for an answer. */
export function SurveyPrompt() {
  return (
    <Card tone="brand" data-survey-prompt="">
      <h2 className="text-xl font-semibold text-brand-900">{t.title}</h2>
      <p className="mt-2 text-slate-700">{t.body}</p>
      <p className="mt-3">
        <Link to="/portal/survey" className={linkVariants()}>
          {t.link}
        </Link>
      </p>
    </Card>
  );
}

import { SectionCard } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import { Cell, DataTable, Row, RowHeader } from "~/components/ui/table";
import { surveyConsole as t } from "./survey.words";
import type { NpsSummary } from "./nps";
import type { CohortSurvey } from "./surveys.server";

/** A cohort's NPS, its promoters, passives and detractors, and how many answered of those sent. */
function NpsLine({ nps, sent }: { nps: NpsSummary; sent: number }) {
  return (
    <div className="space-y-1 text-slate-800">
      <p className="text-2xl font-bold text-brand-900" data-nps={nps.nps ?? ""}>
        {t.nps(nps.nps)}
      </p>
      <p data-nps-counts="">{t.counts(nps.promoters, nps.passives, nps.detractors)}</p>
      <p data-response-rate="">{t.responseRate(nps.answers, sent)}</p>
    </div>
  );
}

/** The owner's view of a cohort's survey: the cohort's NPS, each mentor's, every answer. */
export function CohortSurveyCards({ survey }: { survey: CohortSurvey }) {
  if (survey.sent === 0) return <p className="text-slate-700">{t.notSent}</p>;
  return (
    <div className="space-y-6">
      <SectionCard title={t.cohortTitle}>
        <NpsLine nps={survey.cohort} sent={survey.sent} />
      </SectionCard>
      <SectionCard title={t.mentorsTitle}>
        <DataTable columns={t.mentorColumns} label={t.mentorsLabel} frame="none">
          {survey.mentors.map((mentor) => (
            <Row key={mentor.mentorId ?? ""} data-mentor-nps={mentor.name ?? ""}>
              <RowHeader>{mentor.name ?? t.noMentor}</RowHeader>
              <Cell>{mentor.nps ?? t.empty}</Cell>
              <Cell>{mentor.promoters}</Cell>
              <Cell>{mentor.passives}</Cell>
              <Cell>{mentor.detractors}</Cell>
              <Cell>{t.responseRate(mentor.answers, mentor.sent)}</Cell>
            </Row>
          ))}
        </DataTable>
      </SectionCard>
      <SectionCard title={t.answersTitle}>
        {survey.answers.length === 0 ? (
          <p className="text-slate-700">{t.noAnswers}</p>
        ) : (
          <DataTable columns={t.answerColumns} label={t.answersLabel} frame="none">
            {survey.answers.map((answer) => (
              <Row key={answer.personId} data-survey-answer="">
                <RowHeader className="min-w-36">
                  <a href={`/admin/people/${answer.personId}`} className={linkVariants()}>
                    {answer.name}
                  </a>
                </RowHeader>
                <Cell className="min-w-28">{answer.mentor ?? t.noMentor}</Cell>
                <Cell>{answer.score}</Cell>
                <Cell className="min-w-56 whitespace-pre-line">{answer.helped ?? t.empty}</Cell>
                <Cell className="min-w-56 whitespace-pre-line">{answer.change ?? t.empty}</Cell>
              </Row>
            ))}
          </DataTable>
        )}
      </SectionCard>
    </div>
  );
}

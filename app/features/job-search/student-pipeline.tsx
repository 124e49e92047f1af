import { Link } from "react-router";
import { SectionCard } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import { STAGE_LABELS, stageName } from "./job-search.words";
import { studentPipelineText as t } from "./mentor-board.words";
import { FlagItem, WeekAgainstTargets, type FlagView, type WeekView } from "./flag-item";
import type { Stage } from "./stages";

/** One student's pipeline as the loader gives it (studentPipeline, ./mentor-board.server.ts). */
export interface StudentPipelineView {
  summary: WeekView & {
    personId: string;
    total: number;
    lastActivityWhen: string | null;
    flags: FlagView[];
  };
  stages: {
    stage: Stage;
    applications: {
      id: string;
      firm: string;
      role: string;
      stage: Stage;
      round: number | null;
      movedWhen: string;
    }[];
  }[];
}

/**
 * The "Job search" section of the mentor's student page: this week, what has gone quiet, and the
 * pipeline by stage, each application linking to its page where the mentor may move it.
 */
export function StudentJobSearch({ pipeline }: { pipeline: StudentPipelineView }) {
  const { summary, stages } = pipeline;
  const base = `/portal/mentor/students/${summary.personId}/applications`;
  return (
    <SectionCard title={t.title}>
      <div data-job-search="" className="space-y-4">
        <div className="text-slate-800">
          <p data-this-week={summary.thisWeek}>
            {t.thisWeekLabel} <WeekAgainstTargets week={summary} />
          </p>
          <p>
            {summary.lastActivityWhen ? t.lastActivity(summary.lastActivityWhen) : t.noActivity}
          </p>
        </div>
        <div>
          <h3 className="font-semibold text-slate-900">{t.flagsHeading}</h3>
          {summary.flags.length === 0 ? (
            <p className="text-slate-700">{t.noFlags}</p>
          ) : (
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {summary.flags.map((flag) => (
                <FlagItem
                  key={`${flag.kind}-${flag.applicationId ?? flag.person}-${flag.since}`}
                  flag={flag}
                  personId={summary.personId}
                />
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className="font-semibold text-slate-900">{t.pipelineHeading}</h3>
          {summary.total === 0 ? (
            <p className="text-slate-700">{t.empty}</p>
          ) : (
            <ul aria-label={t.pipelineLabel} className="mt-1 space-y-3">
              {stages.map(({ stage, applications }) => (
                <li key={stage} data-pipeline-stage={stage}>
                  <p className="font-medium text-slate-900">
                    {STAGE_LABELS[stage]} ({applications.length})
                  </p>
                  {applications.length === 0 ? (
                    <p className="text-sm text-slate-700">{t.stageEmpty}</p>
                  ) : (
                    <ul className="mt-1 space-y-1 text-sm">
                      {applications.map((application) => (
                        <li key={application.id} data-application={application.id}>
                          <Link to={`${base}/${application.id}`} className={linkVariants()}>
                            {application.firm}
                          </Link>
                          , {application.role}: {stageName(application.stage, application.round)}.{" "}
                          <span className="text-slate-700">
                            {t.lastMove(application.movedWhen)}
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </SectionCard>
  );
}

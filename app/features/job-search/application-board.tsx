import { Link } from "react-router";
import { linkVariants } from "~/components/ui/link";
import { jobSearchText as t, STAGE_LABELS, stageName } from "./job-search.words";
import { OPEN_STAGES, STAGES, type Stage } from "./stages";

export interface BoardApplication {
  id: string;
  firm: string;
  role: string;
  track: string | null;
  location: string | null;
  deadline: string | null;
  stage: Stage;
  round: number | null;
}

/**
 * The student's applications by stage: one section per stage, the same HTML on every screen. On
 * a phone the sections stack into a list grouped by stage; from the large breakpoint they stand
 * side by side as the columns of a board that scrolls sideways. The open stages always show; an
 * end stage only once it holds an application.
 */
export function ApplicationBoard({ applications }: { applications: readonly BoardApplication[] }) {
  const shown = STAGES.filter(
    (stage) =>
      (OPEN_STAGES as readonly Stage[]).includes(stage) ||
      applications.some((application) => application.stage === stage),
  );
  return (
    <div
      className="space-y-4 lg:flex lg:items-start lg:gap-3 lg:space-y-0 lg:overflow-x-auto lg:pb-2"
      role="region"
      aria-label={t.boardLabel}
      tabIndex={0}
      data-board=""
    >
      {shown.map((stage) => {
        const inStage = applications.filter((application) => application.stage === stage);
        const headingId = `stage-${stage}`;
        return (
          <section
            key={stage}
            aria-labelledby={headingId}
            className="rounded-xl border border-slate-200 bg-slate-50 p-3 lg:w-60 lg:shrink-0"
            data-stage={stage}
          >
            <h2 id={headingId} className="font-semibold text-brand-900">
              {STAGE_LABELS[stage]}{" "}
              <span className="text-sm font-normal text-slate-700">
                ({t.stageCount(inStage.length)})
              </span>
            </h2>
            {inStage.length === 0 ? (
              <p className="mt-2 text-sm text-slate-700">{t.stageEmpty}</p>
            ) : (
              <ul className="mt-2 space-y-2">
                {inStage.map((application) => (
                  <li
                    key={application.id}
                    className="rounded-lg border border-slate-200 bg-white p-3"
                    data-application={application.firm}
                  >
                    <Link
                      to={`/portal/applications/${application.id}`}
                      className={linkVariants({ weight: "semibold" })}
                    >
                      {application.firm}
                    </Link>
                    <p className="text-sm text-slate-800">{application.role}</p>
                    <p className="text-sm text-slate-700">
                      {[
                        application.stage === "interview"
                          ? stageName(application.stage, application.round)
                          : null,
                        application.track,
                        application.location,
                        application.deadline ? t.deadline(application.deadline) : null,
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

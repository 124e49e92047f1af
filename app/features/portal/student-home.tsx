import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { linkVariants } from "~/components/ui/link";
import { curriculum } from "~/features/site/home.words";
import { leavePage } from "~/features/withdrawals/leave.words";
import { interviewsHomeCard } from "~/features/outcomes/interviews.words";
import { studentHomeText as home } from "./portal.words";
import { checklistText, weeksText as t } from "./portal-student.words";
import { testimonialPage } from "~/features/outcomes/testimonials.words";
import type { DueThisWeek } from "./onboarding";
import type { StudentHome as Home } from "./student-home.server";
import { CalendarCard } from "~/features/sessions/calendar-card";
import { OnboardingChecklist } from "./onboarding-checklist";
import { SurveyPrompt } from "~/features/surveys/survey-prompt";
import { ThisWeekCard } from "~/features/job-search/this-week-card";
import { curriculumWeekLinks } from "~/features/job-search/networking.words";
import { StudentProgressCard } from "~/features/coursework/progress-line";
import { ReferralCard } from "~/features/discounts/referral-card";

/** The student's home: the cohort's start, their mentor, this week, the checklist, the six weeks. */
export function StudentHome({ firstName, home: data }: { firstName: string; home: Home | null }) {
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand-900">{home.greeting(firstName)}</h1>
      {data && (
        <>
          <p
            className="text-lg text-slate-800"
            data-cohort-start=""
            data-cohort-place={data.place.kind}
          >
            {data.place.kind === "during"
              ? home.during(data.place.week, data.place.of)
              : data.place.kind === "after"
                ? home.ended(data.place.endedOn)
                : home.starts(data.startDisplay)}
          </p>
          {data.surveyOpen && <SurveyPrompt />}
          {data.testimonialAsked && (
            <Card data-testimonial-prompt="">
              <h2 className="text-xl font-semibold text-brand-900">
                {testimonialPage.homePrompt.title}
              </h2>
              <p className="mt-2 text-slate-700">{testimonialPage.homePrompt.body}</p>
              <Link to="/portal/testimonial" className={cn(linkVariants(), "mt-2 inline-block")}>
                {testimonialPage.homePrompt.link}
              </Link>
            </Card>
          )}
          <Card>
            <h2 className="text-xl font-semibold text-brand-900">
              {data.due.kind === "finished" ? t.afterTitle : t.dueTitle}
            </h2>
            <Due due={data.due} />
          </Card>
          {data.progress && <StudentProgressCard progress={data.progress} />}
          <ThisWeekCard week={data.thisWeek} />
          {data.referral && <ReferralCard referral={data.referral} />}
          {data.due.kind !== "finished" && (
            <Card>
              <OnboardingChecklist checklist={data.checklist} />
            </Card>
          )}
          <Card>
            <h2 className="text-xl font-semibold text-brand-900">{home.mentorTitle}</h2>
            {data.mentor ? (
              <>
                <p className="mt-2 font-medium">{data.mentor.name}</p>
                {data.mentor.bio && (
                  <p className="mt-1 whitespace-pre-line text-slate-700">{data.mentor.bio}</p>
                )}
              </>
            ) : (
              <p className="mt-2 text-slate-700">{home.noMentor}</p>
            )}
          </Card>
          <Card>
            <h2 className="text-xl font-semibold text-brand-900">{interviewsHomeCard.title}</h2>
            <p className="mt-2 text-slate-700">{interviewsHomeCard.body}</p>
            <Link to="/portal/interviews" className={cn(linkVariants(), "mt-2 inline-block")}>
              {interviewsHomeCard.link}
            </Link>
          </Card>
          <CalendarCard calendar={data.calendar} />
          <Weeks weeks={data.weeks} />
          <p className="text-sm text-slate-600">
            <Link
              to="/portal/leave"
              className={linkVariants({ weight: "normal", size: "sm" })}
              data-leave-link=""
            >
              {leavePage.homeLink}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

function Due({ due }: { due: DueThisWeek }) {
  if (due.kind === "finished") return <p className="mt-2 text-slate-700">{t.finished}</p>;
  const week = due.kind === "week" ? curriculum[due.week - 1] : undefined;
  return (
    <div className="mt-2 space-y-3 text-slate-700" data-due={due.kind}>
      {due.kind === "week" && week ? (
        <>
          <p className="font-medium text-slate-900">{t.during(week.title)}</p>
          <p>{week.detail}</p>
          <Link to={`/portal/weeks/${due.week}`} className={linkVariants()} data-week-work="">
            {t.weekWork(due.week)}
          </Link>
          <WeekLink week={due.week} />
        </>
      ) : (
        <p>{t.beforeStart}</p>
      )}
      {due.onboardingLeft.length > 0 ? (
        <>
          <p>{t.onboardingLeft}</p>
          <ul className="list-disc space-y-1 pl-6">
            {due.onboardingLeft.map((key) => {
              const item = checklistText.items[key];
              return (
                <li key={key}>
                  <Link to={item.href} className={linkVariants()}>
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        due.kind === "onboarding" && <p>{t.allSet}</p>
      )}
    </div>
  );
}

function Weeks({ weeks }: { weeks: Home["weeks"] }) {
  const dated = weeks.some((week) => week.weekOf);
  return (
    <section aria-labelledby="weeks-title">
      <h2 id="weeks-title" className="text-xl font-semibold text-brand-900">
        {t.title}
      </h2>
      {!dated && <p className="mt-1 text-sm text-slate-700">{t.noDatesYet}</p>}
      <ol className="mt-3 grid gap-3 sm:grid-cols-2">
        {weeks.map((week) => (
          <li
            key={week.week}
            aria-current={week.current ? "step" : undefined}
            className={cn(
              "rounded-md border p-3",
              week.current ? "border-brand-600 bg-brand-50" : "border-slate-200 bg-white",
            )}
          >
            <p className="text-sm font-medium text-slate-700">
              {t.weekLabel(week.week)}
              {week.weekOf && <> · {t.weekOf(week.weekOf)}</>}
              {week.current && (
                <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white">
                  {t.thisWeek}
                </span>
              )}
            </p>
            <p className="mt-1 font-semibold text-slate-900">
              <Link to={`/portal/weeks/${week.week}`} className={linkVariants()}>
                {week.title}
              </Link>
            </p>
            <WeekLink week={week.week} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Where a job-search week's work is logged (weeks 3 and 4); nothing for the other weeks. */
function WeekLink({ week }: { week: number }) {
  const link = curriculumWeekLinks[week];
  return link ? (
    <Link to={link.href} className={cn(linkVariants({ size: "sm" }), "mt-1 inline-block")}>
      {link.label}
    </Link>
  ) : null;
}

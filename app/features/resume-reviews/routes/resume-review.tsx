import { LeadForm } from "~/features/leads/lead-capture";
import { pageMeta } from "~/lib/meta";
import { staticPage } from "~/lib/page-handle";
import { LeadPageLayout } from "~/features/leads/lead-page";
import { resumeReviewPage as page } from "~/features/leads/lead-magnets.words";
import { readGraduationYearInForce } from "~/features/cohort/cohort.server";
import { leadAction, wasSent } from "~/features/leads/lead-action.server";
import { livestreamTimes } from "~/features/resume-reviews/livestreams.server";
import type { Route } from "./+types/resume-review";

/** A lead page works in plain HTML: no framework JavaScript (app/lib/page-handle.ts). */
export const handle = staticPage;

/**
 * When the livestreams are (LIVESTREAM_TIME and the next booked one, in SITE_TIME_ZONE), and the
 * earliest graduation year the form accepts.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    sent: wasSent(request),
    livestream: await livestreamTimes(context.services),
    earliestYear: await readGraduationYearInForce(context.services),
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return leadAction({ request, context }, "resume_review");
}

export const meta: Route.MetaFunction = () => pageMeta(page.metaTitle, page.promise);

export default function ResumeReview({ loaderData, actionData }: Route.ComponentProps) {
  const { startsAt, next } = loaderData.livestream;
  return (
    <LeadPageLayout
      copy={page}
      resourceType="resume_review"
      formTitle={page.formTitle}
      confirmation={loaderData.sent ? page.success : undefined}
      details={
        <section aria-labelledby="livestream-title" className="mt-8" data-livestream="">
          <h2 id="livestream-title" className="text-lg font-semibold text-brand-900">
            {page.livestream.title}
          </h2>
          <p className="mt-3 text-slate-800">{page.livestream.startsAt(startsAt)}</p>
          {next && (
            <p className="mt-2 font-medium text-brand-900" data-next-livestream="">
              {page.livestream.next(next)}
            </p>
          )}
          <p className="mt-3 text-slate-800">{page.livestream.privacy}</p>
        </section>
      }
    >
      <LeadForm
        actionData={actionData}
        earliestYear={loaderData.earliestYear}
        withResume
        submitLabel={page.submit}
        busyLabel={page.submitting}
        resumeLabel={page.resumeLabel}
        resumeHint={page.resumeHint}
      />
    </LeadPageLayout>
  );
}

import { LeadForm } from "~/components/lead-form";
import { pageMeta } from "~/lib/meta";
import { staticPage } from "~/lib/page-handle";
import { LeadPageLayout } from "~/components/lead-page";
import { resumeReviewPage as page } from "~/content/lead-magnets";
import { leadAction, wasSent } from "~/leads/lead-action.server";
import type { Route } from "./+types/resume-review";

/** A lead page works in plain HTML: no framework JavaScript (app/lib/page-handle.ts). */
export const handle = staticPage;

export function loader({ request }: Route.LoaderArgs) {
  return { sent: wasSent(request) };
}

export function action({ request, context }: Route.ActionArgs) {
  return leadAction({ request, context }, "resume_review");
}

export const meta: Route.MetaFunction = () => pageMeta(page.metaTitle, page.promise);

export default function ResumeReview({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LeadPageLayout
      copy={page}
      formTitle={page.formTitle}
      confirmation={loaderData.sent ? page.success : undefined}
    >
      <LeadForm
        actionData={actionData}
        withResume
        submitLabel={page.submit}
        busyLabel={page.submitting}
        resumeLabel={page.resumeLabel}
        resumeHint={page.resumeHint}
      />
    </LeadPageLayout>
  );
}

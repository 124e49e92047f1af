import { notFound } from "~/lib/or-not-found";
import { pageMeta } from "~/lib/meta";
import { staticPage } from "~/lib/page-handle";
import { LeadForm } from "~/features/leads/lead-capture";
import { LeadPageLayout } from "~/features/leads/lead-page";
import { leadForm, leadMagnets, leadPages, leadSuccess } from "~/features/leads/lead-magnets.words";
import { readGraduationYearInForce } from "~/features/cohort/cohort.server";
import { leadPageTypeForPath } from "~/features/leads/lead-magnets";
import { leadAction, wasSent } from "~/features/leads/lead-action.server";
import type { Route } from "./+types/lead-page";

/** One module serves /resume-template, /cold-outreach and /application-tracker (app/routes.ts). */
function pageTypeOf(request: Request) {
  const type = leadPageTypeForPath(new URL(request.url).pathname);
  if (!type) notFound();
  return type;
}

/** A lead page works in plain HTML: no framework JavaScript (app/lib/page-handle.ts). */
export const handle = staticPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  const type = pageTypeOf(request);
  return {
    type,
    sent: wasSent(request),
    earliestYear: await readGraduationYearInForce(context.services),
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return leadAction({ request, context }, pageTypeOf(request));
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta(leadPages[loaderData.type].metaTitle, leadPages[loaderData.type].promise)
    : [];

export default function LeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const page = leadPages[loaderData.type];
  return (
    <LeadPageLayout
      copy={page}
      resourceType={loaderData.type}
      formTitle={leadForm.title}
      formIntro={leadForm.intro}
      confirmation={
        loaderData.sent
          ? {
              title: leadSuccess.title,
              body: leadSuccess.body(leadMagnets[loaderData.type].sentItem),
            }
          : undefined
      }
    >
      <LeadForm actionData={actionData} earliestYear={loaderData.earliestYear} />
    </LeadPageLayout>
  );
}

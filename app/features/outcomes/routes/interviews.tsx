import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "react-router";
import { InterviewForm, OfferForm, OfferItem } from "~/features/outcomes/outcome-reports";
import { SectionCard } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import { interviewsText as t } from "~/features/outcomes/interviews.words";
import { portalMeta } from "~/features/portal/portal.words";
import { interviewsFormSchema } from "~/features/outcomes/outcome-forms";
import { dateInZone } from "~/lib/time-zone";
import { limitFormPost } from "~/lib/form-guard.server";
import { OVER_LIMIT, readFormData, refuse } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { success } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import {
  interviewsPage,
  reportInterview,
  reportOffer,
} from "~/features/outcomes/interviews.server";
import { requireStudent } from "~/features/portal/student-access.server";
import type { Route } from "./+types/interviews";
import { PortalPageHeading } from "~/components/portal-shell";

export const meta: Route.MetaFunction = () => pageMeta(t.title, portalMeta.description);

const PATH = "/portal/interviews";

/** /portal/interviews: the student reports interviews and offers, and sees each offer's state. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = await requireStudent(request, context, "interviews");
  return interviewsPage(context.services, student.personId);
}

export async function action({ request, context }: Route.ActionArgs) {
  const student = await requireStudent(request, context, "interviews");
  const { clock, config } = context.services;
  const schema = interviewsFormSchema(dateInZone(clock.now(), config.siteTimeZone));
  const submission = parseWithZod(await readFormData(request), { schema });
  if (!(await limitFormPost(context, "portal-interviews", student)))
    return refuse(submission, OVER_LIMIT);
  if (submission.status !== "success") return refuse(submission);
  const form = submission.value;
  const outcome =
    form.intent === "interview"
      ? await reportInterview(context.services, student.personId, form)
      : await reportOffer(context.services, student.personId, form);
  if (outcome.kind !== "saved")
    return refuse(submission, { message: t.errors[outcome.kind], status: 409 });
  const toast =
    form.intent === "offer"
      ? t.offerSaved
      : outcome.ahead
        ? t.interviewSaved
        : t.interviewPastSaved;
  return redirectWithToast(context, PATH, success(toast.title, toast.description));
}

export default function Interviews({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData?.result ?? null;
  const intent = (result?.initialValue as { intent?: unknown } | undefined)?.intent;
  const formError = result?.error?.[""]?.[0];
  const { interviews, offers, deepDive, unlocked } = loaderData;
  return (
    <div className="space-y-6">
      <PortalPageHeading title={t.title} error={formError}>
        <p className="mt-2 text-slate-700">{t.intro}</p>
        <p className="mt-2 text-slate-700">
          {t.fromApplications}{" "}
          <Link to="/portal/applications" className={linkVariants()}>
            {t.applicationsLink}
          </Link>
        </p>
      </PortalPageHeading>
      <SectionCard title={t.interviewsHeading}>
        {interviews.length === 0 ? (
          <p className="text-slate-700">{t.interviewsEmpty}</p>
        ) : (
          <ul className="list-disc space-y-1 pl-5 text-slate-700" data-interviews="">
            {interviews.map((row) => (
              <li key={row.id}>{t.interviewItem(row.firm, row.role, row.date)}</li>
            ))}
          </ul>
        )}
        {deepDive && (
          <p className="mt-3 font-medium text-slate-900" data-deep-dive="">
            {t.deepDiveBooked(deepDive)}
          </p>
        )}
        {(deepDive || unlocked) && (
          <p className="mt-3">
            <Link to="/portal/deep-dive" className={linkVariants()}>
              {deepDive ? t.deepDiveOpen : t.deepDiveLink}
            </Link>
          </p>
        )}
      </SectionCard>
      <SectionCard title={t.reportInterview}>
        <InterviewForm lastResult={intent === "interview" ? result : null} />
      </SectionCard>
      <SectionCard title={t.offersHeading}>
        {offers.length === 0 ? (
          <p className="text-slate-700">{t.offersEmpty}</p>
        ) : (
          <ul className="space-y-2">
            {offers.map((offer) => (
              <OfferItem key={offer.id} offer={offer} />
            ))}
          </ul>
        )}
      </SectionCard>
      <SectionCard title={t.reportOffer}>
        <OfferForm lastResult={intent === "offer" ? result : null} />
      </SectionCard>
    </div>
  );
}

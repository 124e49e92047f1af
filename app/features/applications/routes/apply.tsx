import { useForm } from "@conform-to/react";
import { pageMeta } from "~/lib/meta";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { submitApplication } from "~/features/applications/submit-application.server";
import { readGraduationYearInForce } from "~/features/cohort/cohort.server";
import { applicantCookie, readApplicant } from "~/features/enrollment/applicant-cookie.server";
import { guardPublicForm, limitFormPost } from "~/lib/form-guard.server";
import { errorMessage, log } from "~/lib/logger.server";
import { ApplicationResultView } from "~/features/applications/application-result";
import { ApplyForm } from "~/features/applications/apply-form";
import { BackPage } from "~/components/back-page";

import { applyPage, applyResults, applyToasts } from "~/features/applications/apply.words";
import { formErrors } from "~/content/forms";
import { applicationSchema } from "~/features/applications/application-form";
import {
  outcomeOfResultKey,
  resultKey,
  type OutcomeView,
} from "~/features/applications/application-outcome";
import { staticPage } from "~/lib/page-handle";
import { isMailTiming, type MailTiming } from "~/mail/recipient-quota";
import { rateLimitedToast, type ToastMessage } from "~/lib/toast";
import { readFormData, refuse, refuseUnread } from "~/lib/form.server";
import type { z } from "~/lib/zod";
import type { Route } from "./+types/apply";

export const meta: Route.MetaFunction = () => pageMeta(applyPage.title, applyPage.intro);

/**
 * No framework JavaScript: the browser's own checks and the inline enhancement (the year message
 * under the field, "Submitting...") before the post, the server's validation after it.
 */
export const handle = staticPage;

/**
 * /apply?cohort=full is where a qualified applicant lands when the last seat went first;
 * /apply?result=… shows the result of an application in place of the form. `earliestYear` is the
 * earliest graduation year accepted (the cohort's setting, else the current year).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return {
    cohortFull: params.get("cohort") === "full",
    outcome: outcomeOfResultKey(params.get("result")),
    mail: mailOf(params.get("mail")),
    earliestYear: await readGraduationYearInForce(context.services),
  };
}

/** The result page; `mail` says when the address's email quota put the email off. */
const mailOf = (value: string | null): MailTiming => (isMailTiming(value) ? value : "now");

const showResult = (outcome: OutcomeView, mail: MailTiming = "now") =>
  redirect(`/apply?result=${resultKey(outcome)}${mail === "now" ? "" : `&mail=${mail}`}`, {
    status: 303,
  });

export async function action({ request, context }: Route.ActionArgs) {
  // Over the limit: refused before the body is read or the database asked.
  if (!(await limitFormPost(context, "application"))) return refuseUnread(rateLimitedToast, 429);
  const formData = await readFormData(request);
  const year = await readGraduationYearInForce(context.services);
  const submission = parseWithZod(formData, { schema: applicationSchema(year) });
  const guard = await guardPublicForm(context, formData, "application");
  // Bots are answered like a person who is not ready yet; nothing is stored.
  if (guard === "honeypot") return showResult({ kind: "waitlist", variant: "not_ready" });
  if (guard === "no_visitor") {
    log.error("application refused", { error: formErrors.noVisitor });
    return refuse(submission, { toast: errorToast });
  }
  // The form says what is wrong under each field; no toast on top.
  if (submission.status !== "success") return refuse(submission, { toast: null });
  try {
    const { outcome, personId, proven, mail } = await submitApplication(
      context.services,
      submission.value,
      {
        visitorId: context.visitorId!,
        applicantId: await readApplicant(request, context),
        attribution: context.attribution,
      },
    );
    // A qualifying post for an address this browser has not proven: the link goes by email.
    if (outcome.kind === "qualified" && !proven) return showResult({ kind: "check_email" }, mail);
    if (outcome.kind === "qualified") {
      if (!personId) throw new Error("a qualified application has a person");
      return redirect("/enroll", {
        status: 303,
        headers: { "Set-Cookie": await applicantCookie(context, personId) },
      });
    }
    return showResult(
      outcome.kind === "waitlist" ? { kind: outcome.kind, variant: outcome.variant } : outcome,
      mail,
    );
  } catch (error) {
    log.error("application failed", { error: errorMessage(error) });
    return refuse(submission, { status: 500, toast: errorToast });
  }
}

const errorToast: ToastMessage = { ...applyToasts.error, variant: "destructive" };

export default function Apply({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<z.input<ReturnType<typeof applicationSchema>>>({
    lastResult: actionData?.result,
    constraint: getZodConstraint(applicationSchema(loaderData.earliestYear)),
  });

  return (
    <BackPage to="/" back={applyPage.back} title={applyPage.title}>
      {loaderData.outcome ? (
        <ApplicationResultView outcome={loaderData.outcome} mail={loaderData.mail} />
      ) : (
        <>
          {loaderData.cohortFull && (
            <p
              role="status"
              className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950"
            >
              {applyResults.cohortFullNotice}
            </p>
          )}
          <p className="mt-3 text-slate-700">{applyPage.intro}</p>
          <p className="mt-1 text-sm text-slate-600">{applyPage.requiredNote}</p>
          <ApplyForm fields={fields} form={form} earliestYear={loaderData.earliestYear} />
        </>
      )}
    </BackPage>
  );
}

import { useForm } from "@conform-to/react";
import { pageMeta } from "~/lib/meta";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect } from "react-router";
import { submitApplication } from "~/features/applications/submit-application.server";
import { readGraduationYearInForce } from "~/features/cohort/cohort.server";
import { applicantCookie, readApplicant } from "~/features/enrollment/applicant-cookie.server";
import { guardPublicForm, limitFormPost } from "~/lib/form-guard.server";
import { errorMessage, log } from "~/lib/logger.server";
import { ApplicationResultView } from "~/features/applications/application-result";
import { BackPage } from "~/components/back-page";
import {
  ChoiceGroup,
  Conditional,
  Honeypot,
  staticFormProps,
  SubmitButton,
  TextArea,
  TextField,
} from "~/components/form/fields";
import { MarketingConsent, PersonFields } from "~/components/form/person-fields";
import { cardClass } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import {
  applyFields,
  applyOptions,
  applyPage,
  applyResults,
  applyToasts,
} from "~/features/applications/apply.words";
import { formErrors } from "~/content/forms";
import { applicationSchema, CAREER_TARGETS } from "~/features/applications/application-form";
import {
  outcomeOfResultKey,
  resultKey,
  type OutcomeView,
} from "~/features/applications/application-outcome";
import { staticPage } from "~/lib/page-handle";
import { isMailTiming, type MailTiming } from "~/mail/recipient-quota";
import { rateLimitedToast, type ToastMessage } from "~/lib/toast";
import { readFormData, refuse } from "~/lib/form.server";
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
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, {
    schema: applicationSchema(await readGraduationYearInForce(context.services)),
  });
  if (!(await limitFormPost(context, "application")))
    return refuse(submission, { status: 429, toast: rateLimitedToast });
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
          <Form
            method="post"
            {...staticFormProps(form)}
            className={cn(cardClass, "relative mt-8 space-y-6")}
          >
            <PersonFields fields={fields} earliestYear={loaderData.earliestYear} />
            <ChoiceGroup
              field={fields.careerTargets}
              legend={applyFields.careerTargets}
              hint={applyFields.careerTargetsHint}
              type="checkbox"
              options={CAREER_TARGETS.map((value) => ({ value, label: value }))}
              required
            >
              <Conditional when="group-has-[input[value=Other]:checked]:block">
                <TextField field={fields.careerOther} label={applyFields.careerOther} />
              </Conditional>
            </ChoiceGroup>
            {(["hoursPerWeek", "readyToEnroll"] as const).map((name) => (
              <ChoiceGroup
                key={name}
                field={fields[name]}
                legend={applyFields[name]}
                type="radio"
                options={applyOptions[name]}
                required
              />
            ))}
            <ChoiceGroup
              field={fields.heardFrom}
              legend={applyFields.heardFrom}
              type="radio"
              options={applyOptions.heardFrom}
              required
            >
              <Conditional when="group-has-[input[value=referral]:checked]:block">
                <TextField field={fields.referralName} label={applyFields.referralName} />
              </Conditional>
              <Conditional when="group-has-[input[value=other]:checked]:block">
                <TextField field={fields.otherSource} label={applyFields.otherSource} />
              </Conditional>
            </ChoiceGroup>
            <TextArea field={fields.challenge} label={applyFields.challenge} required />
            <TextArea field={fields.motivation} label={applyFields.motivation} required />
            <TextArea field={fields.hasQuestions} label={applyFields.hasQuestions} />
            <ChoiceGroup
              field={fields.readyToStart}
              legend={applyFields.readyToStart}
              type="radio"
              options={applyOptions.readyToStart}
            />
            <MarketingConsent field={fields.marketingConsent} />
            <Honeypot />
            <SubmitButton busy={false} label={applyPage.submit} busyLabel={applyPage.submitting} />
          </Form>
        </>
      )}
    </BackPage>
  );
}

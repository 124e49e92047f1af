import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs } from "react-router";
import { readGraduationYearInForce } from "~/features/cohort/cohort.server";
import { formErrors } from "~/content/forms";
import { resumeFileMessages } from "./lead-magnets.words";
import { isFile, leadFormSchema, resumeReviewSchema } from "./lead-form";
import type { ResourceType } from "./lead-magnets";
import { problemOfRejection, resumeFileProblem } from "~/features/uploads/resume-upload";
import { guardPublicForm, limitFormPost } from "~/lib/form-guard.server";
import { errorMessage, log } from "~/lib/logger.server";
import { redirectWithToast } from "~/lib/toast.server";
import { rateLimitedToast, type ToastMessage } from "~/lib/toast";
import { checkDocx } from "~/features/uploads/docx-check.server";
import { ResumeStorageError } from "~/features/resume-reviews/resume-upload.server";
import { submitLead } from "./submit-lead.server";
import { leadErrorToast, leadSuccessToast, resumeFileToast, uploadFailedToast } from "./toasts";

export interface LeadActionData {
  result: SubmissionResult<string[]> | null;
  toast: ToastMessage | undefined;
}

/**
 * After a lead form succeeds the browser is sent (303) to the same page with `?sent=1`, which
 * shows the confirmation in place of the form; a refresh shows it again and sends nothing.
 */
export function wasSent(request: Request): boolean {
  return new URL(request.url).searchParams.get("sent") === "1";
}

function sentPage(request: Request): string {
  return `${new URL(request.url).pathname}?sent=1`;
}

/**
 * The action of every lead form: parse with the form's schema, guard, check the resume by content
 * for the resume review, hand over to submitLead, and answer with a toast.
 */
export async function leadAction(
  { request, context }: Pick<ActionFunctionArgs, "request" | "context">,
  resourceType: ResourceType,
) {
  const withResume = resourceType === "resume_review";
  if (!(await limitFormPost(context, "lead"))) return reply(429, { toast: rateLimitedToast });
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return reply(400, { toast: leadErrorToast() });
  }
  const year = await readGraduationYearInForce(context.services);
  const submission = parseWithZod(formData, {
    schema: withResume ? resumeReviewSchema(year) : leadFormSchema(year),
  });

  const guard = await guardPublicForm(context, formData, "lead");
  // Bots are answered as if they had succeeded; nothing is written or sent.
  if (guard === "honeypot")
    return redirectWithToast(context, sentPage(request), leadSuccessToast(resourceType));
  if (guard === "no_visitor") {
    log.error("lead refused", { resourceType, error: formErrors.noVisitor });
    return reply(400, { result: submission.reply(), toast: leadErrorToast(formErrors.noVisitor) });
  }

  if (submission.status !== "success") {
    const file = formData.get("resume");
    const problem = withResume ? resumeFileProblem(isFile(file) ? file : null) : null;
    return reply(400, {
      result: submission.reply(),
      toast: problem ? resumeFileToast(problem) : undefined,
    });
  }

  let resume: Uint8Array | undefined;
  const file = withResume ? formData.get("resume") : null;
  if (isFile(file)) {
    resume = new Uint8Array(await file.arrayBuffer());
    const check = await checkDocx(resume);
    if (!check.ok) {
      log.warn("resume refused", { reason: check.reason });
      const problem = problemOfRejection(check.reason);
      return reply(400, {
        result: submission.reply({
          fieldErrors: { resume: [resumeFileMessages[problem].description] },
        }),
        toast: resumeFileToast(problem),
      });
    }
  }

  let lead;
  try {
    lead = await submitLead(
      context.services,
      { form: submission.value, resourceType, resume },
      { visitorId: context.visitorId!, attribution: context.attribution },
    );
  } catch (error) {
    const upload = error instanceof ResumeStorageError;
    log.error(upload ? "resume upload failed" : "lead failed", {
      resourceType,
      error: errorMessage(upload ? error.cause : error),
    });
    return reply(500, {
      result: submission.reply(),
      toast: upload ? uploadFailedToast : leadErrorToast(),
    });
  }
  return redirectWithToast(context, sentPage(request), leadSuccessToast(resourceType, lead.mail));
}

function reply(status: number, body: Partial<LeadActionData>) {
  const payload: LeadActionData = { result: body.result ?? null, toast: body.toast };
  return data(payload, { status });
}

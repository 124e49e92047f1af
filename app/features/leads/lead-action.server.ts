import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "react-router";
import { refuse, refuseUnread } from "~/lib/form.server";
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
  if (!(await limitFormPost(context, "lead"))) return refuseUnread(rateLimitedToast, 429);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return refuseUnread(leadErrorToast(), 400);
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
    return refuse(submission, { toast: leadErrorToast(formErrors.noVisitor) });
  }

  if (submission.status !== "success") {
    const file = formData.get("resume");
    const problem = withResume ? resumeFileProblem(isFile(file) ? file : null) : null;
    // The form says what is wrong under each field; a bad resume also gets its toast.
    return refuse(submission, { toast: problem ? resumeFileToast(problem) : null });
  }

  let resume: Uint8Array | undefined;
  const file = withResume ? formData.get("resume") : null;
  if (isFile(file)) {
    resume = new Uint8Array(await file.arrayBuffer());
    const check = await checkDocx(resume);
    if (!check.ok) {
      log.warn("resume refused", { reason: check.reason });
      const problem = problemOfRejection(check.reason);
      return refuse(submission, {
        field: "resume",
        message: resumeFileMessages[problem].description,
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
    return refuse(submission, {
      status: 500,
      toast: upload ? uploadFailedToast : leadErrorToast(),
    });
  }
  return redirectWithToast(context, sentPage(request), leadSuccessToast(resourceType, lead.mail));
}

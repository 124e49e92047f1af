import { leadToasts, resumeFileMessages } from "./lead-magnets.words";
import type { ResourceType } from "./lead-magnets";
import type { MailTiming } from "~/mail/recipient-quota";
import type { ResumeFileProblem } from "~/features/uploads/resume-upload";
import type { ToastMessage } from "~/lib/toast";

/** The lead forms' toasts, used by the server action and, for files, the browser. */
export function leadSuccessToast(
  resourceType: ResourceType,
  mail: MailTiming = "now",
): ToastMessage {
  if (mail === "later") return { ...leadToasts.mailLater, variant: "success" };
  if (mail === "withheld") return { ...leadToasts.mailWithheld, durationMs: 10_000 };
  const words = resourceType === "resume_review" ? leadToasts.resumeSuccess : leadToasts.success;
  return { ...words, variant: "success" };
}

/** With the message of a known failure, or the generic text when there is none. */
export function leadErrorToast(message?: string): ToastMessage {
  return destructive(leadToasts.errorTitle, leadToasts.errorDescription(message));
}

export const uploadFailedToast = destructive(leadToasts.errorTitle, leadToasts.uploadFailed);

/** A refused resume file: the browser shows it before sending, the server after. */
export function resumeFileToast(problem: ResumeFileProblem): ToastMessage {
  const words = resumeFileMessages[problem];
  return destructive(words.title, words.description);
}

function destructive(title: string, description: string): ToastMessage {
  return { title, description, variant: "destructive", durationMs: leadToasts.errorDurationMs };
}

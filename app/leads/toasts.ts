import { leadToasts, resumeFileMessages } from "~/content/lead-magnets";
import type { ResourceType } from "~/domain/lead-magnets";
import type { ResumeFileProblem } from "~/domain/resume-upload";
import type { ToastMessage } from "~/lib/toast";

/** The lead forms' toasts, used by the server action and, for files, the browser. */
export function leadSuccessToast(resourceType: ResourceType): ToastMessage {
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

import { parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "react-router";
import { attendanceText as t } from "~/content/attendance";
import { sessionMarkSchema } from "~/domain/attendance";
import { readFormData, refuse } from "~/lib/form.server";
import { errorToast, success } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { attachRecording, markAttendance, markOutcome, type Marker } from "./attendance.server";

/** Whether a post is the 1-on-1 outcome form (read from a copy of it). */
export async function isOutcomePost(request: Request): Promise<boolean> {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  return form?.get("intent") === "outcome";
}

const refusals = {
  not_found: { message: t.sessionNotFound, status: 404 },
  not_started: { message: t.tooEarly, status: 409 },
  cancelled: { message: t.sessionCancelled, status: 409 },
  unknown_student: { message: t.unknownStudent, status: 400 },
} as const;

/**
 * The session page's forms (the mentor's in the portal and the owner's in the console): mark the
 * students, mark a 1-on-1, attach the recording. A refusal answers with the message under the
 * form (or its field) and changes nothing; a success goes back to `back` with a toast.
 */
export async function sessionMarkAction(
  context: AppLoadContext,
  request: Request,
  marker: Marker,
  target: { sessionId?: string; cohortId?: string; back: string },
) {
  const submission = parseWithZod(await readFormData(request), {
    schema: sessionMarkSchema,
    disableAutoCoercion: true,
  });
  if (submission.status !== "success") return refuse(submission);
  const form = submission.value;
  const services = context.services;
  const back = target.back;
  if (form.intent === "outcome") {
    const outcome = await markOutcome(services, marker, { ...form, cohortId: target.cohortId });
    if (outcome.kind === "saved") return redirectWithToast(context, back, success(t.outcomeSaved));
    const message = outcome.kind === "not_found" ? t.outcomeNotFound : t.outcomeTooEarly;
    return data(
      { result: submission.reply({ formErrors: [message] }), toast: errorToast(message) },
      { status: outcome.kind === "not_found" ? 404 : 409 },
    );
  }
  if (!target.sessionId) return refuse(submission, { message: t.sessionNotFound, status: 404 });
  const where = { sessionId: target.sessionId, cohortId: target.cohortId };
  if (form.intent === "recording") {
    const outcome = await attachRecording(services, marker, { ...where, url: form.url });
    if (outcome.kind === "saved")
      return redirectWithToast(context, back, success(t.recordingSaved(outcome.emailed)));
    const refusal = refusals[outcome.kind];
    return refuse(submission, { ...refusal, field: "url" });
  }
  const marks = form.marks.flatMap((mark) =>
    mark.status ? [{ student: mark.student, status: mark.status }] : [],
  );
  const outcome = await markAttendance(services, marker, { ...where, marks });
  if (outcome.kind === "saved")
    return redirectWithToast(context, back, success(t.saved(outcome.count)));
  const refusal = refusals[outcome.kind];
  return data(
    {
      result: submission.reply({ formErrors: [refusal.message] }),
      toast: errorToast(refusal.message),
    },
    { status: refusal.status },
  );
}

import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppContext } from "~/context";
import { attendanceText as t } from "./attendance.words";
import { sessionMarkSchema, type SessionMarkForm } from "./attendance";
import { limitFormPost } from "~/lib/form-guard.server";
import { OVER_LIMIT, readFormData, refuse } from "~/lib/form.server";
import { success } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import type { PortalUser } from "~/features/portal/portal-users.server";
import { markAttendance, markOutcome } from "./marks.server";
import { attachRecording } from "./recording.server";
import type { Marker } from "./marker.server";

const refusals = {
  not_found: { message: t.sessionNotFound, status: 404 },
  not_started: { message: t.tooEarly, status: 409 },
  cancelled: { message: t.sessionCancelled, status: 409 },
  unknown_student: { message: t.unknownStudent, status: 400 },
} as const;

/**
 * The 1-on-1 outcome form (on the session page and on /portal/mentor), parsed: marks it, then goes
 * back to `back` with a toast, or answers the refusal above the form and changes nothing.
 */
export async function outcomeAction(
  context: AppContext,
  submission: Submission<unknown>,
  marker: Marker,
  form: Extract<SessionMarkForm, { intent: "outcome" }>,
  target: { cohortId?: string; back: string },
) {
  const outcome = await markOutcome(context.services, marker, {
    ...form,
    cohortId: target.cohortId,
  });
  if (outcome.kind === "saved")
    return redirectWithToast(context, target.back, success(t.outcomeSaved));
  const message = outcome.kind === "not_found" ? t.outcomeNotFound : t.outcomeTooEarly;
  return refuse(submission, {
    message,
    form: true,
    status: outcome.kind === "not_found" ? 404 : 409,
  });
}

/**
 * The session page's forms (the mentor's in the portal and the owner's in the console): mark the
 * students, mark a 1-on-1, attach the recording. A refusal answers with the message under the
 * form (or its field) and changes nothing; a success goes back to `back` with a toast. `limit`:
 * the signed-in mentor's per-person limit of the form (limitFormPost), the values kept when over.
 */
export async function sessionMarkAction(
  context: AppContext,
  request: Request,
  marker: Marker,
  target: {
    sessionId?: string;
    cohortId?: string;
    back: string;
    limit?: { form: string; user: PortalUser };
  },
) {
  const submission = parseWithZod(await readFormData(request), {
    schema: sessionMarkSchema,
    disableAutoCoercion: true,
  });
  const { limit } = target;
  if (limit && !(await limitFormPost(context, limit.form, limit.user)))
    return refuse(submission, OVER_LIMIT);
  if (submission.status !== "success") return refuse(submission);
  const form = submission.value;
  const services = context.services;
  const back = target.back;
  if (form.intent === "outcome") return outcomeAction(context, submission, marker, form, target);
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
  return refuse(submission, { message: refusal.message, form: true, status: refusal.status });
}

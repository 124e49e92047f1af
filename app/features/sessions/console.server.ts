import { data } from "react-router";
import type { AppContext } from "~/context";
import { sessionsConsole as t } from "./sessions.words";
import { longDate } from "~/features/cohort/cohort";
import { hasStarted, SESSION_INTENTS, sessionFormSchema, sessionStartOf } from "./group-sessions";
import { formatWhen, utcToLocalInput } from "~/lib/time-zone";
import { parseForm, refuse } from "~/lib/form.server";
import { success } from "~/lib/toast";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import type { DB } from "~/db/database.server";
import { changeSession, listSessions, saveSessionSettings } from "./session-changes.server";
import { sessionSettingsOf } from "./session-plan.server";
import { sessionRecipients } from "./notify.server";

/** Whether a post to the cohort page is one of the session forms (read from a copy of it). */
export async function isSessionPost(request: Request): Promise<boolean> {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const intent = form?.get("intent");
  return typeof intent === "string" && (SESSION_INTENTS as readonly string[]).includes(intent);
}

/** The cohort page's sessions card: the weekly slot, the live link and the six sessions. */
export async function cohortSessions(db: DB, cohortId: string, zone: string, now: Date) {
  const [settings, sessions] = await Promise.all([
    sessionSettingsOf(db, cohortId),
    listSessions(db, cohortId),
  ]);
  return {
    zone,
    hasStartDate: settings.startDate !== null,
    slot: settings.slot,
    liveUrl: settings.liveUrl ?? "",
    sessions: sessions.map((s) => ({
      id: s.id,
      week: Number(s.week),
      topic: s.topic,
      when: formatWhen(new Date(s.starts_at), zone, now),
      local: utcToLocalInput(new Date(s.starts_at), zone),
      cancelled: s.status === "cancelled",
      started: hasStarted({ startsAt: new Date(s.starts_at), status: s.status }, now),
      sequence: Number(s.sequence),
    })),
  };
}

export type CohortSessions = Awaited<ReturnType<typeof cohortSessions>>;

/** The session forms' action: save the slot (and re-plan), move or cancel one session. */
export async function sessionsAction(
  context: AppContext,
  request: Request,
  actor: string,
  cohortId: string,
) {
  const submission = await parseForm(request, sessionFormSchema);
  if (submission.status !== "success") return refuse(submission);
  const form = submission.value;
  const services = context.services;
  const back = samePage(request);
  if (form.intent === "session_settings") {
    const planned = await saveSessionSettings(services, actor, cohortId, form);
    return redirectWithToast(context, back, success(t.saved(planned.moved, planned.emailed)));
  }
  let startsAt: Date | null = null;
  if (form.intent === "session_move") {
    startsAt = sessionStartOf(form.startsAt, services.config.siteTimeZone);
    if (!startsAt) return refuse(submission, { message: t.invalidStart, field: "startsAt" });
  }
  if (form.intent === "session_cancel" && form.confirm !== "yes") {
    // Nothing changes and nobody is emailed on the first post: it asks, naming how many hear.
    const session = (await listSessions(services.db, cohortId)).find((s) => s.id === form.id);
    if (!session) return refuse(submission, { message: t.notFound, status: 404 });
    if (session.status === "cancelled")
      return refuse(submission, { message: t.alreadyCancelled, status: 409 });
    const stored = { startsAt: new Date(session.starts_at), status: session.status };
    if (hasStarted(stored, services.clock.now()))
      return refuse(submission, { message: t.started, form: true, status: 409 });
    const count = (await sessionRecipients(services.db, cohortId)).length;
    return data({ result: submission.reply(), confirmCancel: { id: form.id, count } });
  }
  const outcome = await changeSession(services, actor, { cohortId, sessionId: form.id, startsAt });
  switch (outcome.kind) {
    case "moved":
      return redirectWithToast(context, back, success(t.moved(outcome.emailed)));
    case "cancelled":
      return redirectWithToast(context, back, success(t.cancelledToast(outcome.emailed)));
    case "not_found":
      return refuse(submission, { message: t.notFound, status: 404 });
    case "unchanged":
      return refuse(submission, { message: t.unchanged, field: "startsAt", status: 409 });
    case "already_cancelled":
      return refuse(submission, { message: t.alreadyCancelled, status: 409 });
    case "started":
      // A cancel has no field: its refusal is the session's, shown where its controls were.
      return form.intent === "session_move"
        ? refuse(submission, { message: t.started, field: "startsAt", status: 409 })
        : refuse(submission, { message: t.started, form: true, status: 409 });
    case "past":
      return refuse(submission, { message: t.pastStart, field: "startsAt" });
    case "outside_programme": {
      const zone = services.config.siteTimeZone;
      const first = longDate(outcome.firstDay);
      const message = t.outsideProgramme(first, longDate(outcome.lastDay), zone);
      return refuse(submission, { message, field: "startsAt" });
    }
  }
}

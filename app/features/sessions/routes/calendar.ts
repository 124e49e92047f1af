import { parseWithZod } from "@conform-to/zod/v4";
import { calendarCard as t } from "~/features/sessions/sessions.words";
import { calendarFeedSchema } from "~/features/sessions/group-sessions";
import { limitFormPost } from "~/lib/form-guard.server";
import { OVER_LIMIT, readFormData, refuse } from "~/lib/form.server";
import { success } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import type { PortalUser } from "~/features/portal/portal-users.server";
import { requirePortal } from "~/features/portal/session.server";
import {
  calendarEventsFor,
  calendarText,
  uidHost,
  type CalendarOwner,
} from "~/features/sessions/calendar.server";
import { openFeed, resetFeed } from "~/features/sessions/feeds.server";
import type { Route } from "./+types/calendar";

const ownerOf = (user: PortalUser): CalendarOwner =>
  user.role === "student"
    ? { kind: "student", personId: user.personId }
    : { kind: "mentor", mentorId: user.mentorId };

/** GET /portal/calendar: "Download .ics", the signed-in person's calendar as a file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePortal(request, context, "calendar");
  const { db, clock, config } = context.services;
  const events = await calendarEventsFor(db, ownerOf(user), uidHost(config.publicUrl));
  return new Response(calendarText(events, { now: clock.now() }), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="from-scratch-to-success.ics"',
      "Cache-Control": "private, no-store",
    },
  });
}

/**
 * POST /portal/calendar: "open" makes the person's private feed when they have none (a live one is
 * kept: one address for all their devices); "reset" replaces it, the old address dead. Either way
 * back to the card, which shows the address (decision 0053).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePortal(request, context, "calendar");
  const submission = parseWithZod(await readFormData(request), { schema: calendarFeedSchema });
  if (!(await limitFormPost(context, "portal-calendar", user)))
    return refuse(submission, OVER_LIMIT);
  if (submission.status !== "success") return refuse(submission);
  const { db, clock, config } = context.services;
  const reset = submission.value.intent === "reset";
  await (reset ? resetFeed : openFeed)(db, ownerOf(user), config.sessionSecret, clock.now());
  const back = user.role === "student" ? "/portal#calendar" : "/portal/mentor#calendar";
  const toast = reset ? t.resetToast : t.openToast;
  return redirectWithToast(context, back, success(toast.title, toast.description));
}

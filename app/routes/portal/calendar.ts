import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { calendarCard as t } from "~/content/sessions";
import { calendarFeedSchema } from "~/domain/group-sessions";
import { limitFormPost } from "~/lib/form-guard.server";
import { OVER_LIMIT, readFormData, refuse } from "~/lib/form.server";
import { success } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { requirePortal, type PortalUser } from "~/portal/session.server";
import {
  calendarEventsFor,
  calendarText,
  uidHost,
  type CalendarOwner,
} from "~/sessions/calendar.server";
import { feedUrls, issueFeed } from "~/sessions/feeds.server";
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
 * POST /portal/calendar: a new private feed, the old one dead (decision 0041: only the hash is
 * kept, so a link is shown when it is made). "subscribe" hands it to the calendar app (303 to
 * webcal://); "reset" goes back to the page with the new address in the toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePortal(request, context, "calendar");
  const submission = parseWithZod(await readFormData(request), { schema: calendarFeedSchema });
  if (!(await limitFormPost(context, "portal-calendar", user)))
    return refuse(submission, OVER_LIMIT);
  if (submission.status !== "success") return refuse(submission);
  const { db, clock, config } = context.services;
  const token = await issueFeed(db, ownerOf(user), clock.now());
  const urls = feedUrls(config.publicUrl, token);
  if (submission.value.intent === "subscribe") return redirect(urls.webcal, 303);
  const back = user.role === "student" ? "/portal" : "/portal/mentor";
  // The link is shown this once: its toast stays until closed or a minute has passed.
  const toast = { ...success(t.resetToast, t.resetToastBody(urls.https)), durationMs: 60_000 };
  return redirectWithToast(context, back, toast);
}

import { parseWithZod } from "@conform-to/zod/v4";
import {
  DaysOffForms,
  HoursForms,
  PlaceForm,
  ZoneForm,
} from "~/features/bookings/availability-forms";
import { SectionCard } from "~/components/ui/card";
import { availabilityText as t, meetingPlaceText } from "~/features/bookings/bookings.words";
import { portalMeta } from "~/features/portal/portal.words";
import { changeAvailability, readAvailability } from "~/features/bookings/availability.server";
import { changeMeetingPlace } from "~/features/bookings/meeting-place.server";
import { availabilitySchema } from "~/features/bookings/availability-form";
import { timeZoneOptions } from "~/lib/zone-names";
import { limitFormPost } from "~/lib/form-guard.server";
import { OVER_LIMIT, readFormData, refuse } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { success } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { requireMentor } from "~/features/mentors/mentor-students.server";
import type { Route } from "./+types/mentor-availability";

export const meta: Route.MetaFunction = () => pageMeta(t.title, portalMeta.description);

const PATH = "/portal/mentor/availability";

function dayLabel(date: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
  }).format(new Date(`${date}T12:00:00Z`));
}

/** /portal/mentor/availability: the mentor's zone, weekly hours and days off (plain posts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const mentor = await requireMentor(request, context, "mentorAvailability");
  const { db, clock, config } = context.services;
  const found = await readAvailability(db, mentor.mentorId, config.siteTimeZone, clock.now());
  return {
    meetingPlace: found.meetingPlace,
    timeZone: found.timeZone,
    // No zone saved yet: the page preselects the browser's (as the student's profile does).
    guessZone: !found.zoneSet,
    zones: timeZoneOptions([found.timeZone, config.siteTimeZone]),
    hours: found.hours.map((row) => ({
      id: row.id,
      weekday: Number(row.weekday),
      start_minute: Number(row.start_minute),
      end_minute: Number(row.end_minute),
    })),
    daysOff: found.daysOff.map((day) => ({ ...day, label: dayLabel(day.date) })),
  };
}

const toasts = {
  zone: t.zoneSaved,
  add_hours: t.hoursAdded,
  remove_hours: t.hoursRemoved,
  add_off: t.offAdded,
  remove_off: t.offRemoved,
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const mentor = await requireMentor(request, context, "mentorAvailability");
  const submission = parseWithZod(await readFormData(request), { schema: availabilitySchema });
  if (!(await limitFormPost(context, "portal-availability", mentor)))
    return refuse(submission, OVER_LIMIT);
  if (submission.status !== "success") return refuse(submission);
  const { db, clock, config } = context.services;
  const form = submission.value;
  if (form.intent === "place") {
    const placed = await changeMeetingPlace(context.services, mentor.mentorId, form.place);
    if (placed.kind === "invalid" || placed.kind === "notFound") return refuse(submission);
    const toast = placed.kind === "saved" ? meetingPlaceText.saved : meetingPlaceText.unchanged;
    return redirectWithToast(context, PATH, success(toast.title, toast.description));
  }
  const changed = await changeAvailability(
    db,
    mentor.mentorId,
    form,
    config.siteTimeZone,
    clock.now(),
  );
  if (changed.kind === "refused")
    return refuse(submission, {
      message: t.errors[changed.reason],
      ...(changed.field ? { field: changed.field } : { form: true }),
    });
  const toast = toasts[form.intent];
  return redirectWithToast(context, PATH, success(toast.title, toast.description));
}

export default function MentorAvailability({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData?.result ?? null;
  const intent = (result?.initialValue as { intent?: unknown } | undefined)?.intent;
  const resultFor = (name: string) => (intent === name ? result : null);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold text-brand-900">{t.title}</h1>
        <p className="mt-2 text-slate-700">{t.intro}</p>
      </div>
      <SectionCard title={meetingPlaceText.heading}>
        <PlaceForm place={loaderData.meetingPlace} lastResult={resultFor("place")} />
      </SectionCard>
      <SectionCard title={t.zoneHeading}>
        <ZoneForm
          zone={loaderData.timeZone}
          guessZone={loaderData.guessZone}
          zones={loaderData.zones}
          lastResult={resultFor("zone")}
        />
      </SectionCard>
      <SectionCard title={t.hoursHeading}>
        <HoursForms
          hours={loaderData.hours}
          placeSet={loaderData.meetingPlace !== null}
          lastResult={resultFor("add_hours") ?? resultFor("remove_hours")}
        />
      </SectionCard>
      <SectionCard title={t.offHeading}>
        <DaysOffForms
          daysOff={loaderData.daysOff}
          lastResult={resultFor("add_off") ?? resultFor("remove_off")}
        />
      </SectionCard>
    </div>
  );
}

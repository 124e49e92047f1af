import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { bookingText as t } from "~/content/bookings";
import { portalMeta } from "~/content/portal";
import {
  bookingPage,
  bookSlot,
  cancelBooking,
  rescheduleBooking,
} from "~/bookings/bookings.server";
import { bookingSchema } from "~/domain/availability-form";
import { limitFormPost } from "~/lib/form-guard.server";
import { readFormData, refuse } from "~/lib/form.server";
import { pageMeta } from "~/lib/meta";
import { errorToast, rateLimitedToast, success } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { requireStudent } from "~/portal/student-access.server";
import type { Route } from "./+types/book";

export const meta: Route.MetaFunction = () => pageMeta(t.title, portalMeta.description);

/** /portal/book: the week's free 1-on-1 times in the student's zone; booking is a form post. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = await requireStudent(request, context, "book");
  const week = Number(new URL(request.url).searchParams.get("week"));
  return bookingPage(context.services, student.personId, Number.isInteger(week) ? week : null);
}

export async function action({ request, context }: Route.ActionArgs) {
  const student = await requireStudent(request, context, "book");
  if (!(await limitFormPost(context, "portal-book")))
    return data({ result: null, toast: rateLimitedToast }, { status: 429 });
  const submission = parseWithZod(await readFormData(request), { schema: bookingSchema });
  if (submission.status !== "success") return refuse(submission);
  const form = submission.value;
  const outcome =
    form.intent === "book"
      ? await bookSlot(context.services, student.personId, form.week, form.slot)
      : form.intent === "reschedule"
        ? await rescheduleBooking(context.services, student.personId, form.bookingId, form.slot)
        : await cancelBooking(context.services, { personId: student.personId }, form.bookingId);
  const back = `/portal/book${form.intent === "book" ? `?week=${form.week}` : ""}`;
  switch (outcome.kind) {
    case "booked":
      return redirectWithToast(
        context,
        back,
        success(t.bookedToast.title, t.bookedToast.description),
      );
    case "moved":
      return redirectWithToast(
        context,
        back,
        success(t.movedToast.title, t.movedToast.description),
      );
    case "cancelled":
      return redirectWithToast(
        context,
        back,
        success(t.cancelledToast.title, t.cancelledToast.description),
      );
    default: {
      const message = t.errors[outcome.kind];
      return data(
        { result: submission.reply({ formErrors: [message] }), toast: errorToast(message) },
        { status: 409 },
      );
    }
  }
}

export default function Book({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData?.result?.error?.[""]?.[0];
  if (loaderData.kind !== "week")
    return (
      <div className="space-y-4">
        <h1 className="text-3xl font-bold text-brand-900">{t.title}</h1>
        <p className="text-slate-700">{t[loaderData.kind]}</p>
      </div>
    );
  const { booking, days, week, weeks, zone } = loaderData;
  const moving = booking?.mayChange ?? false;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold text-brand-900">{t.title}</h1>
        <p className="mt-2 text-slate-700">{t.intro(loaderData.mentor)}</p>
        <p className="mt-2 font-medium text-slate-900" data-zone={zone}>
          {t.zone(zone)}
        </p>
        {error && (
          <p className="mt-2 font-medium text-red-700" role="alert">
            {error}
          </p>
        )}
      </div>
      {weeks.length > 1 && (
        <nav aria-label={t.weekNav} className="flex flex-wrap gap-2">
          {weeks.map((w) => (
            <Link
              key={w}
              to={`/portal/book?week=${w}`}
              aria-current={w === week ? "page" : undefined}
              className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
            >
              {t.weekLink(w)}
            </Link>
          ))}
        </nav>
      )}
      {booking && (
        <SectionCard title={t.booked(booking.when)}>
          <p className="text-slate-700" data-booking={booking.startsAt}>
            {t.withMentor(loaderData.mentor)} {booking.mayChange ? t.changeHint : t.locked}
          </p>
          {booking.mayChange && (
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="bookingId" value={booking.id} />
              <Button type="submit" variant="secondary" size="touch">
                {t.cancel}
              </Button>
            </Form>
          )}
        </SectionCard>
      )}
      <SectionCard title={t.weekHeading(week, loaderData.from, loaderData.to)}>
        {(booking && !moving) || days.length === 0 ? (
          <p className="text-slate-700">{booking ? t.locked : t.noSlots}</p>
        ) : (
          <div
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
            aria-label={t.slotsTable(week)}
            role="group"
          >
            {days.map((day) => (
              <div key={day.date}>
                <h3 className="font-semibold text-slate-900">{day.label}</h3>
                <ul className="mt-2 space-y-2">
                  {day.slots.map((slot) => (
                    <li key={slot.startsAt}>
                      <Form method="post">
                        <input
                          type="hidden"
                          name="intent"
                          value={booking ? "reschedule" : "book"}
                        />
                        {booking ? (
                          <input type="hidden" name="bookingId" value={booking.id} />
                        ) : (
                          <input type="hidden" name="week" value={week} />
                        )}
                        <input type="hidden" name="slot" value={slot.startsAt} />
                        <Button
                          type="submit"
                          variant="secondary"
                          size="touch"
                          className="w-full"
                          aria-label={booking ? t.moveLabel(slot.when) : t.bookLabel(slot.when)}
                          data-slot={slot.startsAt}
                        >
                          {slot.time}
                        </Button>
                      </Form>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
      </SectionCard>
    </div>
  );
}

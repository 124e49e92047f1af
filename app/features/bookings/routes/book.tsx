import { BookedCard, SlotWeek, WeekNav } from "~/features/bookings/slot-week";
import { SectionCard } from "~/components/ui/card";
import { bookingText as t } from "~/features/bookings/bookings.words";
import { portalMeta } from "~/features/portal/portal.words";
import { bookingPage } from "~/features/bookings/booking-page.server";
import { bookSlot, cancelBooking, rescheduleBooking } from "~/features/bookings/book.server";
import { bookingSchema } from "~/features/bookings/availability-form";
import { studentBookingPost } from "~/features/bookings/booking-post.server";
import { readBrowserZone } from "~/lib/browser-zone.server";
import { pageMeta } from "~/lib/meta";
import { requireStudent } from "~/features/portal/student-access.server";
import { ZoneNote } from "~/features/portal/zone-note";
import { PortalPageHeading } from "~/components/portal-shell";
import type { Route } from "./+types/book";

export const meta: Route.MetaFunction = () => pageMeta(t.title, portalMeta.description);

/** /portal/book: the week's free 1-on-1 times in the student's zone; booking is a form post. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = await requireStudent(request, context, "book");
  const week = Number(new URL(request.url).searchParams.get("week"));
  return bookingPage(
    context.services,
    student.personId,
    Number.isInteger(week) ? week : null,
    readBrowserZone(request, context.secure),
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const student = await requireStudent(request, context, "book");
  const { services } = context;
  const page = { limit: "portal-book", schema: bookingSchema, words: t };
  return studentBookingPost(context, request, student, page, async (form) => ({
    outcome:
      form.intent === "book"
        ? await bookSlot(services, student.personId, form.week, form.slot)
        : form.intent === "reschedule"
          ? await rescheduleBooking(services, student.personId, form.bookingId, form.slot)
          : await cancelBooking(
              services,
              { personId: student.personId, kind: "one_on_one" },
              form.bookingId,
            ),
    back: `/portal/book${form.intent === "book" ? `?week=${form.week}` : ""}`,
  }));
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
  // Not changeable: near (still ahead) or already past.
  const fixed =
    booking && (booking.tense === "held" || booking.tense === "missed")
      ? t.past[booking.tense]
      : t.locked;
  return (
    <div className="space-y-6">
      <PortalPageHeading title={t.title} error={error}>
        <p className="mt-2 text-slate-700">{t.intro(loaderData.mentor)}</p>
        <ZoneNote zone={zone} from={loaderData.zoneFrom} followBrowser />
      </PortalPageHeading>
      <WeekNav
        label={t.weekNav}
        links={weeks.map((w) => ({
          to: `/portal/book?week=${w}`,
          label: t.weekLink(w),
          current: w === week,
        }))}
      />
      {booking && (
        <BookedCard title={t.booked(booking.when)} booking={booking} cancelLabel={t.cancel}>
          {t.withMentor(loaderData.mentor)}{" "}
          <span data-tense={booking.tense}>{booking.mayChange ? t.changeHint : fixed}</span>
        </BookedCard>
      )}
      <SectionCard title={t.weekHeading(week, loaderData.from, loaderData.to, loaderData.weekZone)}>
        {(booking && !moving) || days.length === 0 ? (
          <p className="text-slate-700">{booking ? t.weekSettled : t.noSlots}</p>
        ) : (
          <SlotWeek
            days={days}
            label={t.slotsTable(week)}
            hidden={
              booking
                ? { intent: "reschedule", bookingId: booking.id }
                : { intent: "book", week: String(week) }
            }
            buttonLabel={booking ? t.moveLabel : t.bookLabel}
          />
        )}
      </SectionCard>
    </div>
  );
}

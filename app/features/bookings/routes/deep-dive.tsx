import { Link } from "react-router";
import { BookedCard, SlotWeek, WeekNav } from "~/features/bookings/slot-week";
import { SectionCard } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import { cancelBooking } from "~/features/bookings/book.server";
import {
  bookDeepDive,
  deepDivePage,
  rescheduleDeepDive,
} from "~/features/bookings/deep-dive.server";
import { deepDiveText as t } from "~/features/outcomes/interviews.words";
import { portalMeta } from "~/features/portal/portal.words";
import { deepDiveSchema } from "~/features/outcomes/outcome-forms";
import { studentBookingPost } from "~/features/bookings/booking-post.server";
import { readBrowserZone } from "~/lib/browser-zone.server";
import { pageMeta } from "~/lib/meta";
import { requireStudent } from "~/features/portal/student-access.server";
import { ZoneNote } from "~/features/portal/zone-note";
import { PortalPageHeading } from "~/components/portal-shell";
import type { Route } from "./+types/deep-dive";

export const meta: Route.MetaFunction = () => pageMeta(t.title, portalMeta.description);

const PATH = "/portal/deep-dive";

/** /portal/deep-dive: the free hours before an interview, in the student's zone; a form post books one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const student = await requireStudent(request, context, "deepDive");
  const query = new URL(request.url).searchParams;
  return deepDivePage(
    context.services,
    student.personId,
    { interview: query.get("interview"), week: query.get("week") },
    readBrowserZone(request, context.secure),
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const student = await requireStudent(request, context, "deepDive");
  const { services } = context;
  const page = { limit: "portal-deep-dive", schema: deepDiveSchema, words: t };
  return studentBookingPost(context, request, student, page, async (form) => ({
    outcome:
      form.intent === "book"
        ? await bookDeepDive(services, student.personId, form.interviewId, form.slot)
        : form.intent === "reschedule"
          ? await rescheduleDeepDive(services, student.personId, form.bookingId, form.slot)
          : await cancelBooking(
              services,
              { personId: student.personId, kind: "deep_dive" },
              form.bookingId,
            ),
    back: PATH,
  }));
}

export default function DeepDive({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData?.result?.error?.[""]?.[0];
  const heading = <h1 className="text-3xl font-bold text-brand-900">{t.title}</h1>;
  if (loaderData.kind !== "view")
    return (
      <div className="space-y-4">
        {heading}
        <p className="text-slate-700">{t[loaderData.kind]}</p>
        {loaderData.kind === "locked" && (
          <Link to="/portal/interviews" className={linkVariants()}>
            {t.reportLink}
          </Link>
        )}
      </div>
    );
  const { booking, days, interviews, interviewId, week, weeks, zone, range } = loaderData;
  const chosen = interviews.find((row) => row.id === interviewId);
  const query = (params: Record<string, string | null>) =>
    `${PATH}?${new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== null))}`;
  return (
    <div className="space-y-6">
      <PortalPageHeading title={t.title} error={error}>
        <p className="mt-2 text-slate-700">{t.intro(loaderData.mentor)}</p>
        <ZoneNote zone={zone} from={loaderData.zoneFrom} followBrowser />
      </PortalPageHeading>
      {booking && (
        <BookedCard title={t.booked(booking.when)} booking={booking} cancelLabel={t.cancel}>
          {t.bookedFor(loaderData.mentor, booking.firm)}{" "}
          {booking.past ? t.held : booking.mayChange ? t.changeHint : t.changeLocked}
        </BookedCard>
      )}
      <WeekNav
        label={t.interviewNav}
        links={interviews.map((row) => ({
          to: query({ interview: row.id }),
          label: t.forInterview(row.firm, row.role, row.date),
          current: row.id === interviewId,
        }))}
      />
      {chosen && (
        <p className="text-slate-900">{t.forInterview(chosen.firm, chosen.role, chosen.date)}</p>
      )}
      <WeekNav
        label={t.weekNav}
        links={weeks.map((w) => ({
          to: query({ interview: booking ? null : interviewId, week: w.monday }),
          label: t.weekLink(w.label),
          current: w.monday === week,
        }))}
      />
      {range && (
        <SectionCard title={t.weekHeading(range.from, range.to)}>
          {days.length === 0 ? (
            <p className="text-slate-700">{t.noSlots}</p>
          ) : (
            <SlotWeek
              days={days}
              label={t.slotsGroup(range.from)}
              hidden={
                booking
                  ? { intent: "reschedule", bookingId: booking.id }
                  : { intent: "book", interviewId: interviewId ?? "" }
              }
              buttonLabel={booking ? t.moveLabel : t.bookLabel}
            />
          )}
        </SectionCard>
      )}
    </div>
  );
}

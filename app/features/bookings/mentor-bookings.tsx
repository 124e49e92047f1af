import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Label, Textarea } from "~/components/ui/input";
import { linkVariants } from "~/components/ui/link";
import { mentorBookingsText as t } from "./bookings.words";
import { deepDiveWords } from "~/features/outcomes/interviews.words";
import { CANCEL_REASON_MAX } from "./availability-form";
import { MeetingPlace } from "./slot-week";

export interface MentorBooking {
  id: string;
  personId: string;
  student: string;
  week: number;
  kind: "one_on_one" | "deep_dive";
  startsAt: string;
  when: string;
  place: string | null;
}

/** The mentor's upcoming 1-on-1s and deep-dives, each with a plain form to cancel it with a reason. */
export function MentorBookings({
  bookings,
  error,
}: {
  bookings: readonly MentorBooking[];
  error?: string;
}) {
  return (
    <section aria-labelledby="mentor-bookings" className="space-y-3">
      <h2 id="mentor-bookings" className="text-xl font-semibold text-brand-900">
        {t.heading}
      </h2>
      <p>
        <Link to="/portal/mentor/availability" className={linkVariants()}>
          {t.availabilityLink}
        </Link>
      </p>
      {error && (
        <p role="alert" className="font-medium text-red-700">
          {error}
        </p>
      )}
      {bookings.length === 0 ? (
        <p className="text-slate-700">{t.empty}</p>
      ) : (
        <ul className="space-y-3">
          {bookings.map((booking) => (
            <li
              key={booking.id}
              className="rounded-lg border border-slate-200 p-3"
              data-mentor-booking={booking.startsAt}
            >
              <p className="font-medium text-slate-900">
                {booking.kind === "deep_dive"
                  ? deepDiveWords.listItem(booking.student, booking.when)
                  : t.item(booking.student, booking.when, booking.week)}
              </p>
              <MeetingPlace place={booking.place} />
              <Form method="post" action="/portal/mentor" className="mt-2 space-y-2">
                <input type="hidden" name="intent" value="cancel_booking" />
                <input type="hidden" name="bookingId" value={booking.id} />
                <Label htmlFor={`reason-${booking.id}`}>{t.reason}</Label>
                <Textarea
                  id={`reason-${booking.id}`}
                  name="reason"
                  rows={2}
                  required
                  maxLength={CANCEL_REASON_MAX}
                />
                <Button type="submit" variant="secondary" size="touch">
                  {t.cancel}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

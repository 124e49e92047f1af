import { getFormProps, getTextareaProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useConsoleForm } from "~/components/admin/console-form";
import { FieldError, FieldLabel, FormAlert } from "~/components/form/fields";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/input";
import { linkVariants } from "~/components/ui/link";
import { mentorBookingsText as t } from "./bookings.words";
import { deepDiveWords } from "~/features/outcomes/interviews.words";
import { CANCEL_REASON_MAX, mentorCancelSchema } from "./availability-form";
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

/** A list of /portal/mentor: its heading, what comes before it, and its items (or `empty`). */
export function MentorSection<Item extends { id: string }>({
  id,
  heading,
  intro,
  empty,
  items,
  children,
}: {
  id: string;
  heading: string;
  intro?: ReactNode;
  empty: string;
  items: readonly Item[];
  children: (item: Item) => ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold text-brand-900">
        {heading}
      </h2>
      {intro}
      {items.length === 0 ? (
        <p className="text-slate-700">{empty}</p>
      ) : (
        <ul className="space-y-3">{items.map(children)}</ul>
      )}
    </section>
  );
}

/** The mentor's upcoming 1-on-1s and deep-dives, each with a plain form to cancel it with a reason. */
export function MentorBookings({ bookings }: { bookings: readonly MentorBooking[] }) {
  const intro = (
    <p>
      <Link to="/portal/mentor/availability" className={linkVariants()}>
        {t.availabilityLink}
      </Link>
    </p>
  );
  return (
    <MentorSection
      id="mentor-bookings"
      heading={t.heading}
      intro={intro}
      empty={t.empty}
      items={bookings}
    >
      {(booking) => (
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
          <CancelForm bookingId={booking.id} />
        </li>
      )}
    </MentorSection>
  );
}

/** The mentor cancels one booking with the reason the student reads. */
function CancelForm({ bookingId }: { bookingId: string }) {
  const [form, fields] = useConsoleForm(mentorCancelSchema, {
    intent: "cancel_booking",
    bookingId,
  });
  const { reason } = fields;
  const { key, ...textarea } = getTextareaProps(reason);
  return (
    <Form method="post" action="/portal/mentor" className="mt-2 space-y-2" {...getFormProps(form)}>
      <FormAlert errors={form.errors ?? fields.bookingId.errors} />
      <input type="hidden" name="intent" value="cancel_booking" />
      <input type="hidden" name="bookingId" value={bookingId} />
      <FieldLabel htmlFor={reason.id}>{t.reason}</FieldLabel>
      <Textarea key={key} {...textarea} rows={2} required maxLength={CANCEL_REASON_MAX} />
      <FieldError field={reason} />
      <Button type="submit" variant="secondary" size="touch">
        {t.cancel}
      </Button>
    </Form>
  );
}

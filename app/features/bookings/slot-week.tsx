import { FilterTabs } from "~/components/admin/filter-tabs";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import { meetingPlaceText } from "./bookings.words";
import { meetingLink } from "./meeting-place";

export interface WeekDay {
  date: string;
  label: string;
  slots: { startsAt: string; time: string; when: string }[];
}

/**
 * The week view of /portal/book and /portal/deep-dive. A week of free times, one column per day in the reader's zone; each time is a form post of its
 * slot with the `hidden` fields given (book, or move a booking).
 */
export function SlotWeek({
  days,
  label,
  hidden,
  buttonLabel,
}: {
  days: readonly WeekDay[];
  label: string;
  hidden: Record<string, string>;
  buttonLabel: (when: string) => string;
}): ReactNode {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={label} role="group">
      {days.map((day) => (
        <div key={day.date}>
          <h3 className="font-semibold text-slate-900">{day.label}</h3>
          <ul className="mt-2 space-y-2">
            {day.slots.map((slot) => (
              <li key={slot.startsAt}>
                <Form method="post">
                  {Object.entries(hidden).map(([name, value]) => (
                    <input key={name} type="hidden" name={name} value={value} />
                  ))}
                  <input type="hidden" name="slot" value={slot.startsAt} />
                  <Button
                    type="submit"
                    variant="secondary"
                    size="touch"
                    className="w-full"
                    aria-label={buttonLabel(slot.when)}
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
  );
}

/** Links between weeks (or interviews) of a week view: the console's FilterTabs, when there is a choice. */
export function WeekNav({
  label,
  links,
}: {
  label: string;
  links: readonly { to: string; label: string; current: boolean }[];
}): ReactNode {
  if (links.length < 2) return null;
  return <FilterTabs label={label} tabs={links.map((link) => ({ key: link.to, ...link }))} />;
}

/**
 * Where a booking meets: "Where: …", and the link to join when the place is one (phone numbers
 * and addresses stay text). Wraps anywhere: a long link must not widen a phone's page.
 */
export function MeetingPlace({ place }: { place: string | null }): ReactNode {
  const link = meetingLink(place);
  return (
    <p className="wrap-anywhere text-slate-900" data-meeting-place={place ?? ""}>
      {place ? meetingPlaceText.where(place) : meetingPlaceText.notSet}
      {link && (
        <>
          {" "}
          <a href={link} className={linkVariants()} rel="noopener noreferrer" target="_blank">
            {meetingPlaceText.join}
          </a>
        </>
      )}
    </p>
  );
}

/** The booked time, what it is, where, and a cancel button while the student may still change it. */
export function BookedCard({
  title,
  booking,
  children,
  cancelLabel,
}: {
  title: string;
  booking: { id: string; startsAt: string; mayChange: boolean; place: string | null };
  children: ReactNode;
  cancelLabel: string;
}): ReactNode {
  return (
    <SectionCard title={title}>
      <p className="text-slate-700" data-booking={booking.startsAt}>
        {children}
      </p>
      <div className="mt-2">
        <MeetingPlace place={booking.place} />
      </div>
      {booking.mayChange && (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="bookingId" value={booking.id} />
          <Button type="submit" variant="secondary" size="touch">
            {cancelLabel}
          </Button>
        </Form>
      )}
    </SectionCard>
  );
}

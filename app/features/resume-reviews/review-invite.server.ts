import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { consoleEmails } from "~/content/console";
import { site } from "~/content/site";
import type { ReviewStatus } from "~/db/schema";
import { calendarParamText } from "~/features/sessions/calendar-param";
import { describeLivestreamTime, livestreamSlot } from "./livestream";
import { EnvSchema } from "~/env-schema.server";
import type { Config } from "~/env.server";

/** What review invites need from the configuration: when and where the livestream is, who runs it. */
export type ReviewSettings = Pick<
  Config,
  "siteTimeZone" | "livestreamTime" | "livestreamUrl" | "contactEmail"
>;

/** The environment's defaults (SITE_TIME_ZONE, LIVESTREAM_TIME, LIVESTREAM_URL, CONTACT_EMAIL). */
const defaults = EnvSchema.pick({
  SITE_TIME_ZONE: true,
  LIVESTREAM_TIME: true,
  LIVESTREAM_URL: true,
  CONTACT_EMAIL: true,
}).parse({});
export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = {
  siteTimeZone: defaults.SITE_TIME_ZONE,
  livestreamTime: defaults.LIVESTREAM_TIME,
  livestreamUrl: defaults.LIVESTREAM_URL,
  contactEmail: defaults.CONTACT_EMAIL,
};

/** One calendar event per upload: every invite about it (request, update, cancel) has this UID. */
export function reviewInviteUid(uploadId: string): string {
  return `resume-review-${uploadId}@fromscratchtosuccess.com`;
}

/** An upload as an invite about it needs it: its sender and the invite's SEQUENCE. */
export interface Reviewee {
  id: string;
  person_id: string;
  email: string;
  first_name: string;
  last_name: string;
  review_status: ReviewStatus;
  scheduled_for: string | null;
  /** The SEQUENCE of the invite being sent now. */
  sequence: number;
}

/** The iCalendar text of an invite about one upload's livestream slot (times in UTC). */
export function reviewInvite(
  upload: Reviewee,
  date: string,
  settings: ReviewSettings,
  now: Date,
  method: ICalCalendarMethod.REQUEST | ICalCalendarMethod.CANCEL,
): string {
  const { start, end } = livestreamSlot(date, settings.livestreamTime, settings.siteTimeZone);
  const calendar = ical({
    prodId: { company: site.name, product: consoleEmails.reviewInvite.product, language: "EN" },
    method,
  });
  calendar.createEvent({
    id: reviewInviteUid(upload.id),
    sequence: upload.sequence,
    stamp: now,
    start,
    end,
    summary: consoleEmails.reviewInvite.summary,
    description: consoleEmails.reviewInvite.description(settings.livestreamUrl),
    location: settings.livestreamUrl,
    url: settings.livestreamUrl,
    organizer: { name: site.name, email: settings.contactEmail },
    attendees: [
      {
        email: upload.email,
        // The name is typed by whoever filled in a form: it must stay one parameter value.
        name: calendarParamText(`${upload.first_name} ${upload.last_name}`) || undefined,
        rsvp: false,
      },
    ],
    status:
      method === ICalCalendarMethod.CANCEL ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}

/** When the livestream of `date` starts, in words, in the site's time zone. */
export function livestreamTime(date: string, settings: ReviewSettings): string {
  const { start } = livestreamSlot(date, settings.livestreamTime, settings.siteTimeZone);
  return describeLivestreamTime(start, settings.siteTimeZone);
}

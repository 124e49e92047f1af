import type { BookingKind } from "~/db/booking-schema";
import type { EmailContent } from "~/mail/message";
import { deepDiveWords } from "~/features/outcomes/interviews.words";

const signOff = "See you soon,\nThe From Scratch to Success team";

/** A mentor's place to meet (issue 45): their availability page, /admin/mentors, the bookings. */
export const meetingPlaceText = {
  heading: "Where you meet",
  label: "Meeting place",
  hint: "A video link (https://…), or a phone number or address. Students see it on each booking, in every booking email and in the calendar invite.",
  save: "Save meeting place",
  saved: {
    title: "Meeting place saved",
    description: "Your upcoming 1-on-1s have it, and their invites were updated.",
  },
  unchanged: { title: "Meeting place saved", description: "It was already your meeting place." },
  needed: "Save where you meet first: students see it on every booking.",
  where: (place: string) => `Where: ${place}`,
  notSet: "Where: not set yet (the mentor sets it on their availability page).",
  join: "Join the call",
  errors: {
    required: "Please enter a video link, a phone number or an address",
    tooLong: "Please keep the meeting place under 300 characters",
    control: "Please keep the meeting place on one line",
    url: "Please enter a full https:// link, or a phone number or address",
  },
} as const;

/** /portal/mentor/availability: a mentor's time zone, weekly hours and days off. */
export const availabilityText = {
  title: "Your availability",
  nav: "Availability",
  intro:
    "Students book 30-minute 1-on-1s in these hours, one per program week, at least 12 hours ahead. Hours are in your own time zone.",
  zoneHeading: "Your time zone",
  zoneLabel: "Time zone",
  zoneHint: "Your hours below are read in this zone, and your emails show times in it.",
  zoneGuessHint: "Check this is your zone, then save it before adding your hours.",
  zoneSave: "Save time zone",
  zoneSaved: { title: "Time zone saved", description: "Your hours are read in it from now on." },
  hoursHeading: "Weekly hours",
  hoursEmpty: "No hours yet: students can't book you until you add some.",
  hoursTable: "Your weekly hours",
  hoursColumns: ["Day", "From", "To", ""],
  addHeading: "Add hours",
  weekday: "Day",
  from: "From",
  to: "To",
  add: "Add hours",
  remove: "Remove",
  removeLabel: (day: string, from: string, to: string) => `Remove ${day} ${from} to ${to}`,
  hoursAdded: { title: "Hours added", description: "Students can book them from now on." },
  hoursRemoved: {
    title: "Hours removed",
    description: "1-on-1s already booked in them stay booked.",
  },
  offHeading: "Days off",
  offHint: "A whole day off in your time zone: no new 1-on-1s that day.",
  offEmpty: "No days off planned.",
  offDate: "Date",
  addOff: "Add day off",
  offAdded: { title: "Day off added", description: "1-on-1s already booked that day stay booked." },
  offRemoved: { title: "Day off removed", description: "Students can book that day again." },
  errors: {
    timeZone: "Please choose a time zone from the list",
    weekday: "Please choose a day",
    from: "Please choose a start time in 15-minute steps",
    to: "Please choose an end time in 15-minute steps",
    order: "The end must be after the start",
    overlap: "These hours overlap hours you already have that day",
    tooMany: "You have the most rows of hours there can be: remove one first",
    date: "Please enter a date",
    past: "Please choose a date from today on",
    tooManyOff: "You have the most days off there can be: remove one first",
    duplicateOff: "That day is already off",
    notFound: "That row is already gone",
    placeNeeded: meetingPlaceText.needed,
  },
} as const;

/** /portal/book: the student's 1-on-1 of the week. */
export const bookingText = {
  title: "Book your 1-on-1",
  nav: "Book a 1-on-1",
  intro: (mentor: string) =>
    `Each program week you have one 30-minute 1-on-1 with ${mentor}. Pick a free time below, at least 12 hours ahead.`,
  noMentor: "Your mentor is being assigned. You can book 1-on-1s as soon as they are.",
  noWeeks: "There is no program week left to book in.",
  unscheduled: "Booking opens once the cohort's start date is set.",
  weekHeading: (week: number, from: string, to: string, zone: string | null) =>
    `Week ${week}: ${from} to ${to}${zone ? ` (${zone})` : ""}`,
  weekNav: "Program weeks",
  weekLink: (week: number) => `Week ${week}`,
  noSlots: "No free times left this week. Your mentor may add hours; check back later.",
  slotsTable: (week: number) => `Free times in week ${week}`,
  book: "Book",
  bookLabel: (when: string) => `Book ${when}`,
  moveTo: "Move here",
  moveLabel: (when: string) => `Move my 1-on-1 to ${when}`,
  booked: (when: string) => `Your 1-on-1 this week: ${when}.`,
  withMentor: (mentor: string) => `With ${mentor}.`,
  changeHint:
    "You can move or cancel it up to 24 hours before; pick another time below to move it.",
  locked:
    "It is less than 24 hours away, so it stays booked: if you can't make it, tell your mentor, who decides.",
  /** Under the week's heading once its 1-on-1 can no longer move (the card above says why). */
  weekSettled: "This week's 1-on-1 is settled: no other times to show.",
  /** A 1-on-1 whose time has come: it reads in the past, never "less than 24 hours away". */
  past: {
    held: "Held.",
    missed: "Missed.",
  },
  cancel: "Cancel this 1-on-1",
  /** Why a 1-on-1 was cancelled when the owner moved the student to another mentor, per reader. */
  mentorChanged: {
    student: (mentor: string) =>
      `You have a new mentor, ${mentor}: book this week's 1-on-1 with them in the portal.`,
    mentor: "The student has moved to another mentor.",
  },
  bookedToast: { title: "Booked", description: "The invite is in your email." },
  movedToast: { title: "Moved", description: "The updated invite is in your email." },
  cancelledToast: { title: "Canceled", description: "You can book another time this week." },
  errors: {
    slot: "Please pick one of the free times",
    taken: "That time was just taken. Please pick another.",
    already: "You already have a 1-on-1 this week. Move it instead.",
    tooLate: "It is too near its time, or past it, to change: your mentor decides now.",
    notFound: "That 1-on-1 is no longer booked.",
    reason: "Please tell the student why",
    reasonLong: "Please keep the reason under 300 characters",
  },
} as const;

/** The mentor's list of their students' upcoming 1-on-1s, with the cancel form. */
export const mentorBookingsText = {
  heading: "Upcoming 1-on-1s",
  empty: "No 1-on-1s booked yet.",
  item: (student: string, when: string, week: number) => `${student}: ${when} (week ${week})`,
  reason: "Reason (the student reads it)",
  cancel: "Cancel 1-on-1",
  cancelledToast: {
    title: "1-on-1 canceled",
    description: "The student was emailed and can book again this week.",
  },
  availabilityLink: "Set your availability",
} as const;

/** What an email about a 1-on-1 says: the reader's name, the other person, the time in the reader's zone. */
export interface BookingEmailFacts {
  name: string;
  other: string;
  when: string;
  week: number;
  /** A weekly 1-on-1, or the interview deep-dive (no week). */
  kind: BookingKind;
  portalUrl: string;
  /** The mentor's place to meet; null for a booking made before they set one. */
  place: string | null;
}

const isDeepDive = (f: { kind: BookingKind }) => f.kind === "deep_dive";
/** "Your week 3 1-on-1" or "Your interview deep-dive" ("your" inside a sentence). */
const yours = (f: BookingEmailFacts, your = "Your") =>
  isDeepDive(f) ? `${your} ${deepDiveWords.lower}` : `${your} week ${f.week} 1-on-1`;
/** "1-on-1" or "Interview deep-dive", as a subject starts. */
const named = (f: BookingEmailFacts) => (isDeepDive(f) ? deepDiveWords.name : "1-on-1");
/** Where they meet, as every booking email says it. */
const where = (f: BookingEmailFacts) =>
  f.place ? meetingPlaceText.where(f.place) : meetingPlaceText.notSet;

export const bookingEmails = {
  product: "1-on-1s",
  summary: (student: string, mentor: string, kind: BookingKind = "one_on_one") =>
    kind === "deep_dive"
      ? deepDiveWords.summary(student, mentor)
      : `1-on-1: ${student} with ${mentor}`,
  description: (week: number, kind: BookingKind = "one_on_one") =>
    kind === "deep_dive"
      ? deepDiveWords.description
      : `Your week ${week} 1-on-1 of From Scratch to Success (30 minutes).`,
  booked: (f: BookingEmailFacts): EmailContent => ({
    subject: `${named(f)} booked: ${f.when}`,
    greeting: `Hi ${f.name},`,
    paragraphs: [
      `${yours(f)} with ${f.other} is booked for ${f.when}.`,
      where(f),
      "The calendar invite is attached.",
    ],
    action: { label: "Open the portal", url: f.portalUrl },
    signOff,
  }),
  moved: (f: BookingEmailFacts & { from: string }): EmailContent => ({
    subject: `${named(f)} moved: ${f.when}`,
    greeting: `Hi ${f.name},`,
    paragraphs: [
      `${yours(f)} with ${f.other} moved from ${f.from} to ${f.when}.`,
      where(f),
      "The attached invite updates the event in your calendar.",
    ],
    action: { label: "Open the portal", url: f.portalUrl },
    signOff,
  }),
  /**
   * To each of the two: the mentor who cancelled reads that they did; the student reads who did,
   * and that they can book again; `reason` is the mentor's words or the move's (bookingText).
   */
  cancelled: (
    f: BookingEmailFacts & {
      reason: string | null;
      byMentor: boolean;
      reader: "student" | "mentor";
    },
  ): EmailContent => ({
    subject: `${named(f)} canceled: ${f.when}`,
    greeting: `Hi ${f.name},`,
    paragraphs: [
      f.byMentor && f.reader === "mentor"
        ? `You canceled ${yours(f, "your")} with ${f.other} on ${f.when}.`
        : `${yours(f)} with ${f.other} on ${f.when} is canceled${f.byMentor ? " by your mentor" : ""}.`,
      ...(f.reason ? [`Reason: ${f.reason}`] : []),
      where(f),
      `The attached invite removes it from your calendar. ${
        f.reader === "mentor"
          ? "The time is free again for your students."
          : isDeepDive(f)
            ? deepDiveWords.bookAgain
            : "The week is open to book again."
      }`,
    ],
    action: { label: "Open the portal", url: f.portalUrl },
    signOff,
  }),
  reminder: (f: BookingEmailFacts & { soon: "24h" | "1h" }): EmailContent => ({
    subject: `${f.soon === "1h" ? "In an hour" : "Tomorrow"}: ${isDeepDive(f) ? deepDiveWords.lower : "1-on-1"} ${f.when}`,
    greeting: `Hi ${f.name},`,
    paragraphs: [`A reminder: ${yours(f, "your")} with ${f.other} is at ${f.when}.`, where(f)],
    action: { label: "Open the portal", url: f.portalUrl },
    signOff,
  }),
  /** The mentor changed where they meet: each upcoming booking's two people get the new place. */
  placeChanged: (f: BookingEmailFacts): EmailContent => ({
    subject: `${named(f)} has a new meeting place: ${f.when}`,
    greeting: `Hi ${f.name},`,
    paragraphs: [
      `${yours(f)} with ${f.other} on ${f.when} has a new meeting place.`,
      where(f),
      "The attached invite updates the event in your calendar.",
    ],
    action: { label: "Open the portal", url: f.portalUrl },
    signOff,
  }),
};

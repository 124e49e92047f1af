import type { EmailContent } from "~/mail/message";

/** Words of the group sessions and calendar feeds (issue 35, decision 0041). */

const people = (n: number) => `${n} ${n === 1 ? "person" : "people"}`;

/** The owner's cohort page: the weekly slot, the live link and the six sessions. */
export const sessionsConsole = {
  title: "Group sessions",
  intro: (zone: string) =>
    `One live group session a week, at the day and time below in ${zone}. Saving plans the six sessions from the start date. A session you moved keeps its time unless you change its day, time or the start date, a canceled one stays canceled, and a session that has started is never changed; whenever a session's time changes, everyone is emailed.`,
  noStartDate: "Set the cohort's start date (and make it current) to plan its sessions.",
  weekday: "Day",
  time: "Time",
  minutes: "Minutes",
  liveUrl: "Live link (https)",
  save: "Save and plan sessions",
  saved: (moved: number, emailed: number) =>
    moved === 0
      ? "Session settings saved; the sessions are planned"
      : `Session settings saved; ${moved} ${moved === 1 ? "session" : "sessions"} moved, ${people(emailed)} emailed`,
  week: (n: number, topic: string) => `Week ${n}: ${topic}`,
  cancelled: "Canceled",
  moveLabel: (week: number) => `New start of week ${week}'s session`,
  move: "Move",
  cancel: "Cancel session",
  cancelConfirm: (week: number, emailed: number) =>
    `This will email ${people(emailed)} that the week ${week} session is canceled. Cancel session?`,
  cancelConfirmButton: (emailed: number) => `Cancel session and email ${people(emailed)}`,
  keepSession: "Keep session",
  startedNote: "Started: it can no longer be moved or canceled.",
  moved: (emailed: number) => `Session moved; ${people(emailed)} emailed`,
  cancelledToast: (emailed: number) => `Session canceled; ${people(emailed)} emailed`,
  unchanged: "That session already starts then",
  notFound: "That session is not part of this cohort",
  alreadyCancelled: "That session is already canceled",
  invalidWeekday: "Choose a day of the week",
  invalidTime: "Enter a time as HH:MM (24-hour)",
  invalidMinutes: "Enter the length in minutes, from 15 to 240",
  invalidUrl: "Enter a link starting with https://",
  invalidStart: "Enter a date and time that exists in the site's time zone",
  started: "That session has already started: it can't be moved or canceled",
  pastStart: "Choose a start in the future",
  outsideProgramme: (first: string, last: string, zone: string) =>
    `Choose a start within the program's six weeks: ${first} to ${last} (${zone})`,
} as const;

/** The calendar events of the feed and the invites. */
export const sessionEvents = {
  product: "Cohort calendar",
  calendarName: "From Scratch to Success",
  summary: (week: number, topic: string) => `Group session, week ${week}: ${topic}`,
  description: (liveUrl: string | null) =>
    liveUrl
      ? `Live group session of your From Scratch to Success cohort. Join at ${liveUrl}`
      : "Live group session of your From Scratch to Success cohort. The link follows by email.",
} as const;

const greeting = (firstName: string) => (firstName ? `Hi ${firstName},` : "Hi,");
const signOff = "See you there,\nThe From Scratch to Success team";

/** Emails about one group session; `when` is its start in the reader's own zone, zone named. */
export const sessionEmails = {
  moved: (p: { firstName: string; week: number; topic: string; when: string; url: string }) =>
    ({
      subject: `Week ${p.week} group session moved`,
      greeting: greeting(p.firstName),
      paragraphs: [
        `The week ${p.week} group session (${p.topic}) now starts ${p.when}.`,
        "The calendar invite in this email moves the event in your calendar; your calendar feed shows the new time too.",
      ],
      action: { label: "Open the portal", url: p.url },
      signOff,
    }) satisfies EmailContent,
  cancelled: (p: { firstName: string; week: number; topic: string; when: string; url: string }) =>
    ({
      subject: `Week ${p.week} group session canceled`,
      greeting: greeting(p.firstName),
      paragraphs: [
        `We've canceled the week ${p.week} group session (${p.topic}) planned for ${p.when}. Sorry for the change.`,
        "The calendar invite in this email removes the event from your calendar.",
      ],
      action: { label: "Open the portal", url: p.url },
      signOff: "Thanks for your patience,\nThe From Scratch to Success team",
    }) satisfies EmailContent,
};

/** The portal's calendar card, on the student's home and the mentor's page. */
export const calendarCard = {
  title: "Your calendar",
  intro:
    "Add your private calendar address to your calendar app and it keeps your group sessions and 1-on-1s up to date, in your own time zone.",
  open: "Get your calendar address",
  addressLabel: "Your private calendar address",
  addressHint:
    "One address for all your devices: add it on each of them. Keep it to yourself: anyone with it sees your sessions.",
  copy: "Copy",
  copied: "Copied",
  google: "Add to Google Calendar",
  apple: "Open in Apple Calendar or Outlook",
  download: "Download .ics",
  reset: "Reset link",
  resetHint:
    "Reset link only if your address got out: it makes a new address and the old one stops working on every device.",
  hidden:
    "Your calendar link was made before addresses could be shown here. Press Reset link for an address you can add to all your devices (the old link then stops working).",
  fetched: (when: string) => `Your calendar app last updated ${when}.`,
  notFetched: "Your calendar app hasn't fetched your feed yet.",
  noFeed: "You have no calendar address yet.",
  openToast: {
    title: "Your calendar address is ready",
    description: "Add it to your calendar app on each of your devices.",
  },
  resetToast: {
    title: "New calendar link made",
    description: "Your old link no longer works. Add the new address to your calendar apps.",
  },
  sessionsTitle: "Sessions and 1-on-1s",
  none: "The group sessions are planned once your cohort has a start date.",
  session: (week: number, topic: string) => `Week ${week}: ${topic}`,
  /** How an event that is not ahead reads. */
  tense: { held: "Held", missed: "Missed", canceled: "Canceled" },
} as const;

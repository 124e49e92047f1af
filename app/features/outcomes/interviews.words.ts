/**
 * The words of interviews, offers and the interview deep-dive (issue 35 item 4, issue 36 item 2):
 * the student's /portal/interviews and /portal/deep-dive, the mentor's and the owner's offer
 * confirmation, and the profile's "not job seeking" box.
 */

export const OFFER_KIND_LABELS = { internship: "Internship", full_time: "Full-time" } as const;
export const OTHER_TRACK_LABEL = "Other";

/** /portal/interviews: the student's interviews and offers. */
export const interviewsText = {
  title: "Interviews and offers",
  nav: "Interviews",
  intro:
    "Tell us about each interview and each offer. An interview ahead of you unlocks one 60-minute deep-dive with your mentor; your mentor confirms each offer.",
  fromApplications:
    "Each interview and offer you report here moves one of your applications (the one with the same firm and role, or a new one).",
  applicationsLink: "See your applications",
  interviewsHeading: "Your interviews",
  interviewsEmpty: "No interviews reported yet.",
  interviewItem: (firm: string, role: string, date: string) => `${firm}, ${role}: ${date}`,
  deepDiveLink: "Book your interview deep-dive",
  deepDiveOpen: "See or move your deep-dive",
  deepDiveBooked: (when: string) => `Your interview deep-dive: ${when}.`,
  reportInterview: "Report an interview",
  firm: "Firm",
  role: "Role",
  interviewDate: "Interview date",
  interviewDateHint: "The day of the interview.",
  saveInterview: "Report interview",
  interviewSaved: {
    title: "Interview saved",
    description: "Good luck! Book your deep-dive with your mentor before the day.",
  },
  interviewPastSaved: { title: "Interview saved", description: "Thanks for telling us." },
  offersHeading: "Your offers",
  offersEmpty: "No offers reported yet.",
  offerItem: (firm: string, role: string, kind: string, track: string) =>
    `${firm}, ${role} (${kind}, ${track})`,
  offerStarts: (date: string) => `Starts ${date}.`,
  offerCompensation: (text: string) => `Compensation: ${text}.`,
  waiting: "Waiting for your mentor to confirm",
  confirmed: (date: string) => `Confirmed on ${date}`,
  reportOffer: "Report an offer",
  track: "Track",
  kind: "Kind",
  startDate: "Start date (optional)",
  compensation: "Compensation (optional)",
  compensationHint: "Only you, your mentor and the program's owner see this.",
  saveOffer: "Report offer",
  offerSaved: {
    title: "Congratulations!",
    description: "Your mentor will confirm the offer.",
  },
  errors: {
    firm: "Please enter the firm",
    role: "Please enter the role",
    tooLong: (max: number) => `Please keep this under ${max} characters`,
    date: "Please enter the date",
    dateRange: "Please enter a date within a year of today",
    startRange: "Please enter a start date within three years of today",
    track: "Please choose a track",
    kind: "Please choose internship or full-time",
    tooManyInterviews: "You have reported the most interviews there can be",
    tooManyOffers: "You have reported the most offers there can be",
    tooManyApplications:
      "You have the most applications there can be: delete one you no longer need",
    movedMeanwhile: "Your application was changed meanwhile: please try again",
    noSeat: "Interviews and offers are reported from a program seat",
  },
} as const;

/** The portal home's card pointing to /portal/interviews. */
export const interviewsHomeCard = {
  title: "Interviews and offers",
  body: "Landed an interview? Report it to unlock a 60-minute deep-dive with your mentor before the day. Got an offer? Report it too.",
  link: "Report an interview or an offer",
} as const;

/** /portal/deep-dive: the one 60-minute deep-dive before an interview. */
export const deepDiveText = {
  title: "Interview deep-dive",
  intro: (mentor: string) =>
    `Once per program, before an interview, you can book a 60-minute deep-dive with ${mentor} to prepare for it. Pick a free time below, at least 12 hours ahead.`,
  noMentor: "Your mentor is being assigned. You can book the deep-dive as soon as they are.",
  locked:
    "Report an interview that is still ahead of you to unlock your deep-dive. You can book it until the day of the interview.",
  reportLink: "Report an interview",
  interviewNav: "Your interviews ahead",
  forInterview: (firm: string, role: string, date: string) =>
    `Before your ${firm} interview (${role}) on ${date}`,
  weekNav: "Weeks before the interview",
  weekLink: (from: string) => `Week of ${from}`,
  weekHeading: (from: string, to: string) => `${from} to ${to}`,
  slotsGroup: (from: string) => `Free times in the week of ${from}`,
  noSlots: "No free hour left this week before the interview. Your mentor may add hours.",
  bookLabel: (when: string) => `Book the deep-dive at ${when}`,
  moveLabel: (when: string) => `Move my deep-dive to ${when}`,
  booked: (when: string) => `Your interview deep-dive: ${when}.`,
  bookedFor: (mentor: string, firm: string) => `With ${mentor}, for your ${firm} interview.`,
  changeHint:
    "You can move or cancel it up to 24 hours before; pick another time below to move it.",
  changeLocked:
    "It is less than 24 hours away, so it stays booked: if you can't make it, tell your mentor, who decides.",
  held: "You have had your deep-dive this program.",
  cancel: "Cancel the deep-dive",
  bookedToast: { title: "Deep-dive booked", description: "The invite is in your email." },
  movedToast: { title: "Deep-dive moved", description: "The updated invite is in your email." },
  cancelledToast: {
    title: "Deep-dive canceled",
    description: "You can book it again before your interview.",
  },
  errors: {
    slot: "Please pick one of the free times",
    interview: "Please pick one of your interviews ahead",
    taken: "That time was just taken. Please pick another.",
    already: "You already have your deep-dive this program. Move it instead.",
    tooLate: "It is too near its time, or past it, to change: your mentor decides now.",
    notFound: "That deep-dive is no longer booked.",
    locked: "Report an interview still ahead of you first.",
  },
} as const;

/** The offers a mentor (on a student's page) or the owner (on the person page) confirms. */
export const offerConfirmText = {
  heading: "Interviews and offers",
  jobSeeking: "Job seeking this year",
  notJobSeeking: "Not job seeking this year (left out of the placement rate)",
  interviews: "Interviews",
  noInterviews: "No interviews reported.",
  offers: "Offers",
  noOffers: "No offers reported.",
  confirm: "Confirm offer",
  /** An offer not yet confirmed, as its mentor or the owner reads it. */
  notConfirmed: "Not confirmed yet",
  confirmLabel: (firm: string) => `Confirm the ${firm} offer`,
  confirmHint: "Confirm an offer once you have seen it: only confirmed offers count.",
  confirmedToast: "Offer confirmed",
  alreadyToast: "That offer was already confirmed",
  notFound: "That offer is not one you can confirm",
} as const;

/** What a booking is called in its emails, invites and lists: a weekly 1-on-1 or the deep-dive. */
export const deepDiveWords = {
  name: "Interview deep-dive",
  lower: "interview deep-dive",
  summary: (student: string, mentor: string) => `Interview deep-dive: ${student} with ${mentor}`,
  description: "Your interview deep-dive of From Scratch to Success (60 minutes).",
  listItem: (student: string, when: string) => `${student}: ${when} (interview deep-dive)`,
  bookAgain: "You can book it again before your interview.",
} as const;

/** The profile's box (CIRR's exclusion, chosen at onboarding). */
/** The student's profile: turning the programme's reminders off (issue 45). */
export const remindersText = {
  legend: "Program reminders",
  label: "Turn off program reminders",
  hint: "Reminders to book your weekly 1-on-1 and of each group session. Your bookings and any changes to them are still emailed.",
} as const;

export const jobSeekingText = {
  legend: "This year",
  label: "I'm not job seeking this year",
  hint: "Tick this if you are not looking for an internship or job this year (for example, you are going on to further study). Your mentor still works with you.",
} as const;

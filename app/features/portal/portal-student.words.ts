/**
 * The student's side of the portal (issue 34): their home's weeks and checklist, and the profile
 * form. The sign-in words and the home's greeting are in ./portal.ts; the pre-work in ./prework.ts.
 */

/** The onboarding checklist, on the student's home and on the owner's pages. */
export const checklistText = {
  title: "Onboarding checklist",
  progress: (done: number, total: number) => `${done} of ${total} done`,
  progressLabel: "Checklist progress",
  done: "Done",
  todo: "To do",
  comingSoon: "Coming soon",
  items: {
    profile: {
      label: "Complete your profile",
      hint: "Time zone, target roles, LinkedIn and your current resume.",
      href: "/portal/profile",
    },
    calendar: {
      label: "Subscribe to your calendar",
      hint: "Add your private address under Your calendar to your calendar app: your live sessions appear there, in your own time zone. Done once your app has fetched it.",
      href: "/portal#calendar",
    },
    prework: {
      label: "Read the week 1 pre-work",
      hint: "Your target list, your 60-second story and your resume baseline.",
      href: "/portal/prework",
    },
  },
} as const;

/**
 * Which zone the portal's times are in. A student who has not saved a zone sees the site's zone,
 * named, or (where the page's enhancement can redraw the times) their browser's, named as such;
 * `{zone}` is filled in by the browser.
 */
export const zoneNote = {
  saved: (zone: string) => `Times are shown in your time zone, ${zone}.`,
  site: (zone: string) => `Times are in the site's time zone, ${zone}, until you save your own.`,
  browser: (zone: string) =>
    `Times are in your browser's time zone, ${zone}, until you save your own.`,
  save: "Save your time zone",
  change: "Change it",
} as const;

/** The six weeks and what is due now, on the student's home. */
export const weeksText = {
  title: "Your six weeks",
  weekLabel: (week: number) => `Week ${week}`,
  weekOf: (display: string) => `week of ${display}`,
  thisWeek: "This week",
  weekWork: (week: number) => `Open week ${week}: material and assignments`,
  noDatesYet: "Dates appear here as soon as your cohort's start date is set.",
  dueTitle: "Due this week",
  /** The same card once the six weeks are over. */
  afterTitle: "After the program",
  beforeStart:
    "Before week 1: finish your onboarding checklist and read the week 1 pre-work, so your mentor can start from where you are.",
  onboardingLeft: "Still on your onboarding checklist:",
  allSet: "Your onboarding checklist is done. You're ready for week 1.",
  /** Under the home's "Week n of 6" line, so the topic alone. */
  during: (title: string) => `This week's topic: ${title}`,
  finished:
    "Your six weeks are over. Keep your tracker going and tell us about every interview and offer: we'd love to hear.",
} as const;

/** /portal/profile: what a student tells their mentor about themselves. */
export const profilePage = {
  title: "Your profile",
  intro:
    "Your mentor reads this before your first 1-on-1. Save what you have now and come back to finish it any time.",
  complete: "Your profile is complete.",
  missing: (items: string) => `Still missing: ${items}.`,
  missingNames: {
    time_zone: "your time zone",
    target_roles: "a target role",
    linkedin_url: "your LinkedIn URL",
    resume: "your resume",
  },
  timeZone: "Your time zone",
  timeZoneHint: "We show session times in this zone.",
  timeZoneGuessHint: "Check this is your zone, then save to confirm it.",
  targetRoles: "Roles you're targeting",
  targetRolesHint: "Pick every track you're considering.",
  targetFirms: "Firms you're targeting",
  targetFirmsHint: "A few names are enough for now; your full list comes in week 1 (optional).",
  linkedinUrl: "LinkedIn profile URL",
  linkedinHint: "For example https://www.linkedin.com/in/your-name",
  resume: "Your current resume (.docx)",
  resumeHint: "A Word .docx file, up to 5 MB. Send it as it is today: week 1 starts from it.",
  resumeStored: (when: string) =>
    `We have the resume you uploaded ${when}. Choose a file only to replace it.`,
  graduationYear: "Graduation year",
  save: "Save profile",
  savedToast: { title: "Profile saved" },
  errors: {
    timeZone: "Please choose your time zone from the list",
    targetRoles: "Please choose from the tracks listed",
    linkedinUrl:
      "Please enter the address of your LinkedIn profile, like https://www.linkedin.com/in/your-name",
    graduationYear: (min: number, max: number) =>
      `Please enter your graduation year, from ${min} to ${max}`,
    tooLong: (max: number) => `Please keep this under ${max} characters`,
  },
} as const;

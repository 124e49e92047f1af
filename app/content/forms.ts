/** Labels, options and messages shared by the application and lead forms. */
export const fieldLabels = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  university: "University",
  graduationYear: "Graduation year",
  careerGoals: "Career goals (optional)",
  required: "required",
  honeypot: "Leave this field empty",
} as const;

export const validation = {
  firstName: "Please enter your first name",
  lastName: "Please enter your last name",
  nameLink: "Please enter your name without a web address",
  marketingConsent: "Please tick the box or leave it empty",
  email: "Please enter a valid email address",
  university: "Please enter your university",
  /** `year`: the year in force, the cohort's earliest graduation year (else the current year). */
  graduationYear: (year: number) => `Please enter a valid year (${year} or later)`,
  careerTargets: "Please choose at least one career target",
  careerOther: "Please specify your career target",
  hoursPerWeek: "Please tell us whether you can commit 5 hours per week",
  readyToEnroll: "Please choose an option",
  heardFrom: "Please tell us how you heard about us",
  referralName: "Please tell us who referred you",
  otherSource: "Please specify where you heard about us",
  challenge: "Please tell us your biggest challenge",
  motivation: "Please tell us what motivates you",
  tooLong: (max: number) => `Please keep this under ${max} characters`,
} as const;

export const formErrors = {
  errorTitle: "Error",
  noVisitor: "No authenticated user UID found",
  rateLimited: "Too many submissions from your connection. Please wait a minute and try again.",
  rateLimitedTitle: "Slow down",
  /** A signed-in form sent too often by one person: what they typed stays in the form. */
  portalRateLimited:
    "Too many changes in a minute. Please wait a minute and send it again: what you entered is still here.",
} as const;

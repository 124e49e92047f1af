import { MAX_NOTES_PER_PERSON } from "~/features/people/notes";
import type { EmailContent } from "~/mail/message";

/**
 * The words of the mentors (issue 34, item 3): the owner's /admin/mentors, the invitation email,
 * the mentor's own portal pages and the admin CLI's messages about a mentor.
 */

export const mentorValidation = {
  emailRequired: "Please enter the mentor's email address",
  emailInvalid: "Please enter a valid email address",
  nameRequired: "Please enter the mentor's name",
  capacity: (min: number, max: number) =>
    `Capacity is a whole number of students, from ${min} to ${max}`,
  duplicate: (email: string) => `${email} is already a mentor. Edit them in the list instead.`,
  notFound: "That mentor no longer exists. Refresh the page.",
  noteRequired: "Please write a note",
} as const;

export const mentorsConsole = {
  title: "Mentors",
  nav: "Mentors",
  intro:
    "Mentors sign in to the portal with a one-time link sent to their email: there is no password. Each sees only the students assigned to them in the current cohort.",
  listLabel: "Mentors",
  columns: ["Name", "Students this cohort", "Capacity", "State", "Email"],
  none: "No mentors yet. Invite the first one below.",
  active: "Active",
  inactive: "Deactivated",
  studentsOf: (students: number, capacity: number) => `${students} of ${capacity}`,
  inviteTitle: "Invite a mentor",
  inviteIntro:
    "They get an email that explains the portal and how to sign in. New students are assigned to the active mentor with the most free places.",
  email: "Email",
  name: "Name",
  bio: "Short bio (students see it)",
  capacity: "Students per cohort",
  invite: "Invite mentor",
  invited: (name: string) => `${name} is invited: the email is on its way.`,
  editTitle: (name: string) => `Edit ${name}`,
  save: "Save",
  saved: "Mentor saved.",
  deactivate: "Deactivate",
  deactivateHint:
    "A deactivated mentor is signed out at once and can't sign in; their students stay assigned until you move them.",
  deactivated: (name: string) => `${name} is deactivated and signed out.`,
  reactivate: "Reactivate",
  reactivateHint: "They can sign in again with a one-time link.",
  reactivated: (name: string) => `${name} can sign in again.`,
  placeSave: "Save meeting place",
  placeSaved: (name: string, updated: number) =>
    updated === 0
      ? `${name}'s meeting place is saved.`
      : `${name}'s meeting place is saved: ${updated} upcoming ${updated === 1 ? "booking has" : "bookings have"} an updated invite.`,
  placeNotSet: "No meeting place yet: they can't add hours until one is saved.",
  endSessions: "Sign out everywhere",
  sessionsEnded: (name: string) => `${name} is signed out everywhere.`,
} as const;

const signOff = "See you soon,\nThe From Scratch to Success team";

/**
 * The owner's invitation to a new mentor. It points at the portal's sign-in page rather than
 * carrying a one-time link: a link lives 15 minutes, and an invitation is often read later.
 */
export function mentorInviteEmail(name: string, portalUrl: string): EmailContent {
  return {
    subject: "You're a mentor in From Scratch to Success",
    preheader: "Sign in to the cohort portal to see your students.",
    greeting: name ? `Hi ${name},` : "Hi,",
    paragraphs: [
      "You've been added as a mentor of the From Scratch to Success cohort. Thank you for helping our students land their first role in finance.",
      "In the cohort portal you'll see the students assigned to you: their profile, their application's answers, their resume, and your private notes about them (your notes are never shown to students).",
      "There is no password: open the portal, enter this email address, and we'll send you a sign-in link that works once, for 15 minutes.",
    ],
    action: { label: "Open the cohort portal", url: portalUrl },
    signOff,
  };
}

/** The mentor's portal: their students, one student's page, the notes. */
export const mentorPortal = {
  title: "My students",
  intro: (name: string) =>
    `Welcome, ${name}. These are your students in the current cohort. Your notes are private: the owner and mentors see them, students never do.`,
  cohort: (display: string) =>
    display === "our next cohort"
      ? "The current cohort's start date isn't set yet."
      : `The current cohort starts the week of ${display}.`,
  none: "No students are assigned to you in the current cohort yet. We'll email you when one is.",
  listLabel: "My students",
  columns: ["Student", "University", "Graduating", "Time zone", "Profile"],
  profileDone: "Complete",
  profileNotDone: "Not finished yet",
  notSet: "Not given yet",
  backToList: "All my students",
  profileTitle: "Profile",
  email: "Email",
  university: "University",
  graduationYear: "Graduation year",
  timeZone: "Time zone",
  targetRoles: "Target roles",
  targetFirms: "Target firms",
  linkedin: "LinkedIn",
  applicationTitle: "Their application",
  careerTargets: "Career targets",
  challenge: "Biggest challenge",
  motivation: "Why finance",
  noApplication: "No application answers on file.",
  resumeTitle: "Resume",
  resumeDownload: (name: string) => `Download ${name}`,
  resumeUploaded: (when: string) => `Uploaded ${when}`,
  noResume: "They haven't uploaded a resume to the portal yet.",
  notesTitle: "Private notes",
  notesHint: "Only mentors and the owner see these notes; the student never does.",
  noNotes: "No notes yet.",
  noteLabel: "Add a note",
  noteButton: "Save note",
  noteBy: (author: string, when: string) => `${author}, ${when}`,
  noteSaved: "Note saved.",
  notesFull: `This student has ${MAX_NOTES_PER_PERSON} notes, the most one person can keep: no more can be added.`,
} as const;

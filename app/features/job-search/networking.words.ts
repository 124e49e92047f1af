/**
 * The words of weekly targets and networking (issue 47, item 4): the student's /portal/networking,
 * the "This week" card of their home, and the mentor's "Weekly targets" form. US English.
 */
import type { ConversationKind } from "./networking";

export const CONVERSATION_KIND_LABELS: Record<ConversationKind, string> = {
  coffee_chat: "Coffee chat",
  call: "Phone call",
  video: "Video call",
  email: "Email",
  event: "Event or career fair",
  linkedin: "LinkedIn message",
  other: "Other",
};

export const networkingText = {
  nav: "Networking",
  title: "Your networking",
  intro:
    "Every conversation you have with someone in the industry: who, at which firm, when and how, and when you mean to follow up. Your mentor sets how many to aim for each week.",
  count: (n: number, max: number) => `${n} of at most ${max} conversations.`,
  empty: "No conversations yet. Log your first one below.",
  listLabel: "Your conversations, newest first",
  addHeading: "Log a conversation",
  add: "Log conversation",
  added: { title: "Conversation logged", description: "It counts toward this week." },
  deleted: { title: "Conversation deleted", description: "It is off your log." },
  delete: "Delete",
  deleteLabel: (name: string, firm: string) => `Delete the conversation with ${name} (${firm})`,
  followUp: (date: string) => `Follow up on ${date}`,
  on: (date: string) => `on ${date}`,
  fields: {
    personName: "Who you spoke with",
    firm: "Firm",
    date: "Date",
    how: "How",
    followUp: "Follow-up date",
    followUpHint: "Optional: the day you mean to get back in touch.",
    notes: "Notes",
  },
  errors: {
    personName: "Please enter who you spoke with",
    firm: "Please enter the firm",
    date: "Please enter the date of the conversation",
    how: "Please choose how you spoke",
    followUp: "Please enter the follow-up as a date",
    followUpBefore: "Please choose a follow-up date on or after the conversation",
    tooLong: (max: number) => `Please keep this under ${max} characters`,
    tooMany: (max: number) => `You can keep at most ${max} conversations`,
    notFound: "This conversation no longer exists",
    target: (max: number) => `Please enter a whole number from 0 to ${max}`,
  },
} as const;

/** The "This week" card of the student's home (and of the networking page). */
export const thisWeekText = {
  title: "This week",
  range: (from: string, to: string) => `${from} to ${to}`,
  applications: "Applications sent",
  conversations: "Networking conversations",
  ofTarget: (n: number, target: number) => `${n} of ${target}`,
  noTarget: (n: number) => `${n} (no target set)`,
  noTargets: "No targets set yet: your mentor sets them at a 1-on-1.",
  followUpsDue: (n: number) => `${n} ${n === 1 ? "follow-up is" : "follow-ups are"} due this week.`,
  applicationsLink: "Your applications",
  networkingLink: "Your networking",
} as const;

/** The "Weekly targets" section of the mentor's student page. */
export const targetsText = {
  title: "Weekly targets",
  hint: "What this student aims for each week; their home shows the week against them.",
  none: "No targets set.",
  current: (applications: number, conversations: number) =>
    `Now: ${applications} ${applications === 1 ? "application" : "applications"} and ${conversations} ${conversations === 1 ? "conversation" : "conversations"} a week.`,
  applications: "Applications sent per week",
  conversations: "Networking conversations per week",
  save: "Save targets",
  saved: "Weekly targets saved",
} as const;

/**
 * The curriculum's weeks that are about the job search, by week number: week 3 (networking) and
 * week 4 (application strategy) link from the student's home to where that work is logged.
 */
export const curriculumWeekLinks: Readonly<Record<number, { href: string; label: string }>> = {
  3: { href: "/portal/networking", label: "Log your networking conversations" },
  4: { href: "/portal/applications", label: "Track your applications" },
};

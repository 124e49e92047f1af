/**
 * The codes the site stores, in the owner's words: what the console shows in place of a status,
 * a reason, a resource, a tag, an email's kind, a source or a state. A code no list knows yet (a
 * source typed into a link, a kind added later) is still shown readably: "some_code" becomes
 * "Some code", never the code itself.
 */
import {
  STATUS_REASONS,
  type PersonStatus,
  type WaitlistVariant,
} from "~/features/applications/application-outcome";
import type { ConsentMode } from "~/features/marketing/marketing";
import type { OutboxStatus, PaymentStatus, ReviewStatus, SubmissionType } from "~/db/schema";
import type { Utm } from "~/features/analytics/utm";
import { consoleText } from "./console";
import { ownerWaitlistWords } from "~/features/applications/application-emails.words";
import { leadMagnets, resourceFileTitles } from "~/features/leads/lead-magnets.words";
import { linkDestinations } from "~/features/marketing/link-destinations.words";
import { nurtureSequences } from "~/features/marketing/nurture.words";

/** "resume_review_lead" → "Resume review lead": a code read as words, for codes no list knows. */
export function humanize(code: string): string {
  const words = code
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_:\-\s]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "";
}

/** Looks `code` up in `words`, falling back to the code as words. */
function lookup(words: Record<string, string>, code: string): string {
  return Object.hasOwn(words, code) ? words[code]! : humanize(code);
}

/** A person's status as a short name (lists, filters, the status history). */
export const statusNames: Record<PersonStatus, string> = {
  lead: "Lead",
  qualified: "Qualified",
  waitlist: "Waitlist",
  has_questions: "Has questions",
  enrolled: "Enrolled",
};

export const statusName = (status: string) => lookup(statusNames, status);

const waitlistReasons: Record<string, WaitlistVariant> = {
  [STATUS_REASONS.cannotCommit]: "cannot_commit",
  [STATUS_REASONS.notReady]: "not_ready",
  [STATUS_REASONS.cohortFull]: "cohort_full",
};

/**
 * Why someone is on the waitlist, from the reason stored with the change (the owner's own reason
 * for a change by hand is kept as they wrote it): the same words as the owner's notification.
 */
export function waitlistReasonWords(reason: string): string {
  return Object.hasOwn(waitlistReasons, reason)
    ? ownerWaitlistWords[waitlistReasons[reason]!]
    : reason;
}

/** A free resource (a lead magnet, or a file of one) by its stored type or file key. */
export function resourceWords(type: string): string {
  if (Object.hasOwn(leadMagnets, type)) return leadMagnets[type as keyof typeof leadMagnets].label;
  if (Object.hasOwn(resourceFileTitles, type))
    return resourceFileTitles[type as keyof typeof resourceFileTitles];
  return humanize(type);
}

/** A tag on a person: the lead magnets' tags say which resource brought them. */
export function tagWords(tag: string): string {
  const magnet = Object.values(leadMagnets).find((m) => m.tag === tag);
  return magnet ? `${magnet.label} lead` : humanize(tag);
}

/** Each email the site sends, by its kind. */
const emailKinds: Record<string, string> = {
  application_qualified: "Application: qualified, with the enrollment link",
  application_has_questions: "Application: questions received",
  application_waitlist: "Application: on the waitlist",
  owner_application: "New application (to you)",
  owner_reply: "Your reply",
  enrollment_link: "Enrollment link (sent by you)",
  enrollment_confirmation: "Enrollment receipt",
  enrollment_onboarding: "Onboarding",
  cohort_start_date: "Cohort start date set, moved or to be confirmed",
  cohort_start_date_mentor: "Cohort start date (to a mentor)",
  enrollment_refund: "Refund: the cohort filled before the payment",
  enrollment_refunded: "Refund confirmation",
  enrollment_open: "Enrollment is open (cohort news)",
  seat_offer: "Seat offer",
  checkout_reminder: "Checkout reminder",
  resume_review_scheduled: "Resume review scheduled",
  resume_review_rescheduled: "Resume review moved",
  resume_review_cancelled: "Resume review canceled",
  broadcast: "Broadcast",
  broadcast_test: "Broadcast test (to you)",
  lead_resume_review: "Resume received",
  mentor_assignment: "New student (to their mentor)",
  mentor_invite: "Mentor invitation",
  withdrawal_received: "Request to leave: received",
  owner_withdrawal: "Request to leave (to you)",
  withdrawal_approved: "Request to leave: approved",
  withdrawal_declined: "Request to leave: declined",
};

/** The kinds of email the site stores, each in words (for the email log and its filters). */
export function emailKindWords(kind: string): string {
  if (Object.hasOwn(emailKinds, kind)) return emailKinds[kind]!;
  const lead = /^lead_(.+)$/.exec(kind);
  if (lead && Object.hasOwn(leadMagnets, lead[1]!))
    return `Free resource: ${resourceWords(lead[1]!)}`;
  const nurture = /^nurture:([^:]+):(\d+)$/.exec(kind);
  if (nurture) {
    const sequence = nurtureSequences[nurture[1] as keyof typeof nurtureSequences];
    return `${sequence?.name ?? humanize(nurture[1]!)}, email ${nurture[2]}`;
  }
  return humanize(kind);
}

/** The kinds the email log knows by name (the lead and nurture kinds are built from their lists). */
export const EMAIL_KINDS: readonly string[] = [
  ...Object.keys(emailKinds),
  ...Object.keys(leadMagnets).map((type) => `lead_${type}`),
  ...Object.keys(nurtureSequences).flatMap((key) =>
    nurtureSequences[key as keyof typeof nurtureSequences].steps.map(
      (_, i) => `nurture:${key}:${i + 1}`,
    ),
  ),
];

/** Where an email stands in the outbox. */
const outboxStateWords: Record<OutboxStatus, string> = {
  pending: "Waiting to send",
  sent: "Sent",
  failed: "Failed",
  suppressed: "Not sent: unsubscribed, bounced or no longer applies",
};

export const outboxStateWord = (state: string) => lookup(outboxStateWords, state);

export const reviewStatusWords: Record<ReviewStatus, string> = {
  waiting: "Waiting for review",
  scheduled: "Scheduled",
  reviewed: "Reviewed",
  profile: "Portal profile resume",
  photo: "Testimonial photo",
};

export const paymentStatusWords: Record<PaymentStatus, string> = {
  paid: "Paid",
  refund_needed: "To be refunded",
  refunded: "Refunded",
};

const providers: Record<string, string> = {
  test: "Test checkout",
  stripe: "Stripe",
  free: "No charge (a code covered it)",
};
export const providerWords = (provider: string) => lookup(providers, provider);

/** Where people came from: a link's `utm_source` (as typed into it), or no tagged link at all. */
const sources: Record<string, string> = {
  direct: "Direct (no tagged link)",
  youtube: "YouTube",
  linkedin: "LinkedIn",
  email: "Our emails",
  "(other)": "Other sources",
  "(none)": "(none)",
};

/** A source in words; one typed into a link by hand is shown as typed. */
export const sourceWords = (source: string) =>
  Object.hasOwn(sources, source) ? sources[source]! : source;

/** A campaign the link generator writes, by its destination's name; any other as typed. */
export function campaignWords(campaign: string): string {
  return Object.values(linkDestinations).find((d) => d.campaign === campaign)?.label ?? campaign;
}

/** A tag's value in words where the site knows it (a source, a generated campaign). */
function tagValueWords(key: string, value: string): string {
  if (key === "utm_source" || key === "source") return sourceWords(value);
  if (key === "utm_campaign" || key === "campaign") return campaignWords(value);
  return value;
}

/** The tags of a tracked link, as the first and last touch keep them. */
const touchFieldWords: Record<keyof Utm, string> = {
  utm_source: "Source",
  utm_medium: "Medium",
  utm_campaign: "Campaign",
  utm_content: "Content",
  utm_term: "Term (video id or rep code)",
  videoId: "Video id",
};

/** A touch's tags in words, each labelled; the source named. */
export function touchWords(touch: Partial<Record<string, unknown>> | null): [string, string][] {
  if (!touch) return [];
  return Object.entries(touch)
    .filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "")
    .map(([key, value]) => [lookup(touchFieldWords, key), tagValueWords(key, value)]);
}

export const submissionTypeWords: Record<SubmissionType, string> = {
  application: "Application",
  lead_magnet: "Free resource",
};

/** Where a consent to marketing mail was given: `lead:<resource>`, `application`, a page. */
export function consentSourceWords(source: string): string {
  const lead = /^lead:(.+)$/.exec(source);
  if (lead) return `${resourceWords(lead[1]!)} form`;
  if (source === "application") return "Application form";
  return source.charAt(0).toUpperCase() + source.slice(1);
}

export const consentModeWords: Record<ConsentMode, string> = {
  "opt-in": "ticked the box",
  notice: "told on the form (notice)",
};

/** The answers of a stored form, each labelled as the form asked it. */
const submissionFields: Record<string, string> = {
  ...consoleText.person.answerLabels,
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  university: "University",
  graduationYear: "Graduation year",
  careerOther: "Other career target",
  careerGoals: "Career goals",
  readyToStart: "Ready to start",
  referralName: "Referred by",
  otherSource: "Heard from (other)",
  leadSourceDetails: "Lead source details",
  hasQuestions: "Their question",
  resourceType: "Resource",
  source: "Source",
  utm: "Tracked link",
  resumeUrl: "Resume file",
};

const submissionFieldWords = (key: string) => lookup(submissionFields, key);

/** Coded answers of the application form, as the owner reads them. */
const answerWords: Record<string, string> = {
  yes: "Yes",
  no: "No",
  questions: "Has questions first",
  youtube: "YouTube",
  referral: "A referral",
  social: "Social media",
  other: "Other",
};

const fieldLabel = (key: string) =>
  Object.hasOwn(touchFieldWords, key)
    ? touchFieldWords[key as keyof Utm]
    : submissionFieldWords(key);

/**
 * One stored answer in words: a list joined, an object (the tracked link, the referral) as its
 * labelled parts, a coded answer ("yes", "youtube", a resource type, a source) in words.
 */
export function answerText(key: string, value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => answerText(key, item)).join(", ");
  if (value && typeof value === "object")
    return Object.entries(value)
      .map(([part, item]) => [fieldLabel(part), answerText(part, item)] as const)
      .filter(([, text]) => text !== "")
      .map(([label, text]) => `${label}: ${text}`)
      .join("; ");
  const text = value === null || value === undefined ? "" : String(value);
  if (key === "resourceType") return resourceWords(text);
  if (key === "source" || key.startsWith("utm_")) return tagValueWords(key, text);
  return Object.hasOwn(answerWords, text) ? answerWords[text]! : text;
}

/** A stored form's answers as [label, text] pairs, empty answers left out. */
export function submissionAnswers(formData: Record<string, unknown>): [string, string][] {
  return Object.entries(formData)
    .map(([key, value]): [string, string] => [submissionFieldWords(key), answerText(key, value)])
    .filter(([, text]) => text !== "");
}

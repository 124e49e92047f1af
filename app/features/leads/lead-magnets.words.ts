/**
 * The free lead magnets and the words of the pages that
 * give them away: /resume-template, /cold-outreach, /application-tracker, /resource-library and
 * /resume-review.
 */

import type { ResourceFileKey, ResourceFormat } from "~/features/resources/formats";

export interface LeadMagnet {
  /** Added to the person's tags. */
  tag: string;
  label: string;
  /** How the confirmation and the email name what was sent. */
  sentItem: string;
  /** The files the delivery email links to; none for the resume review. */
  files: readonly ResourceFileKey[];
}

export const leadMagnets = {
  resume: {
    tag: "resume_template_lead",
    label: "Resume Template",
    sentItem: "your free Resume Template",
    files: ["resume-template"],
  },
  outreach: {
    tag: "outreach_scripts_lead",
    label: "Cold Outreach Scripts",
    sentItem: "your free Cold Outreach Scripts",
    files: ["outreach-scripts"],
  },
  tracker: {
    tag: "application_tracker_lead",
    label: "Application Tracker",
    sentItem: "your free Application Tracker",
    files: ["application-tracker"],
  },
  resource_library: {
    tag: "resource_library_lead",
    label: "Resource Library",
    sentItem: "all three free resources",
    files: ["resume-template", "outreach-scripts", "application-tracker"],
  },
  resume_review: {
    tag: "resume_review_lead",
    label: "Resume Review",
    sentItem: "your resume",
    files: [],
  },
} as const satisfies Record<string, LeadMagnet>;

export type ResourceType = keyof typeof leadMagnets;

/** The files as the emails and the library name them. */
export const resourceFileTitles: Record<ResourceFileKey, string> = {
  "resume-template": "Resume Template",
  "outreach-scripts": "Cold Outreach Scripts",
  "application-tracker": "Application Tracker",
};

/** Each format as the library's cards name it, and the label of its link in emails and cards. */
export const resourceFormatLabels: Record<ResourceFormat, { name: string; download: string }> = {
  pdf: { name: "PDF", download: "Download PDF" },
  docx: { name: "Word", download: "Download Word (.docx)" },
  xlsx: { name: "Excel", download: "Download Excel (.xlsx)" },
};

export interface LeadPage {
  path: string;
  metaTitle: string;
  eyebrow: string;
  headline: string;
  promise: string;
  benefitsTitle: string;
  benefits: readonly [string, string, string];
}

/** The three single-resource pages, keyed by the resource type they give away. */
export const leadPages = {
  resume: {
    path: "/resume-template",
    metaTitle: "Free Finance Resume Template",
    eyebrow: "Free resume template",
    headline: "The Finance Resume Template That Gets Interviews",
    promise:
      "Get the one-page template our mentees use to land interviews at wealth management firms, banks and capital markets desks, with every section already written as an example.",
    benefitsTitle: "What you get",
    benefits: [
      "A one-page layout recruiters in finance expect, ready to fill in",
      "Example bullets that show how to quantify any experience, even part-time jobs",
      "A checklist of what to fix before you hit send",
    ],
  },
  outreach: {
    path: "/cold-outreach",
    metaTitle: "Free Cold Outreach Scripts for Finance",
    eyebrow: "Free outreach scripts",
    headline: "Cold Outreach Scripts That Get Replies from Finance Professionals",
    promise:
      "Six short, proven email and LinkedIn scripts that turn strangers in finance into coffee chats, referrals and interviews.",
    benefitsTitle: "What you get",
    benefits: [
      "Cold email and LinkedIn note templates you can send today",
      "Follow-ups that stay polite and still get answered",
      "A day-by-day outreach cadence, plus the thank-you note that earns referrals",
    ],
  },
  tracker: {
    path: "/application-tracker",
    metaTitle: "Free Internship Application Tracker",
    eyebrow: "Free application tracker",
    headline: "Track Every Application and Never Miss a Follow-Up",
    promise:
      "The spreadsheet our mentees use to organize recruiting season: every firm, deadline, contact and next step in one place.",
    benefitsTitle: "What you get",
    benefits: [
      "Columns for firm, role, deadline, status, contact and next step",
      "Status drop-downs and a summary sheet that counts your pipeline for you",
      "Example rows that show how to log networking as well as applications",
    ],
  },
} as const satisfies Partial<Record<ResourceType, LeadPage>>;

export type LeadPageType = keyof typeof leadPages;

export const leadForm = {
  title: "Get your free copy",
  intro: "Tell us where to send it. We'll email you the download link straight away.",
  requiredNote: "Fields marked * are required.",
  submit: "Get Your Free Resource",
  submitting: "Sending...",
} as const;

export const leadSuccess = {
  title: "Check Your Email!",
  body: (sentItem: string) =>
    `We've sent ${sentItem} to your email. If you don't see it within 5 minutes, please check your spam folder.`,
  home: "Back to Home",
} as const;

/** Under a confirmation: what to do next (features/leads/lead-magnets.ts `nextSteps`). */
export const nextStepsCopy = {
  title: "What's next",
  filesIntro: "More free resources, no form to fill in:",
  file: (title: string, format: string) => `${title} (${format})`,
  newTab: "opens in a new tab",
  resumeReview: "Get your resume reviewed on our livestream, free",
  applyIntro:
    "Want mentors who work in finance to help with your search? Apply for the six-week program.",
  apply: "Apply to the program",
} as const;

export const resumeReviewPage = {
  metaTitle: "Free Resume Review on Our Livestream",
  eyebrow: "Free resume review",
  headline: "Get Your Resume Reviewed Live",
  promise:
    "Send us your resume and a mentor will review it on our next livestream: what works, what to cut, and how to rewrite your bullets so finance recruiters keep reading.",
  benefitsTitle: "How it works",
  benefits: [
    "Upload your resume as a Word document (.docx, up to 5 MB)",
    "We email you when your review is scheduled for the next livestream",
    "Watch live or catch the recording, and apply the fixes the same day",
  ],
  /** Beside the benefits: when the livestreams are, and what viewers see of a resume. */
  livestream: {
    title: "When, and what viewers see",
    startsAt: (time: string) =>
      `Our resume-review livestreams start at ${time} on our YouTube channel. When yours is booked, we email you the date with a calendar invite.`,
    next: (when: string) => `Next livestream: ${when}.`,
    privacy:
      "On the stream we show your resume with your personal details removed: your name, email, phone number, address and profile links are blanked out, so viewers see your experience, not who you are.",
  },
  formTitle: "Submit your resume",
  resumeLabel: "Your resume (.docx)",
  resumeHint: "Word document (.docx), up to 5 MB.",
  submit: "Submit for Review",
  submitting: "Sending...",
  success: {
    title: "Resume Submitted!",
    body: "Thank you! We'll notify you by email when your review is scheduled for the next livestream.",
  },
} as const;

export const resourceLibraryPage = {
  metaTitle: "Free Finance Career Resource Library",
  eyebrow: "Free resources",
  headline: "The Finance Career Resource Library",
  intro:
    "Everything we give our mentees to get started, free: open any file below, and watch the tutorials on our channel to get the most out of each one.",
  items: [
    {
      key: "resume-template",
      description:
        "A one-page finance resume with example bullets and a checklist of what to fix before you send it.",
    },
    {
      key: "outreach-scripts",
      description:
        "Cold email, LinkedIn and follow-up scripts, plus the cadence that turns contacts into referrals.",
    },
    {
      key: "application-tracker",
      description:
        "A spreadsheet for every firm, deadline, contact and next step, with a pipeline summary.",
    },
  ] satisfies { key: ResourceFileKey; description: string }[],
  /** Between the formats a file comes in, on its card. */
  formatSeparator: " · ",
  newTab: "opens in a new tab",
  tutorialsTitle: "Learn how to use them",
  tutorialsBody: "Our video tutorials walk through each resource step by step.",
  tutorialsButton: "Watch the tutorials on YouTube",
  emailTitle: "Email me all three",
  emailIntro: "Prefer to keep them in your inbox? We'll email you links to all three resources.",
} as const;

/** Toasts of the lead forms. */
export const leadToasts = {
  success: { title: "Success!", description: "Check your email for your download link." },
  resumeSuccess: {
    title: "Success!",
    description:
      "Your resume has been submitted for review. We'll notify you when your review is scheduled.",
  },
  /** The request is stored, but the address has had its quota of our emails for now. */
  mailLater: {
    title: "Success!",
    description:
      "We've saved your request. This address has had several emails from us in the last hour, so ours will follow later, within 24 hours.",
  },
  mailWithheld: {
    title: "Saved",
    description:
      "We've saved your request, but this address has had too many emails from us today, so we won't send another. Please contact support if you need it.",
  },
  errorTitle: "Error",
  /** With the message of a known failure, or the generic text when there is none. */
  errorDescription: (message?: string) =>
    message
      ? `Error: ${message}. Please try again or contact support.`
      : "There was a problem processing your request. Please try again or contact support.",
  errorDurationMs: 7000,
  uploadFailed: "Failed to upload resume. Please try again or contact support.",
} as const;

/** What is wrong with a chosen resume file, as a toast and as the message under the field. */
export const resumeFileMessages = {
  missing: { title: "Error", description: "Please upload your resume" },
  not_docx: { title: "Invalid File Type", description: "Please upload a .docx file" },
  /** Named .docx, but not a Word document we can open (another format renamed, a damaged file). */
  unreadable: {
    title: "Unreadable File",
    description:
      "This file isn't a Word document we can open. In Word or Google Docs, save or download your resume as a .docx file, then upload that copy.",
  },
  too_large: {
    title: "File Too Large",
    description: "Your resume must be 5 MB or smaller. Please upload a smaller .docx file.",
  },
} as const;

export const downloadErrors = {
  notFound: "This download link is not valid. Request the resource again to get a new link.",
} as const;

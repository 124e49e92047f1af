/**
 * The link generator's destination catalogue and the words of the /link-generator page.
 * `campaign` and `content` become utm_campaign and utm_content; `emoji` and `cta` make up the
 * YouTube description call-to-action block and the entries of the LinkedIn message.
 */
export const linkDestinations = {
  resume_template: {
    label: "Resume Template",
    campaign: "resume_template",
    path: "/resume-template",
    content: "resume",
    emoji: "📄",
    cta: "Get our proven resume template",
  },
  outreach_scripts: {
    label: "Cold Outreach Scripts",
    campaign: "outreach_scripts",
    path: "/cold-outreach",
    content: "outreach",
    emoji: "✉️",
    cta: "Grab the cold outreach scripts that get replies from finance professionals",
  },
  application_tracker: {
    label: "Application Tracker",
    campaign: "application_tracker",
    path: "/application-tracker",
    content: "tracker",
    emoji: "📊",
    cta: "Track every application with our free spreadsheet",
  },
  resource_library: {
    label: "Resource Library",
    campaign: "resources",
    path: "/resource-library",
    content: "general",
    emoji: "📚",
    cta: "Browse our free finance career resource library",
  },
  resume_review: {
    label: "Resume Review",
    campaign: "resume_review",
    path: "/resume-review",
    content: "review",
    emoji: "🔍",
    cta: "Submit your resume for a free review on our next livestream",
  },
  application: {
    label: "Mentorship Application",
    campaign: "application",
    path: "/apply",
    content: "general",
    emoji: "🚀",
    cta: "Apply for the 6-week finance mentorship program",
  },
} as const;

export type DestinationKey = keyof typeof linkDestinations;

/** Catalogue order: the order of the checkboxes, the generated links and the CTA block. */
export const destinationKeys = Object.keys(linkDestinations) as DestinationKey[];

export const linkPlatforms = {
  youtube: {
    label: "YouTube",
    idLabel: "YouTube video URL or ID",
    idHint: "Paste the video's link (watch, youtu.be, Shorts, embed or live) or just its ID.",
    idPlaceholder: "https://www.youtube.com/watch?v=…",
    idRequired: "Please enter a video ID",
    /** Shown under the field when the reduced ID is not one; the links are made all the same. */
    idWarning: (id: string) =>
      `“${id}” does not look like a YouTube video ID (11 letters, digits, - or _). The links carry it as it is, so check it before sharing them.`,
    summary: (id: string) => `Links for video ID ${id}`,
  },
  linkedin: {
    label: "LinkedIn",
    idLabel: "Rep code",
    idHint: "The code that identifies who is sending the message, e.g. jane_d.",
    idPlaceholder: "jane_d",
    idRequired: "Please enter a rep code",
    idHasSpaces: "A rep code cannot contain spaces. Use _ or - instead, e.g. jane_d.",
    summary: (id: string) => `Links for rep code ${id}`,
  },
} as const;

export type LinkPlatform = keyof typeof linkPlatforms;

export const linkPlatformKeys = Object.keys(linkPlatforms) as LinkPlatform[];

/**
 * The ready-to-paste block under the links, one per platform: for YouTube the spec's description
 * call-to-action block (the entries alone), for LinkedIn a message around the same entries.
 */
export const linkPasteBlocks = {
  youtube: {
    title: "Description call-to-action block",
    label: "Paste this into the YouTube video description",
    copy: "Copy CTA Block",
    opening: null,
    closing: null,
  },
  linkedin: {
    title: "LinkedIn message block",
    label: "Paste this into a LinkedIn message",
    copy: "Copy Message Block",
    opening:
      "Hi! Thanks for connecting. Here are a few free resources from From Scratch to Success for students and recent grads going after internships and entry-level roles in finance:",
    closing: "Happy to answer any questions. Just reply here!",
  },
} as const satisfies Record<
  LinkPlatform,
  { title: string; label: string; copy: string; opening: string | null; closing: string | null }
>;

export const linkGeneratorPage = {
  metaTitle: "Marketing Link Generator",
  metaDescription:
    "Build tracked links, a description call-to-action block and QR codes for YouTube videos and LinkedIn outreach.",
  title: "Marketing Link Generator",
  intro:
    "Build tracked links to our free resources and the application page for a YouTube video description or a LinkedIn message.",
  platformLegend: "Platform",
  destinationsLegend: "Destinations",
  destinationsHint: "Tick one or more pages to link to.",
  generate: "Generate Links",
  resultsTitle: "Your links",
  generated: (count: number) => `Generated ${count} ${count === 1 ? "link" : "links"}.`,
  copy: "Copy",
  copyLinkSuffix: (label: string) => ` ${label} link`,
  downloadQr: "Download QR",
  downloadQrSuffix: (label: string) => ` code for ${label}`,
  qrAlt: (label: string) => `QR code for the ${label} link`,
  qrPending: "Making QR code…",
  errors: {
    destinationsRequired: "Please select at least one destination",
  },
  toast: {
    copiedTitle: "Copied!",
    copiedDescription: "Link copied to clipboard",
    failedTitle: "Copy failed",
    failedDescription: "Select the text and copy it yourself.",
  },
} as const;

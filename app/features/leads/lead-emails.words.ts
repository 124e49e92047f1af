import type { EmailContent } from "~/mail/message";

const signOff = "Talk soon,\nThe From Scratch to Success team";

export const leadEmails = {
  /** The delivery email: per file, one link per format, each personal to the recipient. */
  delivery: (
    firstName: string,
    sentItem: string,
    files: { title: string; links: { label: string; url: string }[] }[],
  ): EmailContent => ({
    subject: `Your download: ${sentItem}`,
    preheader: "Your download link is inside.",
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `Thank you for your interest. Use the ${
        files.flatMap((file) => file.links).length === 1 ? "link" : "links"
      } below to download ${sentItem}.`,
      "Need it again later? Request it on our site at any time and we'll send you a new email.",
    ],
    linkGroups: files,
    signOff,
  }),

  /** The confirmation of a resume sent for review on the livestream. */
  resumeReceived: (firstName: string): EmailContent => ({
    subject: "We received your resume",
    preheader: "We'll email you when your review is scheduled.",
    greeting: `Hi ${firstName},`,
    paragraphs: [
      "Thank you for submitting your resume for review. We received it and added it to the queue for our next livestream.",
      "We'll email you as soon as your review is scheduled, so you can watch it live or catch the recording.",
    ],
    signOff,
  }),
};

import { paragraphsOf } from "~/features/marketing/sequence-copy";
import type { EmailContent } from "~/mail/message";

const signOff = "Talk soon,\nThe From Scratch to Success team";
const hi = (firstName: string) => (firstName ? `Hi ${firstName},` : "Hi,");

/** Emails the owner sends one person from their page in the console. */
export const personEmails = {
  /** The owner's answer, with the question the person asked on their application quoted under it. */
  reply: (input: {
    firstName: string;
    message: string;
    question: string | null;
  }): EmailContent => ({
    subject: "Your questions about From Scratch to Success",
    greeting: hi(input.firstName),
    paragraphs: [
      ...paragraphsOf(input.message),
      ...(input.question ? [`You asked:\n> ${input.question.replace(/\n/g, "\n> ")}`] : []),
      "Just reply to this email if anything else comes up.",
    ],
    signOff,
  }),

  enrollLink: (input: { firstName: string; url: string }): EmailContent => ({
    subject: "Your link to enroll in From Scratch to Success",
    preheader: "Your seat is waiting: the link is yours for 14 days.",
    greeting: hi(input.firstName),
    paragraphs: [
      "You're qualified for the next From Scratch to Success cohort. Use the button below to review the price breakdown and secure your seat.",
      "Seats go to the first qualified applicants who enroll. The link is yours alone and works for 14 days.",
    ],
    action: { label: "Enroll now", url: input.url },
    signOff,
  }),
};

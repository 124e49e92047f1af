import type { EmailContent } from "~/mail/message";

/**
 * The words of the stories that sell the next cohort (issue 36, item 5): the email asking for a
 * testimonial, the student's page, the owner's page and the home page's headline stat.
 */

const signOff = "Congratulations again,\nThe From Scratch to Success team";

/**
 * What the student agrees to, word for word: shown beside each choice and stored with the
 * testimonial (consent_words) when they send it.
 */
export const ROLE_IN_CONSENT = "the role and firm of my offer";

export const consentWords = {
  full: `I agree that From Scratch to Success may publish my testimonial on its website with my full name, ${ROLE_IN_CONSENT}, my star rating if I give one and my photo if I give one. I can withdraw this consent at any time in the portal, and it is then taken down at once.`,
  first_name: `I agree that From Scratch to Success may publish my testimonial on its website with my first name, ${ROLE_IN_CONSENT} and my star rating if I give one, and nothing else. I can withdraw this consent at any time in the portal, and it is then taken down at once.`,
} as const;

/** The email sent when a student's first offer is confirmed. */
export function testimonialRequestEmail(firstName: string, url: string): EmailContent {
  return {
    subject: "Congratulations on your offer! Would you share your story?",
    preheader: "A few sentences for the next students, published only as you choose.",
    greeting: firstName ? `Hi ${firstName},` : "Hi,",
    paragraphs: [
      "Your offer is confirmed: congratulations, that's the result of real work.",
      "Would you write a few sentences about your time in the program for students who are where you were? You choose whether we show your full name (with your photo, if you like) or only your first name, always with the role and firm of your offer, and you can withdraw it at any time.",
    ],
    action: { label: "Write my testimonial", url },
    signOff,
  };
}

/** /portal/testimonial and the prompt on the portal home. */
export const testimonialPage = {
  title: "Your testimonial",
  nav: "Testimonial",
  intro:
    "Congratulations on your offer! A few sentences about the program help the students who come next. We publish it only after you agree, only as you choose, and you can withdraw it at any time.",
  notAsked: "When your mentor confirms an offer, you'll be able to write a short testimonial here.",
  quote: "Your testimonial",
  quoteHint: (max: number) => `Up to ${max} characters: what changed for you, in your own words.`,
  consent: "How may we publish it?",
  consentOptions: {
    full: "With my full name, the role and firm of my offer and my photo if I give one",
    first_name: "With my first name and the role and firm of my offer only",
  },
  rating: "Your rating of the program (optional)",
  ratingNone: "No rating",
  ratingOption: (stars: number) => `${stars} ${stars === 1 ? "star" : "stars"}`,
  consentWordsLabel: "What you agree to:",
  send: "Send my testimonial",
  photo: "Your photo (optional)",
  photoHint: (maxMb: number) =>
    `A JPEG or PNG of at most ${maxMb} MB, shown beside your testimonial only with your full name.`,
  photoStored: (when: string) =>
    `Your photo is stored (sent ${when}). Choose another to replace it.`,
  photoTitle: "Your photo",
  photoIntro:
    "Your photo is shown on our home page only while your testimonial is published with your full name.",
  removePhoto: "Remove my photo",
  photoRemovedToast: {
    title: "Photo removed",
    description: "Your photo is deleted and no longer shown.",
  },
  status: {
    requested: "You haven't written your testimonial yet.",
    submitted: "Thank you! We'll read it before it's published.",
    approved: "Your testimonial is published on our home page.",
    hidden: "Your testimonial is not published.",
  },
  agreed: (words: string, when: string) => `You agreed on ${when}: “${words}”`,
  withdrawnNote: (when: string) =>
    `You withdrew your consent on ${when}. Send it again to agree anew.`,
  withdrawTitle: "Withdraw your consent",
  withdrawIntro:
    "Your testimonial comes off our website at once, and we won't publish it again unless you send it again.",
  withdraw: "Withdraw my consent",
  sentToast: { title: "Testimonial sent", description: "Thank you! We'll read it soon." },
  withdrawnToast: {
    title: "Consent withdrawn",
    description: "Your testimonial is no longer published.",
  },
  homePrompt: {
    title: "Share your story",
    body: "Your offer is confirmed: congratulations! Would you write a short testimonial for the next students?",
    link: "Write my testimonial",
  },
  errors: {
    quoteRequired: "Please write your testimonial",
    quoteTooLong: (max: number) => `Please keep it to ${max} characters`,
    consentRequired: "Please choose how we may publish it",
    notAsked: "There is no testimonial to write yet.",
    nothingToWithdraw: "There is no consent to withdraw.",
    photoTooLarge: (maxMb: number) => `Please choose a photo of at most ${maxMb} MB`,
    notPhoto: "Please choose a JPEG or PNG photo: this file is not one",
    photoNeedsFull: "A photo is shown only with your full name: choose that, or send no photo",
    noPhoto: "There is no photo to remove.",
    ratingInvalid: "Please choose from 1 to 5 stars, or no rating",
  },
} as const;

/** /admin/testimonials. */
export const testimonialsConsole = {
  title: "Testimonials",
  nav: "Testimonials",
  intro:
    "Students are asked for a testimonial when their first offer is confirmed. Approved ones are on the home page in this order (while fewer than four are approved, the four written ones are shown after them). A student who withdraws consent is taken off at once.",
  none: "No testimonials have been written yet.",
  listLabel: "Testimonials",
  statusNames: {
    requested: "Asked, not written",
    submitted: "Waiting for approval",
    approved: "Published",
    hidden: "Hidden",
  },
  withdrawn: "Consent withdrawn",
  consentNames: { full: "Full name and firm", first_name: "First name and firm" },
  shownAs: (name: string, firm: string) => `Shown as: ${name}, ${firm}`,
  theirWords: "As they wrote it",
  consentAt: (when: string) => `Consent given ${when}`,
  photoLabel: (name: string) => `${name}'s photo`,
  publishedQuote: "Published words (fix typos only)",
  save: "Save the words",
  approve: "Approve",
  hide: "Hide",
  up: "Move up",
  down: "Move down",
  upLabel: (name: string) => `Move ${name}'s testimonial up`,
  downLabel: (name: string) => `Move ${name}'s testimonial down`,
  settingsTitle: "Headline on the home page",
  settingsIntro: (count: number) =>
    `Confirmed offers so far: ${count}. The home page says “4+” success stories until you choose to show the real count.`,
  showCount: "Show the count of confirmed offers on the home page",
  saveSettings: "Save the headline",
  approved: (name: string) => `${name}'s testimonial is published`,
  hidden: (name: string) => `${name}'s testimonial is hidden`,
  edited: "The published words are saved",
  moved: "The order is saved",
  settingsSaved: (shown: boolean) =>
    shown
      ? "The home page shows the count of confirmed offers"
      : "The home page shows “4+” success stories",
  notFound: "That testimonial no longer exists",
  notWithdrawn: "The student withdrew consent: it can't be published",
  quoteRequired: "The published words can't be empty",
} as const;

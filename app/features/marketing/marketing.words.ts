/** The words of marketing mail: consent on the forms, the unsubscribe page, footers. */

/** What each consent mode shows on the forms; stored with every consent as given. */
export const consentWording = {
  "opt-in": "Send me career tips and cohort news",
  notice:
    "We'll also email you career tips and cohort news, with a one-click unsubscribe in each email.",
} as const;

/** The plain-text answers to a mail provider's one-click unsubscribe (RFC 8058). */
export const oneClickAnswers = {
  done: "Unsubscribed.\n",
  unknown: "Unknown unsubscribe link.\n",
};

export const unsubscribePage = {
  metaTitle: "Unsubscribe",
  title: "Unsubscribe from our emails?",
  intro: (email: string) =>
    `You're about to stop career tips and cohort news to ${email}. Emails about things you ask for (your downloads, your application, your seat) still arrive.`,
  confirm: "Unsubscribe",
  newsOnly: "Only send me cohort news",
  doneTitle: "You're unsubscribed",
  doneBody:
    "You won't get career tips or cohort news from us any more. Changed your mind? Tick the box on any form on our site.",
  newsOnlyTitle: "You'll only get cohort news",
  newsOnlyBody:
    "No more career tips. We'll only write when a cohort opens for enrollment or something about the program changes.",
  notFoundTitle: "This unsubscribe link is not valid",
  notFoundBody:
    "Check that you opened the whole link from the email. If it still does not work, reply to any of our emails and we'll unsubscribe you by hand.",
  home: "Back to the home page",
};

export const unsubscribeToasts = {
  done: { title: "You're unsubscribed", description: "No more marketing emails from us." },
  newsOnly: { title: "Preferences saved", description: "You'll only get cohort news." },
};

/** The footer every marketing email carries. */
export const marketingFooter = {
  why: "You're getting this because you asked for career tips and cohort news from From Scratch to Success.",
  unsubscribe: "Unsubscribe",
  /** Shown where the postal address goes when MAIL_POSTAL_ADDRESS is unset (local sites only). */
  postalPlaceholder: "[Postal address not configured: set MAIL_POSTAL_ADDRESS]",
};

/** Why the worker dropped a marketing email, as the email log shows it. */
export const suppressedReasons = {
  unsubscribed: "not sent: the person no longer gets this kind of email (unsubscribed)",
  undeliverable: "not sent: the address is flagged undeliverable",
  /** An email rendered at send (decision 0040) that no longer applied, e.g. a refunded seat's onboarding. */
  noLongerApplies: "not sent: it no longer applied when it was due (no paid seat)",
};

/** "Only send me cohort news" from the unsubscribe page, as its consent row records it. */
export const newsOnlyConsent = { source: "unsubscribe page", wording: "Only send me cohort news" };

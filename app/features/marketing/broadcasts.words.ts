/** The words of the broadcasts console (/admin/broadcasts) and the sequences page. */

export const broadcastErrors = {
  audience: "Choose the audience from the lists",
  category: "Choose cohort news or career tips",
  intent: "Choose Send a test or Send",
  requestKey: "This form is out of date. Reload the page and try again.",
  subject: "Please enter a subject",
  subjectTooLong: "Keep the subject under 150 characters",
  body: "Please write the message",
  bodyTooLong: "Keep the message under 20,000 characters",
  sendAt: "Enter the date and time as the picker gives them",
  sendAtPast: "Choose a time in the future, or leave it empty to send now",
};

export const broadcastConsole = {
  title: "Broadcasts",
  intro:
    "Write to the people who may get marketing email. Unsubscribed and undeliverable addresses are always left out, and each email carries a one-click unsubscribe.",
  composeTitle: "New broadcast",
  audienceTitle: "Audience",
  category: "Kind",
  categories: { news: "Cohort news", tips: "Career tips" },
  status: "Status",
  resource: "Free resource taken",
  cohort: "Paid in cohort",
  waitlist: "In the current cohort's seat queue",
  source: "First-touch source",
  any: "Any",
  count: (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "person" : "people"} will get it`,
  updateCount: "Update count",
  subject: "Subject",
  body: "Message (Markdown)",
  bodyHint:
    "Markdown: **bold**, *italic*, [a link](https://…), lists with -. HTML is shown as text. Each email starts with “Hi <first name>,”.",
  sendAt: "Send at (optional)",
  sendAtHint: (zone: string) => `In ${zone}. Leave it empty to send now.`,
  test: "Send a test to me",
  send: "Send",
  previewTitle: "Check before it goes",
  previewIntro:
    "This is the email as recipients will see it (text version). Nothing has been sent yet.",
  previewSubject: "Subject",
  sendTo: (n: number) => `Send to ${n.toLocaleString("en-US")} ${n === 1 ? "person" : "people"}`,
  scheduleFor: (n: number) =>
    `Schedule for ${n.toLocaleString("en-US")} ${n === 1 ? "person" : "people"}`,
  keepEditing: "Or change the draft above and press Send again.",
  historyTitle: "Sent and scheduled",
  none: "No broadcasts yet.",
  /** In the table's order: the subject, its status and how many were sent first. */
  columns: {
    subject: "Subject",
    status: "Status",
    sent: "Sent",
    sendAt: "Send at",
    queued: "Queued",
    failed: "Failed",
    skipped: "Skipped (unsubscribed or bounced)",
    unsubscribed: "Unsubscribed since",
  },
  statuses: { scheduled: "Scheduled", queueing: "Queuing", sending: "Sending", sent: "Sent" },
  testSent: (email: string) => `A test is on its way to ${email}.`,
  scheduled: "Broadcast scheduled",
  queuedNow: "Broadcast on its way",
  duplicate: "This broadcast was already sent",
  signOff: "Talk soon,\nThe From Scratch to Success team",
  greeting: (firstName: string) => (firstName ? `Hi ${firstName},` : "Hi there,"),
  testPrefix: "[Test] ",
};

export const sequenceConsole = {
  title: "Email sequences",
  intro:
    "Each free resource starts a three-email sequence for people who agreed to career tips. It stops for good when they apply, enroll or unsubscribe, and nobody gets more than one marketing email a day.",
  running: "Running",
  paused: "Paused",
  pause: "Pause",
  resume: "Resume",
  step: (n: number, days: number) => `Email ${n} (day ${days})`,
  tableLabel: (name: string) => `${name}: each email`,
  /** The email (its subject under it), then its counts. */
  columns: {
    step: "Email",
    sent: "Sent",
    waiting: "Waiting",
    applied: "Applied after",
  },
  pausedToast: "Sequence paused",
  resumedToast: "Sequence resumed",
  editIntro:
    "Open an email to read it as it is sent and to change its subject and message, or reset them to the default.",
  /** Marks a step whose words the owner changed, in the list. */
  edited: "edited",
};

/** The page of one sequence email (/admin/sequences/:sequence/:step): preview, edit, reset. */
export const sequenceStepConsole = {
  title: (sequence: string, n: number) => `${sequence}: email ${n}`,
  back: "All sequences",
  due: (days: number) => `Sent ${days} days after the person took the free resource.`,
  editedBy: (who: string, when: string) => `Edited by ${who} on ${when}.`,
  unedited: "The default words, as written for the site.",
  previewTitle: "As it is sent",
  previewIntro: (name: string) =>
    `The plain-text version, as ${name} (a sample reader) would get it. The HTML version carries the same words; each reader's unsubscribe link is their own.`,
  subject: "Subject",
  preheader: "Inbox preview line",
  noPreheader: "None: an edited message has none, so inboxes show its opening words.",
  /** The sample reader whose first name the preview greets. */
  previewName: "Jordan",
  editTitle: "Change the words",
  editIntro:
    "The next emails the sequence queues use these words; emails already queued keep theirs. The greeting, the Apply button and the sign-off stay as the preview shows them.",
  subjectLabel: "Subject",
  bodyLabel: "Message",
  bodyHint:
    "Plain text: leave a blank line between paragraphs. No Markdown or HTML: what you type is sent as typed.",
  save: "Save",
  saved: "Email saved. The next ones queued use these words.",
  reset: "Reset to the default",
  resetHint: "Goes back to the words written for the site and forgets this edit.",
  resetDone: "Email reset to the default words.",
  subjectRequired: "Please enter a subject",
  bodyRequired: "Please write the message",
};

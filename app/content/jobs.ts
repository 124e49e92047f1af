/** The owner's view of the background jobs (/admin/jobs). */
export const jobsText = {
  title: "Background jobs",
  nav: "Jobs",
  intro:
    "Work the site does on its own. Each job runs on one instance at a time; a failed run is tried again a minute later.",
  columns: ["Job", "What it does", "Last run", "Took", "Result", "Next run"],
  never: "Not run yet",
  running: "Running now",
  failed: "Failed",
  ms: (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`),
  /** What each declared job does, in the owner's words. */
  purpose: {
    "seat-offers": "Offers freed seats to the next person in the queue and expires old offers",
    "checkout-reminders": "Reminds people who left a checkout, once, while seats are left",
    sequences: "Sends the next step of each person's nurture emails",
    broadcasts: "Queues broadcasts whose send time has come",
    mail: "Delivers queued email",
    retention: "Deletes old resumes and clears old visitor ids",
    analytics: "Rolls up page views by day and deletes old raw views",
    backup: "Writes a database backup",
  } as Record<string, string>,
} as const;

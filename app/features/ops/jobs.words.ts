/** The owner's view of the background jobs (/admin/jobs). */
export const jobsText = {
  title: "Background jobs",
  nav: "Jobs",
  intro:
    "Work the site does on its own. Each job runs on one instance at a time; a failed run is tried again a minute later.",
  tableLabel: "Background jobs",
  columns: ["Job", "Last run", "Result", "Next run", "Took"],
  never: "Not run yet",
  running: "Running now",
  failed: "Failed",
  nothing: "Nothing to do",
  ms: (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`),
  /** Each declared job's name, in the owner's words. */
  names: {
    "seat-offers": "Seat offers",
    "checkout-reminders": "Checkout reminders",
    "booking-reminders": "1-on-1 reminders",
    "one-on-one-nudges": "1-on-1 nudges",
    "session-reminders": "Group session reminders",
    "outcome-nudges": "Interview, offer and testimonial alerts",
    "late-work-reminders": "Late work reminders",
    "plan-payments": "Plan payments (test mode)",
    sequences: "Nurture sequences",
    broadcasts: "Broadcasts",
    mail: "Email delivery",
    sessions: "Group sessions",
    surveys: "End-of-program survey",
    retention: "Data retention",
    analytics: "Analytics roll-up",
    backup: "Database backup",
  } as Record<string, string>,
  /** What each declared job does, in the owner's words. */
  purpose: {
    "plan-payments":
      "With the test payment provider: charges payment plan instalments that are due, and retries failed ones (Stripe charges its own)",
    "seat-offers": "Offers freed seats to the next person in the queue and expires old offers",
    "checkout-reminders": "Reminds people who left a checkout, once, while seats are left",
    "booking-reminders": "Reminds students and mentors of each 1-on-1, a day and an hour before",
    "one-on-one-nudges":
      "Reminds a student who has not booked the week's 1-on-1 by mid-week, once, and sends each mentor a Monday list of who has booked and what waits for their review",
    "session-reminders":
      "Reminds students and mentors of each group session the day before, with the join link",
    "late-work-reminders":
      "Reminds a student, once, of each assignment not submitted by its due time (within a week of it)",
    "outcome-nudges":
      "Tells a mentor of a reported interview or offer (again after 3 days while the offer is unconfirmed), and you of a new testimonial",
    sequences: "Sends the next step of each person's nurture emails",
    broadcasts: "Queues broadcasts whose send time has come",
    sessions: "Plans the six group sessions of a current cohort that has a start date and none yet",
    surveys:
      "Sends the end-of-program survey when a cohort's week 6 has ended (within 14 days), and one reminder 3 days later",
    mail: "Delivers queued email",
    retention: "Deletes old resumes and clears old visitor ids",
    analytics: "Rolls up page views by day and deletes old raw views",
    backup: "Writes a database backup",
  } as Record<string, string>,
  /** A run's result (the job's summary, stored as JSON), counted in words. */
  results: {
    offered: (n: number) => `${n} ${n === 1 ? "seat" : "seats"} offered`,
    ended: (n: number) => `${n} ${n === 1 ? "offer" : "offers"} ended`,
    queued: (n: number) => `${n} queued`,
    postponed: (n: number) => `${n} postponed`,
    stopped: (n: number) => `${n} stopped`,
    sent: (n: number) => `${n} sent`,
    retried: (n: number) => `${n} to retry`,
    failed: (n: number) => `${n} failed`,
    suppressed: (n: number) => `${n} not sent (unsubscribed, bounced or no longer applies)`,
    resumesDeleted: (n: number) => `${n} old ${n === 1 ? "resume" : "resumes"} deleted`,
    submissionsCleared: (n: number) => `${n} ${n === 1 ? "form's" : "forms'"} visitor ids cleared`,
    holdsCleared: (n: number) =>
      `${n} ${n === 1 ? "checkout's" : "checkouts'"} visitor ids cleared`,
    daysRolled: (n: number) => `${n} ${n === 1 ? "day" : "days"} rolled up`,
    visitorsLinked: (n: number) => `${n} ${n === 1 ? "browser" : "browsers"} linked to people`,
    pageViewsDeleted: (n: number) => `${n} old page ${n === 1 ? "view" : "views"} deleted`,
    visitorsDeleted: (n: number) => `${n} old ${n === 1 ? "browser" : "browsers"} deleted`,
    bytes: (n: number) => `${(n / 1_048_576).toFixed(1)} MB written`,
    surveys: (n: number) => `${n} ${n === 1 ? "survey" : "surveys"} sent`,
    surveyReminders: (n: number) => `${n} survey ${n === 1 ? "reminder" : "reminders"} sent`,
    removed: (n: number) => `${n} old ${n === 1 ? "backup" : "backups"} removed`,
  } as Record<string, (n: number) => string>,
  /** Jobs whose result is one number, and what it counts. */
  counts: {
    "checkout-reminders": (n: number) => `${n} ${n === 1 ? "reminder" : "reminders"} queued`,
    broadcasts: (n: number) => `${n} ${n === 1 ? "email" : "emails"} queued`,
  } as Record<string, (n: number) => string>,
} as const;

/** A job's name in words; a job not listed yet is named by its code. */
export const jobName = (name: string) => jobsText.names[name] ?? name;

/**
 * A job's last result in words: its counts that are not zero ("2 sent, 1 failed"), "Nothing to
 * do" when all are, or the stored text itself when it is not a summary this page knows.
 */
export function jobResultWords(name: string, stored: string | null): string {
  if (stored === null) return "";
  let result: unknown;
  try {
    result = JSON.parse(stored);
  } catch {
    return stored;
  }
  if (typeof result === "number")
    return result === 0 ? jobsText.nothing : (jobsText.counts[name]?.(result) ?? String(result));
  if (!result || typeof result !== "object" || Array.isArray(result)) return String(result);
  const parts = Object.entries(result).flatMap(([key, value]) => {
    const count = Array.isArray(value) ? value.length : value;
    const words = jobsText.results[key];
    return typeof count === "number" && count > 0 && words ? [words(count)] : [];
  });
  return parts.length > 0 ? parts.join(", ") : jobsText.nothing;
}

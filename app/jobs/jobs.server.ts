import type { Services } from "~/context";
import { runOfferRound } from "~/features/cohort/offers.server";
import { sendCheckoutReminders } from "~/features/cohort/reminders.server";
import { sendBookingReminders } from "~/features/bookings/reminders.server";
import { sendBookingNudges, sendMentorWeeklyLists } from "~/features/bookings/nudges.server";
import { sendSessionReminders } from "~/features/sessions/session-reminders.server";
import { sendOutcomeNudges } from "~/features/outcomes/outcome-nudges.server";
import { queueDueBroadcasts } from "~/features/marketing/broadcasts.server";
import { runSequences } from "~/features/marketing/sequences.server";
import { runAnalyticsPass } from "~/features/analytics/rollup.server";
import { backupDatabase } from "~/features/ops/backup.server";
import { runRetention } from "~/features/ops/retention.server";
import { planMissingSessions } from "~/features/sessions/session-plan.server";
import { sendSurveys } from "~/features/surveys/surveys.server";
import { sendLateWorkReminders } from "~/features/coursework/late-reminders.server";
import { chargeDueInstalments } from "~/features/payment-plans/charge-job.server";
import type { Job } from "./scheduler.server";

const HOUR = 3_600_000;

/**
 * Every periodic job of the site, declared once: its name (the row in `jobs` and the console's
 * label), how often it runs and what it runs. Each is safe to run twice and on several instances
 * at once; the scheduler makes sure one instance runs each slot. Add a job here.
 *
 * The jobs that queue email run as often as the mail job (MAIL_WORKER_INTERVAL_MS), so what they
 * queue goes out within a cycle or two.
 */
export function declareJobs(services: Services, schema: string | undefined): Job[] {
  const { config, db } = services;
  const cycle = config.mailWorkerIntervalMs;
  const jobs: Job[] = [
    { name: "seat-offers", everyMs: cycle, leaseMs: 60_000, run: () => runOfferRound(services) },
    {
      name: "checkout-reminders",
      everyMs: cycle,
      leaseMs: 60_000,
      run: () => sendCheckoutReminders(services),
    },
    {
      name: "booking-reminders",
      everyMs: cycle,
      leaseMs: 60_000,
      run: () => sendBookingReminders(services),
    },
    {
      name: "one-on-one-nudges",
      everyMs: cycle,
      leaseMs: 60_000,
      run: async () => ({
        queued: (await sendBookingNudges(services)) + (await sendMentorWeeklyLists(services)),
      }),
    },
    {
      name: "session-reminders",
      everyMs: cycle,
      leaseMs: 60_000,
      run: async () => ({ queued: await sendSessionReminders(services) }),
    },
    {
      name: "late-work-reminders",
      everyMs: cycle,
      leaseMs: 60_000,
      run: () => sendLateWorkReminders(services),
    },
    // The test provider's stand-in for Stripe's billing of a plan's later payments.
    {
      name: "plan-payments",
      everyMs: cycle,
      leaseMs: 60_000,
      run: () => chargeDueInstalments(services),
    },
    {
      name: "outcome-nudges",
      everyMs: cycle,
      leaseMs: 60_000,
      run: () => sendOutcomeNudges(services),
    },
    { name: "sequences", everyMs: cycle, leaseMs: 5 * 60_000, run: () => runSequences(services) },
    {
      name: "broadcasts",
      everyMs: cycle,
      leaseMs: 5 * 60_000,
      run: () => queueDueBroadcasts(services),
    },
    // Rows are leased one by one as well, so a second run after a lapsed lease sends nothing twice.
    { name: "mail", everyMs: cycle, leaseMs: 5 * 60_000, run: () => services.mailWorker.runOnce() },
    { name: "sessions", everyMs: HOUR, run: () => planMissingSessions(services) },
    { name: "surveys", everyMs: HOUR, run: () => sendSurveys(services) },
    {
      name: "retention",
      everyMs: 24 * HOUR,
      run: (now) =>
        runRetention(
          db,
          { resumeKeepDays: config.resumeKeepDays, visitorIdKeepDays: config.visitorIdKeepDays },
          now,
        ),
    },
  ];
  if (config.analytics)
    jobs.push({
      name: "analytics",
      everyMs: HOUR,
      run: (now) => runAnalyticsPass(db, now, config.analyticsRawDays),
    });
  if (config.backupEveryHours)
    jobs.push({
      name: "backup",
      everyMs: config.backupEveryHours * HOUR,
      leaseMs: 2 * HOUR,
      run: (now) =>
        backupDatabase(
          { databaseUrl: config.databaseUrl, schema },
          { dir: config.backupDir, keep: config.backupKeep, now },
        ),
    });
  return jobs;
}

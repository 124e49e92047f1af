import type { Config } from "./env.server";
import { systemClock, type Clock } from "./lib/clock";
import { openDatabase, type DB } from "./db/database.server";
import type { Engine } from "./db/migrations.server";
import { RateLimiter, type RateLimitStore } from "./lib/rate-limit.server";
import { QUOTA_HOURS_AHEAD } from "./domain/recipient-quota";
import { createTransport, type MailTransport } from "./mail/transport.server";
import { MailWorker } from "./mail/worker.server";
import { runOfferRound } from "./cohort/offers.server";
import { sendCheckoutReminders } from "./cohort/reminders.server";
import { queueDueBroadcasts } from "./marketing/broadcasts.server";
import { runSequences } from "./marketing/sequences.server";
import { schemaFromUrl } from "./ops/backup.server";
import { PageViewRecorder } from "./analytics/recorder.server";
import { Housekeeping } from "./ops/housekeeping.server";
import type Stripe from "stripe";
import type { PaymentProvider } from "./payments/provider.server";
import { createStripeClient, stripeProvider } from "./payments/stripe-provider.server";
import { testProvider } from "./payments/test-provider.server";

export interface Services {
  config: Config;
  db: DB;
  engine: Engine;
  clock: Clock;
  mailWorker: MailWorker;
  /** The daily retention pass and the scheduled backups. */
  housekeeping: Housekeeping;
  /** Page views, buffered and written once a second (ANALYTICS=off: records nothing). */
  analytics: PageViewRecorder;
  payments: PaymentProvider;
  /** The Stripe client when PAYMENT_PROVIDER is stripe (webhook verification uses it). */
  stripe: Stripe | null;
  limits: {
    forms: RateLimiter;
    loginIp: RateLimiter;
    /** Login attempts per account and client address together. */
    loginAccountAddress: RateLimiter;
    /** Payment confirmation looks per address per minute (each asks the payment provider). */
    confirmations: RateLimiter;
    /** Form emails one recipient address may be sent per clock hour (key: hashed address and
     * hour; domain/recipient-quota.ts). */
    recipients: RateLimiter;
    /** New seat holds per address per hold length (HOLDS_PER_ADDRESS). */
    holds: RateLimiter;
  };
  /** Starts the background work (email delivery, housekeeping); tests drive it by hand instead. */
  startBackground(): void;
  /** Lets the work in hand finish and takes no more (the first step of a graceful stop). */
  stopBackground(): Promise<void>;
  close(): Promise<void>;
}

export interface ServiceOverrides {
  clock?: Clock;
  schema?: string;
  mailTransport?: MailTransport;
}

/** Builds every service once at start; loaders and actions reach them through the load context. */
export async function createServices(
  config: Config,
  overrides: ServiceOverrides = {},
): Promise<Services> {
  const database = await openDatabase(config.databaseUrl, { schema: overrides.schema });
  const clock = overrides.clock ?? systemClock;
  const limitStore: RateLimitStore = database.pool
    ? { kind: "postgres", pool: database.pool, schema: overrides.schema }
    : { kind: "memory" };
  const mailWorker = new MailWorker(
    database.db,
    overrides.mailTransport ?? createTransport(config),
    clock,
    {
      from: config.mailFrom,
      marketingFrom: config.mailFromMarketing,
      publicUrl: config.publicUrl,
      sendLimiter: config.mailRatePerMinute
        ? new RateLimiter(limitStore, { name: "mail-sends", limit: config.mailRatePerMinute })
        : undefined,
      intervalMs: config.mailWorkerIntervalMs,
      beforeDelivery: async () => {
        await runOfferRound(services);
        await sendCheckoutReminders(services);
        await runSequences(services);
        await queueDueBroadcasts(services);
      },
    },
  );
  const housekeeping = new Housekeeping(database.db, clock, {
    engine: database.engine,
    databaseUrl: config.databaseUrl,
    schema: overrides.schema ?? schemaFromUrl(config.databaseUrl),
    backupDir: config.backupDir,
    backupKeep: config.backupKeep,
    backupEveryHours: config.backupEveryHours,
    retention: {
      resumeKeepDays: config.resumeKeepDays,
      visitorIdKeepDays: config.visitorIdKeepDays,
    },
    analyticsRawDays: config.analytics ? config.analyticsRawDays : null,
  });
  const analytics = new PageViewRecorder(database.db, { enabled: config.analytics });
  const stripe =
    config.paymentProvider === "stripe" && config.stripeSecretKey
      ? createStripeClient({ secretKey: config.stripeSecretKey, apiBase: config.stripeApiBase })
      : null;
  const services: Services = {
    config,
    db: database.db,
    engine: database.engine,
    clock,
    mailWorker,
    housekeeping,
    analytics,
    payments: stripe ? stripeProvider(stripe) : testProvider(database.db, config.publicUrl),
    stripe,
    limits: {
      forms: new RateLimiter(limitStore, {
        name: "forms",
        limit: config.rateLimitPerMinute,
        sweep: true,
      }),
      loginIp: new RateLimiter(limitStore, { name: "login-ip", limit: 10 }),
      loginAccountAddress: new RateLimiter(limitStore, {
        name: "login-account-address",
        limit: 10,
      }),
      confirmations: new RateLimiter(limitStore, { name: "confirmations", limit: 60 }),
      recipients: new RateLimiter(limitStore, {
        name: "emails-per-recipient",
        limit: config.emailsPerRecipientPerHour,
        // A key names one clock hour up to a day ahead: it must live until that hour ends.
        windowSeconds: (QUOTA_HOURS_AHEAD + 1) * 3600,
      }),
      holds: new RateLimiter(limitStore, {
        name: "holds-per-address",
        limit: config.seats.holdsPerAddress,
        windowSeconds: config.seats.holdMinutes * 60,
      }),
    },
    startBackground() {
      mailWorker.start();
      housekeeping.start();
      analytics.start();
    },
    stopBackground: async () => {
      await Promise.all([mailWorker.stop(), analytics.stop()]);
    },
    async close() {
      await Promise.all([mailWorker.stop(), analytics.stop()]);
      await housekeeping.stop();
      await database.close();
    },
  };
  return services;
}

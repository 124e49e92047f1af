import type { Config } from "./env.server";
import { systemClock, type Clock } from "./lib/clock";
import { openDatabase, type DB } from "./db/database.server";
import type { Engine } from "./db/migrations.server";
import { Memo } from "./lib/memo.server";
import { RateLimiter, type RateLimitStore } from "./lib/rate-limit.server";
import { QUOTA_HOURS_AHEAD } from "./domain/recipient-quota";
import { createTransport, type MailTransport } from "./mail/transport.server";
import { MailWorker } from "./mail/worker.server";
import { schemaFromUrl } from "./ops/backup.server";
import { PageViewRecorder } from "./analytics/recorder.server";
import { declareJobs } from "./jobs/jobs.server";
import { Scheduler } from "./jobs/scheduler.server";
import { PAGE_VIEWS_PER_ADDRESS_PER_HOUR } from "./domain/page-view";
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
  /** Every periodic job (jobs/jobs.server.ts), the mail worker's runs among them. */
  scheduler: Scheduler;
  /** Page views, buffered and written once a second (ANALYTICS=off: records nothing). */
  analytics: PageViewRecorder;
  payments: PaymentProvider;
  /** The Stripe client when PAYMENT_PROVIDER is stripe (webhook verification uses it). */
  stripe: Stripe | null;
  /** Values kept a few seconds (the home page's live parts); a write on this instance clears them. */
  memo: Memo;
  limits: {
    /** Public form posts per form and client address per minute. */
    forms: RateLimiter;
    /**
     * A signed-in student's or mentor's posts per portal form per minute, counted per person (an
     * office network shares one address): high enough that nobody typing reaches it.
     */
    portalForms: RateLimiter;
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
    /** Portal sign-in links one address may ask for per 15 minutes (key: hashed address). */
    portalLinks: RateLimiter;
  };
  /** Starts the background work (the scheduler, page views); tests drive it by hand instead. */
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
  const database = await openDatabase(config.databaseUrl, {
    schema: overrides.schema,
    synchronous: config.sqliteSynchronous,
  });
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
    },
  );
  const analytics = new PageViewRecorder(database.db, {
    enabled: config.analytics,
    // Counted in this process's memory on every engine: a database write per page view would
    // cost more than the view (with several instances an address gets the limit per instance).
    perAddress: new RateLimiter(
      { kind: "memory" },
      {
        name: "page-views",
        limit: PAGE_VIEWS_PER_ADDRESS_PER_HOUR,
        windowSeconds: 3600,
      },
    ),
  });
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
    // Made just below: the jobs need the services they run with.
    get scheduler() {
      return scheduler;
    },
    analytics,
    payments: stripe ? stripeProvider(stripe) : testProvider(database.db, config.publicUrl),
    stripe,
    memo: new Memo(),
    limits: {
      forms: new RateLimiter(limitStore, {
        name: "forms",
        limit: config.rateLimitPerMinute,
        sweep: true,
      }),
      portalForms: new RateLimiter(limitStore, {
        name: "portal-forms",
        limit: config.portalRateLimitPerMinute,
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
      portalLinks: new RateLimiter(limitStore, {
        name: "portal-links",
        limit: 3,
        windowSeconds: 15 * 60,
      }),
    },
    startBackground() {
      scheduler.start();
      analytics.start();
    },
    stopBackground: async () => {
      await Promise.all([scheduler.stop(), mailWorker.stop(), analytics.stop()]);
    },
    async close() {
      await Promise.all([scheduler.stop(), mailWorker.stop(), analytics.stop()]);
      await database.close();
    },
  };
  const scheduler = new Scheduler(
    database.db,
    clock,
    declareJobs(services, overrides.schema ?? schemaFromUrl(config.databaseUrl)),
  );
  return services;
}

import type { Services } from "./context";
import type { Config } from "./env.server";
import { systemClock, type Clock } from "./lib/clock";
import { openDatabase } from "./db/database.server";
import { Memo } from "./lib/memo.server";
import { RateLimiter, type RateLimitStore } from "./lib/rate-limit.server";
import { QUOTA_HOURS_AHEAD } from "./mail/recipient-quota";
import { createTransport, type MailTransport } from "./mail/transport.server";
import type { RenderersAtSend } from "./mail/render-at-send.server";
import { MailWorker } from "./mail/worker.server";
import { onboardingEmail } from "./features/enrollment/onboarding.server";
import { signInEmailAtSend } from "./features/portal/sign-in-links.server";
import { schemaFromUrl } from "./features/ops/backup.server";
import { PageViewRecorder } from "./features/analytics/recorder.server";
import { declareJobs } from "./jobs/jobs.server";
import { Scheduler } from "./jobs/scheduler.server";
import { PAGE_VIEWS_PER_ADDRESS_PER_HOUR } from "./features/analytics/page-view";
import { createStripeClient, stripeProvider } from "./features/payments/stripe-provider.server";
import { testProvider } from "./features/payments/test-provider.server";
import { CODE_TRIES_PER_15_MINUTES } from "./features/discounts/codes";

/** The emails the mail worker renders as they go (decision 0040), from the features that own them. */
export const renderAtSend: RenderersAtSend = {
  enrollment_onboarding: async (db, row, config) => {
    const content = row.personId ? await onboardingEmail(db, row.personId, config) : null;
    return content ? { content } : null;
  },
  portal_sign_in: signInEmailAtSend,
};

export interface ServiceOverrides {
  clock?: Clock;
  schema?: string;
  mailTransport?: MailTransport;
}

/**
 * The composition root: builds every service once at start; loaders and actions reach them through
 * the load context, jobs through `declareJobs`. Features know only the `Services` type (./context).
 */
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
      renderAtSend,
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
    payments: stripe
      ? stripeProvider(stripe, { automaticTax: config.stripeAutomaticTax })
      : testProvider(database.db, config.publicUrl),
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
      codes: new RateLimiter(limitStore, {
        name: "promo-codes",
        limit: CODE_TRIES_PER_15_MINUTES,
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

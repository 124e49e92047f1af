import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync, linkSync, unlinkSync } from "node:fs";
import path from "node:path";
import { marketingFooter } from "~/features/marketing/marketing.words";
import type { z } from "~/lib/zod";
import { EnvSchema, type Env } from "./env-schema.server";

export interface Config {
  nodeEnv: Env["NODE_ENV"];
  port: number;
  host: string;
  databaseUrl: string;
  /** SQLite's `synchronous` pragma (SQLITE_SYNCHRONOUS): full but in tests. */
  sqliteSynchronous: Env["SQLITE_SYNCHRONOUS"];
  publicUrl: string;
  sessionSecret: string;
  /** Cookie secrets, newest first: SESSION_SECRET, then SESSION_SECRET_PREVIOUS (rotation). */
  sessionSecrets: string[];
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailFromMarketing: string;
  /**
   * The postal address every marketing footer carries (MAIL_POSTAL_ADDRESS); a labelled placeholder
   * on a local or http site; null on a public https site without one, which sends no marketing.
   */
  mailPostalAddress: string | null;
  marketingConsent: "opt-in" | "notice";
  /** Emails sent per minute across instances; null sends as fast as the worker runs. */
  mailRatePerMinute: number | null;
  siteTimeZone: string;
  /** The livestream's start, HH:MM in siteTimeZone, and its address. */
  livestreamTime: string;
  livestreamUrl: string;
  contactEmail: string;
  paymentProvider: "test" | "stripe";
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripeApiBase: string | undefined;
  /** STRIPE_AUTOMATIC_TAX: Stripe Tax calculates the tax of each Checkout Session. */
  stripeAutomaticTax: boolean;
  rateLimitPerMinute: number;
  portalRateLimitPerMinute: number;
  emailsPerRecipientPerHour: number;
  mailWorkerIntervalMs: number;
  trustProxy: boolean;
  /** A public site (production, https) that runs on the test checkout on purpose: every page says so. */
  testPaymentsBanner: boolean;
  backupDir: string;
  backupKeep: number;
  /** Hours between the server's own backups; null when it takes none (the default). */
  backupEveryHours: number | null;
  resumeKeepDays: number;
  visitorIdKeepDays: number;
  analytics: boolean;
  analyticsRawDays: number;
  seats: SeatSettings;
  warnings: string[];
}

/** How long seats stay held, offered, and when an abandoned checkout gets its reminder. */
interface SeatSettings {
  offerHours: number;
  checkoutReminderMinutes: number;
  holdMinutes: number;
  /** New checkouts one address may open per holdMinutes. */
  holdsPerAddress: number;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const env = parseEnv(EnvSchema, source);
  const warnings: string[] = [];
  const stripeReady = Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);
  if (env.PAYMENT_PROVIDER === "stripe" && !stripeReady) {
    throw new ConfigError(
      "Invalid configuration:\n  PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
    );
  }
  const paymentProvider = env.PAYMENT_PROVIDER ?? (stripeReady ? "stripe" : "test");
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  // A live site that silently fell back to the test checkout would give seats away for free.
  const publicSite = env.NODE_ENV === "production" && publicUrl.startsWith("https:");
  if (publicSite && paymentProvider === "test" && env.PAYMENT_PROVIDER !== "test") {
    throw new ConfigError(
      "Invalid configuration:\n  PAYMENT_PROVIDER: this https site has no Stripe keys, so checkout would be the local test page and nobody would pay. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or set PAYMENT_PROVIDER=test to run it on test payments on purpose (every page then shows a test-payments banner).",
    );
  }
  if (paymentProvider === "test") {
    warnings.push(
      "PAYMENT_PROVIDER is 'test': checkout uses the local test page, no card is charged.",
    );
    if (env.STRIPE_AUTOMATIC_TAX === "1")
      warnings.push(
        "STRIPE_AUTOMATIC_TAX is 1 but payments use the test checkout: no tax is calculated.",
      );
  }
  // CAN-SPAM wants a postal address in every marketing email: a public site without one sends
  // none (transactional mail goes on); a local one shows a placeholder so every flow still works.
  if (!env.MAIL_POSTAL_ADDRESS) {
    warnings.push(
      publicSite
        ? 'MAIL_POSTAL_ADDRESS is not set: no marketing email is sent (nurture sequences, broadcasts, "enrollment is open"), because US law (CAN-SPAM) requires a postal address in each. Set it to the business\'s postal address; transactional email is sent as usual.'
        : `MAIL_POSTAL_ADDRESS is not set: marketing footers show "${marketingFooter.postalPlaceholder}"; a public https site sends no marketing email without it.`,
    );
  }
  if (env.DATABASE_URL.startsWith("postgres") && !env.SESSION_SECRET) {
    // Cookies signed by one instance must verify on every other one.
    warnings.push(
      `SESSION_SECRET is not set: this instance signs cookies with its own secret in ${env.DATA_DIR}; give every instance on the database the same SESSION_SECRET.`,
    );
  }
  if (!env.SMTP_URL) {
    warnings.push(`SMTP_URL is not set: emails are written to ${path.join(env.DATA_DIR, "mail")}.`);
  }
  const sessionSecret = env.SESSION_SECRET ?? persistentSecret(env.DATA_DIR);
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    sqliteSynchronous: env.SQLITE_SYNCHRONOUS,
    publicUrl,
    sessionSecret,
    sessionSecrets: [sessionSecret, ...(env.SESSION_SECRET_PREVIOUS?.split(",") ?? [])],
    dataDir: env.DATA_DIR,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mailFromMarketing: env.MAIL_FROM_MARKETING ?? env.MAIL_FROM,
    mailPostalAddress:
      env.MAIL_POSTAL_ADDRESS ?? (publicSite ? null : marketingFooter.postalPlaceholder),
    marketingConsent: env.MARKETING_CONSENT,
    mailRatePerMinute: env.MAIL_RATE_PER_MINUTE ?? null,
    siteTimeZone: env.SITE_TIME_ZONE,
    livestreamTime: env.LIVESTREAM_TIME,
    livestreamUrl: env.LIVESTREAM_URL,
    contactEmail: env.CONTACT_EMAIL,
    paymentProvider,
    stripeSecretKey: env.STRIPE_SECRET_KEY,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
    stripeApiBase: env.STRIPE_API_BASE,
    stripeAutomaticTax: env.STRIPE_AUTOMATIC_TAX === "1",
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    portalRateLimitPerMinute: env.PORTAL_RATE_LIMIT_PER_MINUTE,
    emailsPerRecipientPerHour: env.EMAILS_PER_RECIPIENT_PER_HOUR,
    mailWorkerIntervalMs: env.MAIL_WORKER_INTERVAL_MS,
    trustProxy: env.TRUST_PROXY === "true",
    testPaymentsBanner: publicSite && paymentProvider === "test",
    ...backupSettings(env),
    backupEveryHours: env.BACKUP_EVERY_HOURS ?? null,
    resumeKeepDays: env.RESUME_KEEP_DAYS,
    visitorIdKeepDays: env.VISITOR_ID_KEEP_DAYS,
    analytics: env.ANALYTICS === "on",
    analyticsRawDays: env.ANALYTICS_RAW_DAYS,
    seats: {
      offerHours: env.OFFER_HOURS,
      checkoutReminderMinutes: env.CHECKOUT_REMINDER_MINUTES,
      holdMinutes: env.SEAT_HOLD_MINUTES,
      holdsPerAddress: env.HOLDS_PER_ADDRESS,
    },
    warnings,
  };
}

export interface BackupSettings {
  databaseUrl: string;
  backupDir: string;
  backupKeep: number;
}

function backupSettings(env: Pick<Env, "DATA_DIR" | "BACKUP_DIR" | "BACKUP_KEEP">) {
  return {
    backupDir: env.BACKUP_DIR ?? path.join(env.DATA_DIR, "backups"),
    backupKeep: env.BACKUP_KEEP,
  };
}

/**
 * What `db:backup` and `db:restore` need, validated like the server's settings but without the
 * server's own checks (payments, the session secret), so an operator can always take a backup.
 */
export function loadBackupSettings(
  source: Record<string, string | undefined> = process.env,
): BackupSettings {
  const env = parseEnv(
    EnvSchema.pick({ DATABASE_URL: true, DATA_DIR: true, BACKUP_DIR: true, BACKUP_KEEP: true }),
    source,
  );
  return { databaseUrl: env.DATABASE_URL, ...backupSettings(env) };
}

/** Empty values count as unset; every bad value is listed with the variable it came from. */
function parseEnv<T extends z.ZodType>(
  schema: T,
  source: Record<string, string | undefined>,
): z.output<T> {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  return parsed.data;
}

/** A secret generated once and kept under the data directory so sessions survive restarts. */
export function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  // Several instances may start at once on an empty data directory: each writes its own secret
  // to a file of its own, then links it into place, which only the first one does (atomically,
  // whole); every instance then reads the one that won.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(temp, randomBytes(32).toString("hex"), { mode: 0o600 });
  try {
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(temp);
  }
  return readFileSync(file, "utf8").trim();
}

import { isTimeZone } from "~/lib/zone-names";
import { z } from "~/lib/zod";

const urlString = z.string().url();

/** Every setting the server reads from its environment, with its default and its limits. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^(file:.+|postgres(ql)?:\/\/.+)$/, "must be file:<path> or postgres://…")
    .default("file:./data/app.db"),
  /**
   * SQLite's `synchronous` pragma. `full` (the default) syncs every commit to disk; the test
   * databases use `off`, as no test is about surviving a power cut (the bench's drills are).
   */
  SQLITE_SYNCHRONOUS: z.enum(["full", "normal", "off"]).default("full"),
  PUBLIC_URL: urlString.optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SESSION_SECRET_PREVIOUS: z
    .string()
    .regex(/^[^,]{32,}(,[^,]{32,})*$/, "must be a comma list of secrets of 32+ characters")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, "must be smtp://… or smtps://…")
    .optional(),
  MAIL_FROM: z.string().min(3).default("From Scratch to Success <hello@fromscratchtosuccess.com>"),
  CONTACT_EMAIL: z.string().email().default("hello@fromscratchtosuccess.com"),
  PAYMENT_PROVIDER: z.enum(["test", "stripe"]).optional(),
  STRIPE_SECRET_KEY: z.string().startsWith("sk_").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_").optional(),
  STRIPE_API_BASE: urlString.optional(),
  /** 1: Checkout Sessions ask Stripe Tax to calculate the tax (set up in Stripe's Dashboard first). */
  STRIPE_AUTOMATIC_TAX: z.enum(["0", "1"], { error: "must be 1 (on) or 0 (off)" }).default("0"),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** A signed-in student's or mentor's posts to one portal form per minute (per person, not IP). */
  PORTAL_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Form emails (resources, application results) one address is sent per clock hour; more wait. */
  EMAILS_PER_RECIPIENT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(50).default(2000),
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).default(14),
  BACKUP_EVERY_HOURS: z.coerce.number().positive().max(8760).optional(),
  RESUME_KEEP_DAYS: z.coerce.number().int().min(1).default(180),
  VISITOR_ID_KEEP_DAYS: z.coerce.number().int().min(1).default(90),
  /** How long a seat offered to the next person in the queue stays theirs. */
  OFFER_HOURS: z.coerce.number().positive().max(720).default(48),
  CHECKOUT_REMINDER_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  /** A checkout's seat hold; the card page closes 5 minutes earlier, and Stripe wants 30 at least. */
  SEAT_HOLD_MINUTES: z.coerce.number().int().min(35).max(1440).default(36),
  /** Checkouts one address may open per hold length: a campus network, not a script. */
  HOLDS_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
  /** The sender of sequences, broadcasts and cohort news; MAIL_FROM when unset. */
  MAIL_FROM_MARKETING: z.string().min(3).optional(),
  /**
   * The business's postal address, printed in every marketing footer: US law for commercial email
   * (CAN-SPAM) requires a valid physical postal address in each one. One line, commas between parts.
   */
  MAIL_POSTAL_ADDRESS: z
    .string()
    .trim()
    .min(10, "must be the full postal address, such as 123 Main St, Springfield, IL 62701, USA")
    .max(300)
    // eslint-disable-next-line no-control-regex -- one line in the text and HTML footers
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), "must be one line of text")
    .optional(),
  /** opt-in: only people who tick the box get marketing; notice: the form says tips follow. */
  MARKETING_CONSENT: z.enum(["opt-in", "notice"]).default("opt-in"),
  /** Emails the worker sends per minute, across instances (for providers that cap it). */
  MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  /** The time zone livestream times are shown in. */
  SITE_TIME_ZONE: z
    .string()
    .refine(isTimeZone, "must be an IANA time zone such as America/New_York")
    .default("America/New_York"),
  /** When a resume-review livestream starts (HH:MM, 24-hour, in SITE_TIME_ZONE); it lasts an hour. */
  LIVESTREAM_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a 24-hour time such as 19:00")
    .default("19:00"),
  /** Where people watch the livestream (in the invite and the emails). */
  LIVESTREAM_URL: urlString.default("https://www.youtube.com/@fromscratchtosuccess/live"),
  /** on: the server counts page views of public pages (no script, no extra cookie); off: none. */
  ANALYTICS: z.enum(["on", "off"]).default("on"),
  /** Days raw page views (and browsers that never became a person) are kept; roll-ups stay. */
  ANALYTICS_RAW_DAYS: z.coerce.number().int().min(1).max(3660).default(90),
});

export type Env = z.infer<typeof EnvSchema>;

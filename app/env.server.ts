import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const urlString = z.string().url();

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^(file:.+|postgres(ql)?:\/\/.+)$/, "must be file:<path> or postgres://…")
    .default("file:./data/app.db"),
  PUBLIC_URL: urlString.optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
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
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(50).default(2000),
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  nodeEnv: Env["NODE_ENV"];
  port: number;
  host: string;
  databaseUrl: string;
  publicUrl: string;
  sessionSecret: string;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactEmail: string;
  paymentProvider: "test" | "stripe";
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripeApiBase: string | undefined;
  rateLimitPerMinute: number;
  mailWorkerIntervalMs: number;
  trustProxy: boolean;
  warnings: string[];
}

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const env = parsed.data;
  const warnings: string[] = [];
  const stripeReady = Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);
  if (env.PAYMENT_PROVIDER === "stripe" && !stripeReady) {
    throw new ConfigError(
      "Invalid configuration:\n  PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
    );
  }
  const paymentProvider = env.PAYMENT_PROVIDER ?? (stripeReady ? "stripe" : "test");
  if (paymentProvider === "test") {
    warnings.push(
      "PAYMENT_PROVIDER is 'test': checkout uses the local test page, no card is charged.",
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
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    sessionSecret: env.SESSION_SECRET ?? persistentSecret(env.DATA_DIR),
    dataDir: env.DATA_DIR,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    contactEmail: env.CONTACT_EMAIL,
    paymentProvider,
    stripeSecretKey: env.STRIPE_SECRET_KEY,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
    stripeApiBase: env.STRIPE_API_BASE,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    mailWorkerIntervalMs: env.MAIL_WORKER_INTERVAL_MS,
    trustProxy: env.TRUST_PROXY === "true",
    warnings,
  };
}

/** A secret generated once and kept under the data directory so sessions survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
  return secret;
}

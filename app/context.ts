import { RouterContextProvider } from "react-router";
import type Stripe from "stripe";
import type { Memo } from "./lib/memo.server";
import type { Config } from "./env.server";
import type { DB } from "./db/database.server";
import type { Engine } from "./db/migrations.server";
import type { PageViewRecorder } from "./features/analytics/recorder.server";
import type { Attribution } from "./features/analytics/utm";
import type { PaymentProvider } from "./features/payments/provider.server";
import type { Scheduler } from "./jobs/scheduler.server";
import type { Clock } from "./lib/clock";
import type { RateLimiter } from "./lib/rate-limit.server";
import type { MailWorker } from "./mail/worker.server";

/**
 * The services every request and job works with, as the features see them: a type only. They are
 * built once, at start, by the composition root (app/services.server.ts: `createServices`), the
 * one module that wires them; no feature imports it.
 */
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
     * hour; mail/recipient-quota.ts). */
    recipients: RateLimiter;
    /** New seat holds per address per hold length (HOLDS_PER_ADDRESS). */
    holds: RateLimiter;
    /** Portal sign-in links one address may ask for per 15 minutes (key: hashed address). */
    portalLinks: RateLimiter;
    /** Promo codes one address may try per 15 minutes (issue 49: codes are not guessable). */
    codes: RateLimiter;
  };
  /** Starts the background work (the scheduler, page views); tests drive it by hand instead. */
  startBackground(): void;
  /** Lets the work in hand finish and takes no more (the first step of a graceful stop). */
  stopBackground(): Promise<void>;
  close(): Promise<void>;
}

/** What the Express server hands every loader and action. */
export interface RequestContext {
  services: Services;
  nonce: string;
  /** The signed anonymous visitor id from the cookie, or null when the browser sent none. */
  visitorId: string | null;
  attribution: Attribution | null;
  ip: string;
  secure: boolean;
  /** The request's id (its X-Request-Id and every log line about it: server/request-log.ts). */
  requestId: string;
}

declare module "react-router" {
  // The fields every loader and action reads as `context.services`, `context.ip`... (React
  // Router's documented way from AppLoadContext to middleware's context; decision 0060).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface RouterContextProvider extends RequestContext {}
}

/**
 * What every loader and action is handed as `context` (React Router's own type): the fields of
 * RequestContext, and `get`/`set` for per-request values.
 */
export type AppContext = Readonly<RouterContextProvider>;

/**
 * The context of one request as React Router hands it to loaders and actions: the server's
 * fields, and room for per-request values (`createContext`, `requestMemo`). The server and the
 * tests build it here, alike.
 */
export function requestContext(fields: RequestContext): RouterContextProvider {
  return Object.assign(new RouterContextProvider(), fields);
}

import "react-router";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Request, type Response } from "express";
import path from "node:path";
import type { RouterContextProvider, ServerBuild } from "react-router";
import { requestContext, type Services } from "../app/context";
import { isDatabaseReachable } from "../app/db/database.server";
import type { Config } from "../app/env.server";
import { createServices, type ServiceOverrides } from "../app/services.server";
import { handleStripeWebhook } from "../app/features/payments/stripe-webhook.server";
import type { Memo } from "../app/lib/memo.server";
import { RATE_LIMIT_WINDOW_SECONDS } from "../app/lib/rate-limit.server";
import { answerError, requestLog } from "./request-log";
import {
  bodyLimit,
  originCheck,
  privateResponses,
  retryAfterOnTooManyRequests,
  securityHeaders,
  UNSUBSCRIBE_PATH,
} from "./security";
import { closeConnectionsWhileDraining, type Lifecycle } from "./shutdown";
import { pageViews } from "./analytics";
import { visitorMiddleware, type Visitor } from "./visitor";

export interface ServerOptions extends ServiceOverrides {
  /** Directory of the client build; absent in development, where Vite serves assets. */
  clientDir?: string;
  /** Development only: Vite in middleware mode serves assets and compiles the app on demand. */
  viteDevServer?: {
    middlewares: express.RequestHandler;
    ssrLoadModule(id: string): Promise<Record<string, unknown>>;
  };
}

export { ConfigError, loadConfig } from "../app/env.server";
export { drain } from "./shutdown";

const UPLOAD_LIMIT = 6 * 1024 * 1024;
/** A testimonial's photo (2 MiB at most) with its words and the multipart framing. */
const PHOTO_POST_LIMIT = 3 * 1024 * 1024;
export const STRIPE_WEBHOOK_PATH = "/api/webhooks/stripe";

export async function createServer(config: Config, options: ServerOptions = {}) {
  const services = await createServices(config, options);
  const lifecycle: Lifecycle = { draining: false };
  const app = express();
  app.disable("x-powered-by");
  // One proxy hop: the address it saw is the client's; anything further left is client-written.
  if (config.trustProxy) app.set("trust proxy", 1);
  const httpsSite = config.publicUrl.startsWith("https:");
  app.use((req, res, next) => {
    // Express's own answer, which honours TRUST_PROXY (one hop: the X-Forwarded-Proto it wrote).
    res.locals.secure = httpsSite || req.secure;
    next();
  });

  app.use(requestLog());
  app.use(closeConnectionsWhileDraining(lifecycle));
  app.use(clearMemoAfterWrites(services.memo));
  app.use(retryAfterOnTooManyRequests(RATE_LIMIT_WINDOW_SECONDS));
  app.use(privateResponses());
  const formActions = services.payments.checkoutOrigins;
  app.use(compressWhole());
  // Hashed assets need no page policy: serving them first keeps their responses small.
  if (options.clientDir) serveHashedAssets(app, options.clientDir);
  app.use(securityHeaders(formActions));

  app.get("/healthz", (_req, res) => {
    res.json({ ok: true });
  });
  // A draining instance is alive but wants no new work: the proxy should stop sending it any.
  app.get("/readyz", async (_req, res) => {
    const ok = !lifecycle.draining && (await isDatabaseReachable(services.db));
    res.status(ok ? 200 : 503).json({ ok });
  });

  app.post(STRIPE_WEBHOOK_PATH, express.raw({ type: "*/*", limit: "1mb" }), async (req, res) => {
    const reply = await handleStripeWebhook(
      services,
      req.body as Buffer,
      req.get("stripe-signature"),
    );
    res.status(reply.status).type("text/plain").send(reply.body);
  });

  if (options.clientDir) serveStaticFiles(app, options.clientDir);
  if (options.viteDevServer) app.use(options.viteDevServer.middlewares);
  app.use(visitorMiddleware(config.sessionSecrets));
  app.use(pageViews(services.analytics, services.clock, config.publicUrl));
  app.use(
    bodyLimit(100 * 1024, {
      "/resume-review": UPLOAD_LIMIT,
      "/portal/profile": UPLOAD_LIMIT,
      // The tracker (2 MiB at most), or its preview's rows coming back to be confirmed.
      "/portal/applications/import": UPLOAD_LIMIT,
      "/portal/testimonial": PHOTO_POST_LIMIT,
    }),
  );
  // Exempt: Stripe's webhook (signed, checked in the handler) and the one-click unsubscribe
  // address (RFC 8058: mail providers post it from their own servers, with no cookie and any or no
  // Origin; the random token in the path is the whole authority, and all it can do is stop
  // marketing). That address is a resource route, which React Router's own origin check leaves to
  // us, and it acts on the one-click body only: the page that asks, /unsubscribe/<token>/choose,
  // is not exempt, so another site's form posting to it is still refused.
  app.use(originCheck(config.publicUrl, [STRIPE_WEBHOOK_PATH, UNSUBSCRIBE_PATH]));

  app.all("/{*splat}", pages(config, services, options.viteDevServer));
  app.use(lastErrorHandler);

  return { app, services, lifecycle };
}

/**
 * React Router's handler. Given a function, it loads the build and derives its routes on every
 * request, which development needs (Vite recompiles); in production it gets the build itself,
 * loaded at the first request, so the routes are derived once.
 */
function pages(
  config: Config,
  services: Services,
  viteDevServer: ServerOptions["viteDevServer"],
): express.RequestHandler {
  const handler = (build: ServerBuild | (() => Promise<ServerBuild>)) =>
    createRequestHandler({
      build,
      mode: config.nodeEnv === "development" ? "development" : "production",
      getLoadContext: (req, res) => buildContext(services, req, res),
    });
  const buildId = "virtual:react-router/server-build";
  if (viteDevServer)
    return handler(() => viteDevServer.ssrLoadModule(buildId) as unknown as Promise<ServerBuild>);
  let production: Promise<express.RequestHandler> | undefined;
  return (req, res, next) => {
    production ??= import("virtual:react-router/server-build").then(handler);
    production.then((serve) => serve(req, res, next), next);
  };
}

/** What every loader and action is handed: the services and what the middleware found out. */
export function buildContext(
  services: Services,
  req: Request,
  res: Response,
): RouterContextProvider {
  const visitor = res.locals.visitor as Visitor;
  return requestContext({
    services,
    nonce: res.locals.nonce as string,
    visitorId: visitor.visitorId,
    attribution: visitor.attribution,
    ip: req.ip ?? "unknown",
    secure: res.locals.secure as boolean,
    requestId: String(req.id),
  });
}

function serveHashedAssets(app: express.Express, clientDir: string) {
  const immutable = {
    immutable: true,
    maxAge: "1y",
    setHeaders: (res: Response) => res.setHeader("X-Content-Type-Options", "nosniff"),
  };
  app.use("/assets", express.static(path.join(clientDir, "assets"), immutable));
}

function serveStaticFiles(app: express.Express, clientDir: string) {
  // The build's public files (favicon.svg...): a name with an extension. A page's address has
  // none, so it goes on to React Router without a look at the disk.
  const files = express.static(clientDir, { index: false, maxAge: "1h" });
  app.use((req, res, next) => (path.extname(req.path) ? files(req, res, next) : next()));
}

/**
 * compression(), without the flush React Router's writer asks for after every chunk React writes
 * (about 2 KB): each flush ends a deflate block, which made `/` 11.3 KB of gzip instead of 8.3
 * and cost 0.4 ms more per page. No page streams content that arrives later (no Suspense, no
 * Await), so the compressor sends when its buffer fills and at the end.
 */
function compressWhole(): express.RequestHandler {
  const compress = compression();
  return (req, res, next) =>
    compress(req, res, (error?: unknown) => {
      delete (res as { flush?: unknown }).flush;
      next(error);
    });
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Any request but a read, once answered, clears what pages keep in memory (services.memo: the
 * home page's live parts), so this instance's own writes (a seat sold, a testimonial approved,
 * the owner's settings) show on its next page; other instances' show when the values expire.
 */
export function clearMemoAfterWrites(memo: Pick<Memo, "clear">): express.RequestHandler {
  return (req, res, next) => {
    if (!READS.has(req.method)) {
      const clear = () => memo.clear();
      // Both: "finish" before the client can ask again, "close" for an answer cut short.
      res.once("finish", clear);
      res.once("close", clear);
    }
    next();
  };
}

/** The last word on any error (answerError): a plain message and the request id. */
function lastErrorHandler(
  error: unknown,
  req: Request,
  res: Response,
  // Express recognises an error handler by its four parameters.
  _next: express.NextFunction,
) {
  answerError(res, String(req.id), error);
}

import "react-router";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Request, type Response } from "express";
import path from "node:path";
import type { AppLoadContext, ServerBuild } from "react-router";
import "../app/context";
import { isDatabaseReachable } from "../app/db/database.server";
import type { Config } from "../app/env.server";
import type { Services } from "../app/context";
import { createServices, type ServiceOverrides } from "../app/services.server";
import { handleStripeWebhook } from "../app/features/payments/stripe-webhook.server";
import { RATE_LIMIT_WINDOW_SECONDS } from "../app/lib/rate-limit.server";
import { cohortLineFragment } from "./home-cohort";
import { homeStoriesFragments } from "./home-stories";
import { prerenderedHome } from "./prerendered-home";
import { answerError, requestLog } from "./request-log";
import {
  bodyLimit,
  hashedPolicy,
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
  app.use(retryAfterOnTooManyRequests(RATE_LIMIT_WINDOW_SECONDS));
  app.use(privateResponses());
  const formActions = services.payments.checkoutOrigins;
  app.use(compression());
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
  // The prerendered home has no test-payments banner: with one, / is rendered per request. Its
  // cohort line, testimonials and headline stat are read per request and put into the build's
  // copy (server/home-cohort.ts, server/home-stories.ts).
  const home =
    options.clientDir &&
    !config.testPaymentsBanner &&
    prerenderedHome(options.clientDir, (hashes) => hashedPolicy(formActions, hashes), [
      cohortLineFragment(services),
      homeStoriesFragments(services),
    ]);
  if (home) app.get("/", home);
  app.use(
    bodyLimit(100 * 1024, {
      "/resume-review": UPLOAD_LIMIT,
      "/portal/profile": UPLOAD_LIMIT,
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

  app.all(
    "/{*splat}",
    createRequestHandler({
      build: options.viteDevServer
        ? () =>
            options.viteDevServer!.ssrLoadModule(
              "virtual:react-router/server-build",
            ) as unknown as Promise<ServerBuild>
        : () => import("virtual:react-router/server-build"),
      mode: config.nodeEnv === "development" ? "development" : "production",
      getLoadContext: (req, res) => buildContext(services, req, res),
    }),
  );
  app.use(lastErrorHandler);

  return { app, services, lifecycle };
}

/** What every loader and action is handed: the services and what the middleware found out. */
export function buildContext(services: Services, req: Request, res: Response): AppLoadContext {
  const visitor = res.locals.visitor as Visitor;
  return {
    services,
    nonce: res.locals.nonce as string,
    visitorId: visitor.visitorId,
    attribution: visitor.attribution,
    ip: req.ip ?? "unknown",
    secure: res.locals.secure as boolean,
    requestId: String(req.id),
  };
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
  // index.html is the prerendered home page, which is served only as / (prerenderedHome).
  app.get("/index.html", (_req, res) => res.redirect(301, "/"));
  const files = express.static(clientDir, { index: false, maxAge: "1h" });
  // `/` is a page (prerenderedHome), never a file; the prerendered `/_root.data` is left to React
  // Router, which answers it per request, with the visitor's flash toast.
  app.use((req, res, next) =>
    req.path === "/" || req.path.endsWith(".data") ? next() : files(req, res, next),
  );
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

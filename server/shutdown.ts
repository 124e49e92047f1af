import type { Server } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { log } from "../app/lib/logger.server";
import type { Services } from "../app/services.server";

/** Whether this instance is on its way out: /readyz answers 503 and connections are not kept. */
export interface Lifecycle {
  draining: boolean;
}

/**
 * While draining, every response (including those of requests that began before) tells the client
 * to close the connection, so a proxy's keep-alive connections end as their last answer goes out.
 */
export function closeConnectionsWhileDraining(lifecycle: Lifecycle) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      if (lifecycle.draining) res.setHeader("Connection", "close");
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as Response["writeHead"];
    next();
  };
}

/**
 * The graceful stop (SIGTERM, SIGINT): stop taking connections, close idle keep-alive ones, let
 * the requests in flight and the email being sent finish (the worker claims no more), then close
 * the database. After `timeoutMs` the connections still open are cut; `clean` says whether
 * everything finished in time. (A connection that was opened but never sent a request, as a
 * browser's preconnect may be, counts as busy until then; a proxy never leaves one like that.)
 */
export async function drain(
  server: Server,
  services: Pick<Services, "stopBackground" | "close">,
  lifecycle: Lifecycle,
  options: { timeoutMs: number },
): Promise<{ clean: boolean }> {
  lifecycle.draining = true;
  log.info("draining");
  const requestsDone = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), options.timeoutMs);
  });
  const clean = await Promise.race([
    Promise.all([requestsDone, services.stopBackground()]).then(() => true as const),
    timedOut,
  ]);
  clearTimeout(timer);
  if (!clean) server.closeAllConnections();
  await services.close();
  log.info("drained", { clean });
  return { clean };
}

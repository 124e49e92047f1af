import type { Server, ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";
import type { NextFunction, Request, Response } from "express";
import { log } from "../app/lib/logger.server";
import type { Services } from "../app/context";

/** Whether this instance is on its way out: /readyz answers 503 and connections are not kept. */
export interface Lifecycle {
  draining: boolean;
}

/**
 * While draining, every response (including those of requests that began before) tells the client
 * to close the connection, so a proxy's keep-alive connections end as their last answer goes out.
 * Decided when the response's headers are written, not when its request arrived.
 */
export function closeConnectionsWhileDraining(lifecycle: Lifecycle) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const raw: ServerResponse = res;
    const writeHead = raw.writeHead;
    raw.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      if (lifecycle.draining) raw.setHeader("Connection", "close");
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse["writeHead"];
    next();
  };
}

/**
 * The graceful stop (SIGTERM, SIGINT): stop taking connections, let the requests in flight and the
 * email being sent finish (the worker claims no more), then close the database. Idle keep-alive
 * connections are not cut from this side, where a request the proxy is writing at that moment
 * would be lost (and a POST is not retried): each ends after one more answer, which carries
 * Connection: close, or when its client lets it go (nginx after 4 s; Node's own keep-alive
 * timeout, 5 s, otherwise). After `timeoutMs` whatever is still open is cut; `clean` says whether
 * everything finished in time. Connections the kernel has queued but the (busy) process has not
 * yet accepted are reset when the listener closes: take the instance out of the proxy first to
 * lose none (docs/operations.md, "Going to production").
 */
export async function drain(
  server: Server,
  services: Pick<Services, "stopBackground" | "close">,
  lifecycle: Lifecycle,
  options: { timeoutMs: number },
): Promise<{ clean: boolean }> {
  lifecycle.draining = true;
  log.info("draining");
  // net.Server's close: stop listening only. http.Server's would also drop the idle connections.
  const requestsDone = new Promise<void>((resolve) =>
    NetServer.prototype.close.call(server, () => resolve()),
  );
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

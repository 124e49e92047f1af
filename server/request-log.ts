import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { errorPage } from "../app/content/site";
import { redactTokens } from "../app/domain/token-urls";
import { errorMessage, log } from "../app/lib/logger.server";

/** A request's path, without its query. */
export function pathOf(url: string | undefined): string {
  const path = url ?? "/";
  const query = path.indexOf("?");
  return query < 0 ? path : path.slice(0, query);
}

/**
 * Gives the request an id (the X-Request-Id header, and every log line about it) and logs one
 * line when its response has gone out: method, path, status and time, never the query or a
 * header. A path that carries a bearer token is logged with `:token` in its place: a log reader
 * must not be able to act as the link's owner. Hashed assets are not logged.
 */
export function startRequestLog(req: IncomingMessage, res: ServerResponse): string {
  const started = process.hrtime.bigint();
  const requestId = randomUUID();
  res.setHeader("X-Request-Id", requestId);
  res.on("finish", () => {
    // Express rewrites `url` inside a mounted router (/assets); `originalUrl` keeps the address.
    const path = redactTokens(pathOf((req as { originalUrl?: string }).originalUrl ?? req.url));
    if (path.startsWith("/assets/")) return;
    log.info("request", {
      requestId,
      method: req.method,
      path,
      status: res.statusCode,
      ms: Number((process.hrtime.bigint() - started) / 1_000_000n),
    });
  });
  return requestId;
}

/**
 * The last word on any error: a plain message and the request id, never a stack trace or a path;
 * the error itself goes to the log under the same id.
 */
export function answerError(res: ServerResponse, requestId: string, error: unknown) {
  const given = (error as { status?: unknown; statusCode?: unknown }) ?? {};
  const status = Number(given.status ?? given.statusCode);
  const code = status >= 400 && status < 500 ? status : 500;
  log.error("request failed", { requestId, status: code, error: errorMessage(error) });
  if (res.headersSent) return;
  res.statusCode = code;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.end(code < 500 ? errorPage.refused(requestId) : errorPage.failed(requestId));
}

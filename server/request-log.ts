import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { Request, Response } from "express";
import { pinoHttp } from "pino-http";
import { errorPage } from "../app/content/site";
import { redactTokens } from "../app/lib/token-urls";
import { errorMessage, log } from "../app/lib/logger.server";

/** The path as it may be logged: no query, no token. Express rewrites `url` inside /assets. */
const loggedPath = (req: Request) => redactTokens(req.originalUrl.split("?", 1)[0]!);

/**
 * Gives each request an id (`req.id`, the X-Request-Id header, and every log line about it) and
 * logs one line when its response has gone out: method, path, status and time, never the query
 * or a header. A path that carries a bearer token is logged with `:token` in its place: a log
 * reader must not be able to act as the link's owner. Hashed assets are not logged.
 */
export function requestLog(logger = log.pino) {
  const line = (req: Request, res: Response, done: { responseTime: number }) => ({
    method: req.method,
    path: loggedPath(req),
    status: res.statusCode,
    ms: done.responseTime,
  });
  return pinoHttp<Request, Response>({
    logger,
    genReqId: (_req, res) => {
      const id = randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    customAttributeKeys: { reqId: "requestId" },
    // Loggers bound to a request carry its id only: the request itself (its query, its headers)
    // is never serialized, not even into a binding that is never written.
    quietReqLogger: true,
    quietResLogger: true,
    wrapSerializers: false,
    serializers: { req: () => undefined },
    autoLogging: { ignore: (req) => loggedPath(req).startsWith("/assets/") },
    customSuccessMessage: () => "request",
    customSuccessObject: line,
    // A failed request's error is logged once, by answerError, under the same id.
    customErrorMessage: () => "request",
    customErrorObject: (req, res, _error, done) => line(req, res, done),
  });
}

/**
 * The last word on any error: a plain message and the request id, never a stack trace or a path;
 * the error itself goes to the log under the same id.
 */
export function answerError(res: ServerResponse, requestId: string, error: unknown) {
  const given = (error as { status?: unknown; statusCode?: unknown }) ?? {};
  const status = Number(given.status ?? given.statusCode);
  const code = status >= 400 && status < 500 ? status : 500;
  // A path that does not percent-decode is refused by the router with the raw segment in its
  // message, and that segment may be a bearer token (/calendar/<token>%E0%A4%A.ics): its words
  // are never logged.
  const logged =
    error instanceof URIError ? "malformed percent-encoding in the path" : errorMessage(error);
  log.error("request failed", { requestId, status: code, error: logged });
  if (res.headersSent) return;
  res.statusCode = code;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.end(code < 500 ? errorPage.refused(requestId) : errorPage.failed(requestId));
}

import express, { type NextFunction, type Request, type Response } from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../app/routes";
import { createLogger, log } from "../app/lib/logger.server";
import type { Services } from "../app/context";
import { buildContext } from "./app";
import { answerError, requestLog } from "./request-log";

/** Every line the request log wrote, as the logger's destination received it. */
const lines: string[] = [];
let server: Server;
let base = "";

beforeAll(async () => {
  const logger = createLogger({ write: (line: string) => lines.push(line) }, "info");
  const app = express();
  app.use(requestLog(logger.pino));
  // Mounted as the hashed assets are: Express rewrites req.url inside the mount.
  app.use("/assets", (_req, res) => res.end("asset"));
  // As the app's token routes are: a named parameter the router percent-decodes.
  app.get("/calendar/:file", (_req, res) => res.end("feed"));
  app.get("/boom", () => {
    throw new Error("broken");
  });
  // What React Router's loaders (and handleError) are handed, after the middleware that set it up.
  app.get("/context", (req, res) => {
    res.locals.visitor = { visitorId: null, attribution: null };
    res.locals.nonce = "nonce";
    res.locals.secure = false;
    res.json({ requestId: buildContext({} as Services, req, res).requestId });
  });
  app.all("/{*splat}", (_req, res) => res.end("ok"));
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) =>
    answerError(res, String(req.id), error),
  );
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  lines.length = 0;
});

/** The request line logged for one request to a path (and query), as written. */
async function loggedLine(url: string, method = "GET", headers: Record<string, string> = {}) {
  const response = await fetch(base + url, { method, headers });
  const body = await response.text();
  await vi.waitFor(() => expect(lines).toHaveLength(1));
  return { line: lines.pop()!, requestId: response.headers.get("x-request-id"), body };
}

describe("the request log", () => {
  it("writes one line per request: its id (also sent as X-Request-Id), method, path, status, time", async () => {
    const { line, requestId } = await loggedLine("/apply?utm_source=x", "POST", {
      Cookie: "fsts_vid=secret-cookie",
      Authorization: "Bearer secret-header",
    });
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(line)).toEqual({
      level: "info",
      time: expect.any(String),
      requestId,
      method: "POST",
      path: "/apply",
      status: 200,
      ms: expect.any(Number),
      msg: "request",
    });
    expect(line).not.toContain("secret");
  });

  it("answers an error with the request's id, and logs the error and the request under it", async () => {
    const logError = vi.spyOn(log, "error");
    const { line, requestId, body } = await loggedLine("/boom");
    expect(body).toBe(`Something went wrong (request ${requestId}).`);
    expect(JSON.parse(line)).toMatchObject({ requestId, path: "/boom", status: 500 });
    expect(logError).toHaveBeenCalledWith("request failed", {
      requestId,
      status: 500,
      error: "broken",
    });
    logError.mockRestore();
  });

  it("hands the same id to the loaders' context, so handleError logs under it", async () => {
    const response = await fetch(`${base}/context`);
    const { requestId } = (await response.json()) as { requestId: string };
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestId).toBe(response.headers.get("x-request-id"));
  });

  it("does not log the hashed assets", async () => {
    await (await fetch(`${base}/assets/app-1234.js`)).text();
    await loggedLine("/after");
    expect(lines).toEqual([]);
  });
});

function routePaths(entries: readonly RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    return [...(entry.path ? [path] : []), ...routePaths(entry.children ?? [], path)];
  });
}

/**
 * Route parameters known not to be secrets; any other parameter is treated as a token. `session`
 * is a group session's row id on an owner's page (/admin/cohorts/:id/sessions/:session),
 * `applicationId` a job application's row id on a mentor's page
 * (/portal/mentor/students/:id/applications/:applicationId), `week` a program week's number
 * (/portal/weeks/:week, /admin/program/:week).
 */
const PUBLIC_PARAMS = new Set([
  "id",
  "key",
  "format",
  "sequence",
  "step",
  "session",
  "applicationId",
  "week",
]);

const token = () => `tok${crypto.randomUUID().replaceAll("-", "")}X`;

describe("finding 6: bearer tokens in the request log", () => {
  const tokenRoutes = routePaths(routes).filter((path) =>
    [...path.matchAll(/:(\w+)/g)].some(([, name]) => !PUBLIC_PARAMS.has(name!)),
  );

  it("finds the token routes of app/routes.ts", () => {
    expect(tokenRoutes).toEqual(
      expect.arrayContaining([
        "/download/:token/:format?",
        "/offers/:token",
        "/unsubscribe/:token",
        "/checkout/test/:sessionId",
      ]),
    );
  });

  it("logs every token route of app/routes.ts with the token replaced", async () => {
    for (const route of tokenRoutes) {
      const secret = token();
      const path = route.replace(/:(\w+)\??/g, (_, name: string) =>
        PUBLIC_PARAMS.has(name) ? "pdf" : secret,
      );
      for (const method of ["GET", "POST"]) {
        const { line } = await loggedLine(path, method);
        expect(line, `${method} ${path}`).not.toContain(secret);
        expect(line).toContain(":token");
      }
    }
  });

  it.each([
    ["/portal/login/<t>", "/portal/login/:token"],
    ["/calendar/<t>.ics", "/calendar/:token.ics"],
    ["/offers/<t>.data", "/offers/:token.data"],
    ["/OFFERS/<t>", "/offers/:token"],
    ["//unsubscribe/<t>", "/unsubscribe/:token"],
    ["/download/<t>/docx", "/download/:token/docx"],
  ])("logs %s (reserved and other spellings) as %s", async (pattern, logged) => {
    const secret = token();
    const { line } = await loggedLine(pattern.replace("<t>", secret));
    expect(line).not.toContain(secret);
    expect(JSON.parse(line)).toMatchObject({ path: logged });
  });

  it("logs no token from a path that does not percent-decode (a refusal, 400)", async () => {
    const logError = vi.spyOn(log, "error");
    const secret = token();
    const { line, requestId } = await loggedLine(`/calendar/${secret}%E0%A4%A.ics`);
    expect(JSON.parse(line)).toMatchObject({ path: "/calendar/:token.ics", status: 400 });
    expect(logError).toHaveBeenCalledWith("request failed", {
      requestId,
      status: 400,
      error: "malformed percent-encoding in the path",
    });
    expect(JSON.stringify(logError.mock.calls)).not.toContain(secret);
    logError.mockRestore();
  });

  it("never logs the query, where the enrollment and payment links carry theirs", async () => {
    const secret = token();
    for (const url of [
      `/enroll?offer=${secret}`,
      `/enroll?link=${secret}`,
      `/payment-confirmation?session_id=${secret}`,
    ]) {
      const { line } = await loggedLine(url);
      expect(line).not.toContain(secret);
      expect(line).not.toContain("?");
    }
  });
});

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../app/routes";
import { log } from "../app/lib/logger.server";
import { startRequestLog } from "./request-log";

let server: Server;
let base = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    startRequestLog(req, res);
    res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The request line logged for one request to a path (and query). */
async function loggedLine(url: string, method = "GET"): Promise<string> {
  const info = vi.spyOn(log, "info");
  try {
    await (await fetch(base + url, { method })).text();
    await vi.waitFor(() => expect(info).toHaveBeenCalled());
    return JSON.stringify(info.mock.calls[0]);
  } finally {
    info.mockRestore();
  }
}

function routePaths(entries: readonly RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    return [...(entry.path ? [path] : []), ...routePaths(entry.children ?? [], path)];
  });
}

/** Route parameters known not to be secrets; any other parameter is treated as a token. */
const PUBLIC_PARAMS = new Set(["id", "key", "format"]);

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
        const line = await loggedLine(path, method);
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
    const line = await loggedLine(pattern.replace("<t>", secret));
    expect(line).not.toContain(secret);
    expect(JSON.parse(line)[1]).toMatchObject({ path: logged });
  });

  it("never logs the query, where the enrolment and payment links carry theirs", async () => {
    const secret = token();
    for (const url of [
      `/enroll?offer=${secret}`,
      `/enroll?link=${secret}`,
      `/payment-confirmation?session_id=${secret}`,
    ]) {
      const line = await loggedLine(url);
      expect(line).not.toContain(secret);
      expect(line).not.toContain("?");
    }
  });
});

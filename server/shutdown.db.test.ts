import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer as createHttpServer, request as httpRequest, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../app/env.server";
import { enqueueEmail } from "../app/mail/outbox.server";
import { testEngines } from "../tests/support/databases";
import { slowMailTransport } from "../tests/support/slow-mail";
import { createServer, drain } from "./app";

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );

describe.each(testEngines())("graceful stop on $name", (engine) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("stops taking connections, finishes the request and the email in flight, then closes", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fsts-drain-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const schema = `t_${randomBytes(6).toString("hex")}`;
    if (engine.name === "postgres")
      cleanups.push(async () => {
        const client = new pg.Client({ connectionString: engine.url });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      });
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      DATABASE_URL: engine.name === "sqlite" ? `file:${path.join(dataDir, "app.db")}` : engine.url,
      SESSION_SECRET: "test-secret-test-secret-test-secret-123",
      PUBLIC_URL: "http://localhost:3000",
      MAIL_WORKER_INTERVAL_MS: "50",
    });
    const { transport, sending, delivered } = slowMailTransport(300);
    const { app, services, lifecycle } = await createServer(config, {
      mailTransport: transport,
      schema: engine.name === "postgres" ? schema : undefined,
    });
    for (const to of ["one@example.com", "two@example.com"])
      await enqueueEmail(
        services.db,
        { kind: "test", to, personId: null, subject: "s", html: "h", text: "t" },
        new Date(),
      );
    const server = createHttpServer(app);
    const url = await listen(server);
    // A second listener on the same app, to ask it about readiness while the first drains.
    const probe = createHttpServer(app);
    const probeUrl = await listen(probe);
    cleanups.push(() => new Promise<void>((resolve) => probe.close(() => resolve())));
    expect((await fetch(`${probeUrl}/readyz`)).status).toBe(200);

    // An idle keep-alive connection (like a proxy's), and a request whose body is still arriving.
    const idle = connect((server.address() as AddressInfo).port, "127.0.0.1");
    const idleClosed = new Promise<void>((resolve) => idle.once("close", () => resolve()));
    await new Promise((resolve) => idle.once("connect", resolve));
    const firstAnswer = new Promise((resolve) => idle.once("data", resolve));
    idle.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await firstAnswer;
    const arrived = new Promise<void>((resolve) => server.once("request", () => resolve()));
    const inFlight = httpRequest(`${url}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": "2" },
    });
    const answered = new Promise<{ status: number; connection: string | undefined }>(
      (resolve, reject) => {
        inFlight.once("response", (res) => {
          res.resume();
          res.once("end", () =>
            resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
          );
        });
        inFlight.once("error", reject);
      },
    );
    inFlight.write("{");
    await arrived;

    services.startBackground();
    await sending;
    const stopped = drain(server, services, lifecycle, { timeoutMs: 5_000 });

    expect(lifecycle.draining).toBe(true);
    expect((await fetch(`${probeUrl}/readyz`)).status).toBe(503);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    // The idle keep-alive connection is not cut: its next request is answered, with Connection: close.
    const lastAnswer = new Promise<string>((resolve) =>
      idle.once("data", (d) => resolve(String(d))),
    );
    idle.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
    expect(await lastAnswer).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\nConnection: close\r\n/i);
    await idleClosed;

    inFlight.end("}");
    const reply = await answered;
    expect(reply.status).toBeGreaterThanOrEqual(200);
    expect(reply.connection).toBe("close");

    expect(await stopped).toEqual({ clean: true });
    expect(delivered).toEqual(["one@example.com"]);
    await expect(services.db.selectFrom("outbox").selectAll().execute()).rejects.toThrow();
    const reopened = await createServer(config, {
      schema: engine.name === "postgres" ? schema : undefined,
    });
    cleanups.push(() => reopened.services.close());
    const rows = await reopened.services.db
      .selectFrom("outbox")
      .select(["to_address", "status", "locked_until"])
      .orderBy("to_address")
      .execute();
    expect(rows).toEqual([
      { to_address: "one@example.com", status: "sent", locked_until: null },
      { to_address: "two@example.com", status: "pending", locked_until: null },
    ]);
  });
});

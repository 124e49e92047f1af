// The process entry: validates configuration, then serves the production build (or Vite in development).
import { createServer as createHttpServer } from "node:http";
import path from "node:path";

const development = process.env.NODE_ENV === "development";
// Anything but `npm run dev` runs in production mode: Express then answers errors without stack
// traces, and React renders with its production build.
if (!development) process.env.NODE_ENV = "production";

/** How long a stopping instance waits for requests in flight before cutting them off. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main() {
  let createServer, loadConfig, ConfigError, drain;
  let viteDevServer;
  if (development) {
    const vite = await import("vite");
    viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    ({ createServer, loadConfig, ConfigError, drain } =
      await viteDevServer.ssrLoadModule("./server/app.ts"));
  } else {
    ({ createServer, loadConfig, ConfigError, drain } = await import("./build/server/index.js"));
  }

  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  for (const warning of config.warnings) console.warn(`warning: ${warning}`);

  const { app, services, lifecycle } = await createServer(config, {
    clientDir: development ? undefined : path.resolve("build/client"),
    viteDevServer,
  });
  services.startBackground();
  const server = createHttpServer(app).listen(config.port, config.host, () => {
    console.log(
      `From Scratch to Success is listening on ${config.publicUrl} (${config.host}:${config.port})`,
    );
  });

  // Graceful stop: no new connections, requests in flight and the email being sent finish,
  // then exit. A second signal, or a stop that takes too long, exits at once.
  let stopping = false;
  const shutdown = (signal) => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`${signal}: finishing the requests in flight, then stopping.`);
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS + 5_000).unref();
    drain(server, services, lifecycle, { timeoutMs: SHUTDOWN_TIMEOUT_MS }).then(
      ({ clean }) => process.exit(clean ? 0 : 1),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

// The process entry: validates configuration, then serves the production build (or Vite in development).
import path from "node:path";

const development = process.env.NODE_ENV === "development";
// Anything but `npm run dev` runs in production mode: Express then answers errors without stack
// traces, and React renders with its production build.
if (!development) process.env.NODE_ENV = "production";

async function main() {
  let createServer, loadConfig, ConfigError;
  let viteDevServer;
  if (development) {
    const vite = await import("vite");
    viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    ({ createServer, loadConfig, ConfigError } =
      await viteDevServer.ssrLoadModule("./server/app.ts"));
  } else {
    ({ createServer, loadConfig, ConfigError } = await import("./build/server/index.js"));
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

  const { app, services } = await createServer(config, {
    clientDir: development ? undefined : path.resolve("build/client"),
    viteDevServer,
  });
  services.startBackground();
  const server = app.listen(config.port, config.host, () => {
    console.log(
      `From Scratch to Success is listening on ${config.publicUrl} (${config.host}:${config.port})`,
    );
  });

  const shutdown = () => {
    server.close(() => {
      services.close().finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

// `npm start`: builds once when there is no production build, then serves it.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("build/server/index.js") || !existsSync("build/client")) {
  console.log("No production build found: building first (about a minute)...");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import("../server.js");

import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Result } from "autocannon";
import { round } from "./format";
import { freePort, removeDir, ROOT, sleep, tempDir, track } from "./server";
import type { LoadSection } from "./types";

function nginxPath(): string | null {
  const found = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  const file = found.stdout.trim();
  return found.status === 0 && file ? file : null;
}

/**
 * The ceiling for GET /: nginx (one process, like the app) serving the same
 * prerendered build/client/index.html from a temp copy, measured the same way as the app.
 */
export async function benchNginx(
  appRequestsPerSec: number,
  measure: (url: string) => Promise<Result>,
): Promise<LoadSection["nginx"]> {
  const binary = nginxPath();
  if (!binary) return { installed: false };
  const dir = tempDir("nginx");
  try {
    const www = path.join(dir, "www");
    mkdirSync(www);
    copyFileSync(path.join(ROOT, "build/client/index.html"), path.join(www, "index.html"));
    const port = await freePort();
    const conf = path.join(dir, "nginx.conf");
    writeFileSync(
      conf,
      // One process serving as the current user (no master, no worker user switch), like the app.
      `master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  default_type text/html;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${www};
    location = / { try_files /index.html =404; }
  }
}
`,
    );
    const child = track(
      spawn(binary, ["-p", `${dir}/`, "-e", `${dir}/error.log`, "-c", conf, "-g", "daemon off;"], {
        stdio: "ignore",
      }),
    );
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    try {
      const url = `http://127.0.0.1:${port}`;
      await waitForNginx(url);
      const result = await measure(url);
      const requestsPerSec = round(result.requests.average, 0);
      console.log(`  load nginx    GET /                    ${requestsPerSec} req/s`);
      return {
        installed: true,
        requestsPerSec,
        p50Ms: round(result.latency.p50, 1),
        p99Ms: round(result.latency.p99, 1),
        appToNginx: requestsPerSec > 0 ? round(appRequestsPerSec / requestsPerSec, 3) : 0,
      };
    } finally {
      if (child.exitCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
  } catch (error) {
    return { installed: true, error: (error as Error).message };
  } finally {
    removeDir(dir);
  }
}

async function waitForNginx(url: string) {
  for (let i = 0; i < 50; i++) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  throw new Error("nginx did not answer within 5 s");
}

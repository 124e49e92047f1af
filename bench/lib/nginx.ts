import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Result } from "autocannon";
import { round } from "./format";
import { freePort, removeDir, ROOT, sleep, tempDir, track } from "./server";
import type { LoadSection } from "./types";

function nginxPath(): string | null {
  const found = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  const file = found.stdout.trim();
  return found.status === 0 && file ? file : null;
}

/** Installs Debian's nginx when it is missing (the bench's only system package). */
function ensureNginx(): string | null {
  const found = nginxPath();
  if (found || process.getuid?.() !== 0) return found;
  console.log("  load: nginx is missing, installing Debian's package (apt-get install nginx)");
  spawnSync("apt-get", ["install", "-y", "-q", "nginx"], { stdio: "ignore" });
  return nginxPath();
}

/** What a server answers to `Accept-Encoding: gzip` for a URL: its encoding and body bytes. */
function encodedBody(url: string): Promise<{ encoding: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () =>
        resolve({ encoding: String(res.headers["content-encoding"] ?? "identity"), bytes }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * The ceiling for GET /: nginx (one process, like the app) serving the page the app rendered for
 * `/` just before, as a file gzipped once (`gzip_static`), against the app's GET / in the same run,
 * both asked with `Accept-Encoding: gzip` by the same load generator.
 */
export async function benchNginx(
  appUrl: string,
  measure: (url: string) => Promise<Result>,
): Promise<LoadSection["nginx"]> {
  const binary = ensureNginx();
  if (!binary) return { installed: false };
  const dir = tempDir("nginx");
  try {
    const www = path.join(dir, "www");
    mkdirSync(www);
    const page = await fetch(appUrl + "/");
    if (!page.ok) throw new Error(`the app answered GET / with ${page.status}`);
    const html = Buffer.from(await page.arrayBuffer());
    writeFileSync(path.join(www, "index.html"), html);
    writeFileSync(path.join(www, "index.html.gz"), gzipSync(html, { level: 9 }));
    const port = await freePort();
    const conf = path.join(dir, "nginx.conf");
    writeFileSync(
      conf,
      // One process serving as the current user (no master, no worker user switch), like the app,
      // and, like the app, writing a line per request to its log (buffered, as the app's is).
      `master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log combined buffer=32k flush=1s;
  default_type text/html;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${www};
    gzip_static on;
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
      await waitForAnswer(url, "nginx");
      const [app, nginx] = [await encodedBody(appUrl + "/"), await encodedBody(url + "/")];
      const appRun = await measure(appUrl);
      const result = await measure(url);
      const bareRun = await measureBareExpress(path.join(www, "index.html.gz"), measure);
      const requestsPerSec = round(result.requests.average, 0);
      const appRequestsPerSec = round(appRun.requests.average, 0);
      const bareExpressRequestsPerSec = round(bareRun.requests.average, 0);
      console.log(
        `  load GET / gzip: app ${appRequestsPerSec} req/s (${app.encoding}, ${app.bytes} B), nginx ${requestsPerSec} req/s (${nginx.encoding}, ${nginx.bytes} B), Express alone ${bareExpressRequestsPerSec} req/s`,
      );
      return {
        installed: true,
        requestsPerSec,
        p50Ms: round(result.latency.p50, 1),
        p99Ms: round(result.latency.p99, 1),
        appRequestsPerSec,
        appP50Ms: round(appRun.latency.p50, 1),
        appToNginx: requestsPerSec > 0 ? round(appRequestsPerSec / requestsPerSec, 3) : 0,
        bareExpressRequestsPerSec,
        bareExpressToNginx:
          requestsPerSec > 0 ? round(bareExpressRequestsPerSec / requestsPerSec, 3) : 0,
        appEncoding: app.encoding,
        appBytes: app.bytes,
        nginxEncoding: nginx.encoding,
        nginxBytes: nginx.bytes,
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

/**
 * The framework's own ceiling on the same bytes: Express with no middleware, sending the file from
 * memory (bench/lib/bare-express.ts), in its own process as the app is.
 */
async function measureBareExpress(
  file: string,
  measure: (url: string) => Promise<Result>,
): Promise<Result> {
  const port = await freePort();
  const child = track(
    spawn(process.execPath, ["--import", "tsx", "bench/lib/bare-express.ts", String(port), file], {
      cwd: ROOT,
      stdio: "ignore",
    }),
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitForAnswer(url, "Express alone");
    return await measure(url);
  } finally {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  }
}

async function waitForAnswer(url: string, name: string) {
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
  throw new Error(`${name} did not answer within 5 s`);
}

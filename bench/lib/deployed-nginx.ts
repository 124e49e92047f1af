// nginx running deploy/nginx/fsts.conf, the site file operators install, for the cluster drills.
import { spawn, spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { onKillStarted, ROOT, sleep, track } from "./server";

const DEPLOY_NGINX_CONF = path.join(ROOT, "deploy/nginx/fsts.conf");

export function nginxBinary(): string | null {
  const found = spawnSync("sh", ["-c", "command -v nginx || ls /usr/sbin/nginx"], {
    encoding: "utf8",
  });
  const file = found.stdout.trim().split("\n")[0];
  return found.status === 0 && file ? file : null;
}

/**
 * deploy/nginx/fsts.conf as shipped, with only what differs on this machine swapped: the
 * instances' ports, the listen address and the build path. Each swap must find its line, so the
 * drill always runs the file the README tells operators to install.
 */
function renderSiteConfig(ports: number[], listenPort: number): string {
  let conf = readFileSync(DEPLOY_NGINX_CONF, "utf8");
  const swap = (pattern: RegExp, replace: (match: string, ...groups: string[]) => string) => {
    const before = conf;
    conf = conf.replace(pattern, replace as (match: string) => string);
    if (conf === before) throw new Error(`deploy/nginx/fsts.conf: nothing matched ${pattern}`);
  };
  const servers = /^(\s*)server 127\.0\.0\.1:\d+( [^;\n]*)?;\n/gm;
  const found = [...conf.matchAll(servers)];
  if (found.length === 0) throw new Error("deploy/nginx/fsts.conf: no upstream servers");
  const [, indent, options] = found[0]!;
  const block = ports
    .map((port) => `${indent}server 127.0.0.1:${port}${options ?? ""};\n`)
    .join("");
  let first = true;
  swap(servers, () => {
    if (!first) return "";
    first = false;
    return block;
  });
  swap(/^(\s*)listen 80;$/m, (_m, space) => `${space}listen 127.0.0.1:${listenPort};`);
  swap(/^\s*listen \[::\]:80;\n/m, () => "");
  swap(/root \/srv\/fsts\/build\/client;/, () => `root ${path.join(ROOT, "build/client")};`);
  return conf;
}

export interface RunningNginx {
  url: string;
  errorLog: string;
  /** The master and its worker(s), for CPU accounting. */
  pids(): number[];
  /**
   * A new upstream list, applied the way an operator would: `nginx -t`, then SIGHUP, and wait for
   * the old worker to finish what it had already sent upstream.
   */
  reload(ports: number[]): Promise<void>;
  stop(): Promise<void>;
}

function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === parent) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/**
 * nginx with the deployed site config inside a minimal main config (what Debian's nginx.conf puts
 * around sites-enabled: mime types, sendfile, gzip), under the current user: a master and one
 * worker, so it can be reloaded like the real thing.
 */
export async function startNginx(
  dir: string,
  ports: number[],
  listenPort: number,
): Promise<RunningNginx> {
  const binary = nginxBinary();
  if (!binary) throw new Error("nginx is not installed");
  const site = path.join(dir, "fsts.conf");
  writeFileSync(site, renderSiteConfig(ports, listenPort));
  const errorLog = path.join(dir, "error.log");
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${errorLog} warn;
events { worker_connections 4096; }
http {
  sendfile on;
  tcp_nopush on;
  types_hash_max_size 2048;
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  gzip on;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${site};
}
`,
  );
  const check = () => {
    const test = spawnSync(binary, ["-t", "-p", `${dir}/`, "-e", errorLog, "-c", conf], {
      encoding: "utf8",
    });
    if (test.status !== 0) throw new Error(`nginx -t failed: ${test.stderr.trim()}`);
  };
  check();
  const child = track(
    spawn(binary, ["-p", `${dir}/`, "-e", errorLog, "-c", conf, "-g", "daemon off;"], {
      stdio: "ignore",
    }),
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${listenPort}`;
  for (let i = 0; ; i++) {
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) });
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (i > 50 || child.exitCode !== null) throw new Error(`nginx did not start; see ${errorLog}`);
    await sleep(100);
  }
  const master = child.pid!;
  // An interrupted bench kills the master hard; its workers would outlive it.
  const forget = onKillStarted(() => killWorkers(childrenOf(master)));
  return {
    url,
    errorLog,
    pids: () => [master, ...childrenOf(master)],
    async reload(upstream) {
      const before = childrenOf(master);
      writeFileSync(site, renderSiteConfig(upstream, listenPort));
      check();
      child.kill("SIGHUP");
      // Done when the old worker has finished the requests it had already passed on, and exited
      // (a graceful reload); the new worker has been taking new requests since the SIGHUP.
      for (let i = 0; i < 500 && childrenOf(master).some((pid) => before.includes(pid)); i++)
        await sleep(20);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return forget();
      const workers = childrenOf(master);
      child.kill("SIGTERM");
      let forced = false;
      const timer = setTimeout(() => {
        forced = true;
        child.kill("SIGKILL");
      }, 5_000);
      await exited;
      clearTimeout(timer);
      if (forced) killWorkers(workers);
      forget();
    },
  };
}

/** SIGKILL to nginx workers left by a master killed hard (checked by name: numbers get reused). */
function killWorkers(pids: number[]) {
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, "utf8").startsWith("nginx: worker"))
        process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

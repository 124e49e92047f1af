import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { round } from "./format";

const TICKS_PER_SECOND =
  Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100;

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
function processSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces; the fields after its closing bracket are fixed.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU seconds so far of each PostgreSQL backend serving the named database (by its process title). */
function postgresBackends(database: string): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let title: string;
    try {
      title = readFileSync(`/proc/${entry}/cmdline`, "utf8");
    } catch {
      continue;
    }
    if (title.startsWith("postgres: ") && title.includes(` ${database} `))
      seconds.set(Number(entry), processSeconds(Number(entry)));
  }
  return seconds;
}

/** Busy CPU seconds of the whole machine (every process, every CPU) so far. */
function machineBusySeconds(): number {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0]!;
  const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) / TICKS_PER_SECOND;
}

/** CPUs in use during a run, by who used them: 1.0 is one CPU busy the whole time. */
export interface CpuShare {
  /** The bench process: autocannon's load generation. */
  loadGenerator: number;
  app: number;
  nginx: number;
  /** The PostgreSQL backends serving the bench's database. */
  postgres: number;
  /** Everything else on the machine: PostgreSQL's shared processes and any other work. */
  other: number;
}

/** Runs `work` and reports how the machine's CPU time was spent meanwhile (Linux /proc). */
export async function measureCpu<T>(
  pids: { app: number[]; nginx: number[]; postgresDatabase: string },
  work: () => Promise<T>,
): Promise<{ result: T; cpu: CpuShare }> {
  const sum = (list: number[]) => list.reduce((total, pid) => total + processSeconds(pid), 0);
  const started = process.hrtime.bigint();
  const self = process.cpuUsage();
  const app = sum(pids.app);
  const nginx = sum(pids.nginx);
  const postgres = postgresBackends(pids.postgresDatabase);
  const machine = machineBusySeconds();
  const result = await work();
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(self);
  const share = {
    loadGenerator: (used.user + used.system) / 1e6 / wall,
    app: (sum(pids.app) - app) / wall,
    nginx: (sum(pids.nginx) - nginx) / wall,
    // Backends that started during the run count from zero; one that ended is missed.
    postgres:
      [...postgresBackends(pids.postgresDatabase)].reduce(
        (total, [pid, seconds]) => total + seconds - (postgres.get(pid) ?? 0),
        0,
      ) / wall,
  };
  const total = (machineBusySeconds() - machine) / wall;
  return {
    result,
    cpu: {
      loadGenerator: round(share.loadGenerator, 2),
      app: round(share.app, 2),
      nginx: round(share.nginx, 2),
      postgres: round(share.postgres, 2),
      other: round(
        Math.max(0, total - share.loadGenerator - share.app - share.nginx - share.postgres),
        2,
      ),
    },
  };
}

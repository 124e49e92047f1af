import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { KyselyPlugin } from "kysely";

const SAMPLE_MS = 20;
const MB = 1024 * 1024;

/** A full garbage collection before the baseline, so garbage left by the seeding does not hide growth. */
export function collectGarbage() {
  const global = globalThis as { gc?: () => void };
  if (!global.gc) {
    try {
      setFlagsFromString("--expose-gc");
      global.gc = runInNewContext("gc") as () => void;
    } catch {
      return false;
    }
  }
  global.gc?.();
  return true;
}

/**
 * process.memoryUsage() every SAMPLE_MS, and before and after every query the queueing makes: the
 * highest heapUsed and RSS seen. The timer alone is not enough on SQLite, where better-sqlite3 is
 * synchronous and the walk never yields to the event loop (the timer fires a couple of times in
 * all); the per-query samples catch each batch with its rendered rows in memory on either engine.
 */
export function memorySampler() {
  const base = process.memoryUsage();
  let peakHeap = base.heapUsed;
  let peakRss = base.rss;
  let samples = 0;
  const sample = () => {
    const now = process.memoryUsage();
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakRss = Math.max(peakRss, now.rss);
    samples += 1;
  };
  const timer = setInterval(sample, SAMPLE_MS);
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      sample();
      return args.node;
    },
    async transformResult(args) {
      sample();
      return args.result;
    },
  };
  return {
    sample,
    plugin,
    stop() {
      clearInterval(timer);
      sample();
      return {
        samples,
        heapBaseMb: base.heapUsed / MB,
        heapPeakMb: peakHeap / MB,
        heapGrowthMb: (peakHeap - base.heapUsed) / MB,
        rssBaseMb: base.rss / MB,
        rssPeakMb: peakRss / MB,
        rssGrowthMb: (peakRss - base.rss) / MB,
      };
    },
  };
}

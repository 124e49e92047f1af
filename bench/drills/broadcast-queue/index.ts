import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { broadcastSchema } from "../../../app/features/marketing/broadcast";
import { loadConfig } from "../../../app/env.server";
import {
  createBroadcast,
  queueDueBroadcasts,
} from "../../../app/features/marketing/broadcasts.server";
import { createServices } from "../../../app/services.server";
import type { Services } from "../../../app/context";
import type { EngineSetup } from "../../lib/engines";
import { collectGarbage, memorySampler } from "../../lib/memory";
import type { DrillResult } from "../../lib/types";
import {
  broadcastRow,
  outboxFigures,
  seedPeople,
  SUBSCRIBED,
  UNDELIVERABLE,
  UNSUBSCRIBED,
} from "./data";

const NAME = "g. broadcast queueing: 10,000 subscribers";
/** One call should do it (a 60 s lease); a few more only if a call returned early. */
const MAX_CALLS = 5;
const TIME_LIMIT_MS = 10_000;
const HEAP_LIMIT_MB = 256;

/**
 * The app's own broadcast queueing (createBroadcast, then queueDueBroadcasts as the mail worker's
 * cycle calls it) against a fresh database holding 10,000 subscribed people, 500 unsubscribed and
 * 200 subscribed with an undeliverable address. The worker itself is never started, so every
 * queued row stays pending. Measured: the wall time of the queueing and the process's memory
 * (sampled every 20 ms and around every query). Then the broadcast is put back to `queueing` with
 * no lease (a worker that crashed mid-walk) and two workers queue it again at once: nothing may be
 * added.
 */
export async function broadcastQueue(engine: EngineSetup): Promise<DrillResult> {
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: engine.dataDir,
    DATABASE_URL: engine.databaseUrl,
    SESSION_SECRET: randomBytes(24).toString("hex"),
    PUBLIC_URL: "http://127.0.0.1:3000",
  });
  // Not startBackground(): the drill calls the worker's queueing step by hand.
  const services: Services = await createServices(config);
  try {
    const db = services.db;
    const seedStarted = performance.now();
    await seedPeople(db);
    const seedMs = performance.now() - seedStarted;

    const form = broadcastSchema(config.siteTimeZone, services.clock.now()).parse({
      intent: "send",
      requestKey: `bench-broadcast-${randomBytes(8).toString("hex")}`,
      category: "news",
      subject: "Applications for the spring cohort are open",
      body: [
        "Hi again! **Applications are open** for the spring cohort.",
        "",
        "- Twelve weeks, evenings and weekends",
        "- A resume review in the first week",
        "",
        "[Apply](https://example.com/apply) before the end of the month.",
      ].join("\n"),
    });
    const created = await createBroadcast(services, form, "bench");
    const broadcast = await db
      .selectFrom("broadcasts")
      .select("id")
      .where("request_key", "=", form.requestKey)
      .executeTakeFirstOrThrow();

    const gcAvailable = collectGarbage();
    const memory = memorySampler();
    const sampled: Services = { ...services, db: db.withPlugin(memory.plugin) };
    const started = performance.now();
    let calls = 0;
    let added = 0;
    let status = "scheduled";
    while (status !== "queued" && calls < MAX_CALLS) {
      calls += 1;
      added += await queueDueBroadcasts(sampled);
      status = (await broadcastRow(db, broadcast.id)).status;
    }
    const queueMs = performance.now() - started;
    const mem = memory.stop();
    const after = await broadcastRow(db, broadcast.id);
    const first = await outboxFigures(db, broadcast.id);

    // A crash mid-walk: the broadcast is left `queueing` with its lease gone; two workers retry.
    await db
      .updateTable("broadcasts")
      .set({ status: "queueing", locked_until: null })
      .where("id", "=", broadcast.id)
      .execute();
    const retryStarted = performance.now();
    const retried = await Promise.all([queueDueBroadcasts(services), queueDueBroadcasts(services)]);
    const retryMs = performance.now() - retryStarted;
    const retryAdded = retried.reduce((sum, n) => sum + n, 0);
    const afterRetry = await broadcastRow(db, broadcast.id);
    const second = await outboxFigures(db, broadcast.id);

    const duplicates = first.rows - first.people;
    const rowsAddedByRetry = second.rows - first.rows;
    const checks = {
      created: created === "created",
      inTime: status === "queued" && queueMs < TIME_LIMIT_MS,
      exact: first.rows === SUBSCRIBED && added === SUBSCRIBED && after.queued_count === SUBSCRIBED,
      noDuplicates: duplicates === 0 && first.keys === first.rows,
      noneSkippedQueued: first.skipped === 0,
      allPending: first.pending === first.rows,
      retryAddedNothing:
        rowsAddedByRetry === 0 &&
        retryAdded === 0 &&
        second.people === second.rows &&
        afterRetry.status === "queued" &&
        afterRetry.queued_count === SUBSCRIBED,
      heap: mem.heapGrowthMb < HEAP_LIMIT_MB,
    };
    const failed = Object.entries(checks)
      .filter(([, ok]) => !ok)
      .map(([name]) => name);
    const mb = (n: number) => n.toFixed(1);
    return {
      name: NAME,
      engine: engine.name,
      pass: failed.length === 0,
      summary:
        `${first.rows} rows queued for ${SUBSCRIBED} subscribers in ${(queueMs / 1000).toFixed(2)} s ` +
        `(limit ${TIME_LIMIT_MS / 1000} s, ${calls} call(s), broadcast ${status}); ` +
        `${first.people} distinct people, ${duplicates} duplicates, ${first.skipped} of the ` +
        `${UNSUBSCRIBED} unsubscribed + ${UNDELIVERABLE} undeliverable queued, ${first.pending} pending; ` +
        `heap peak ${mb(mem.heapPeakMb)} MB (+${mb(mem.heapGrowthMb)} MB, limit ${HEAP_LIMIT_MB}), ` +
        `RSS peak ${mb(mem.rssPeakMb)} MB (+${mb(mem.rssGrowthMb)} MB), ${mem.samples} samples; ` +
        `crash-and-retry with 2 workers at once added ${rowsAddedByRetry} rows in ${Math.round(retryMs)} ms` +
        (failed.length ? `; failed: ${failed.join(", ")}` : ""),
      details: {
        subscribed: SUBSCRIBED,
        unsubscribed: UNSUBSCRIBED,
        undeliverable: UNDELIVERABLE,
        seedMs: Math.round(seedMs),
        created,
        queueMs: Math.round(queueMs),
        timeLimitMs: TIME_LIMIT_MS,
        calls,
        statusAfterQueueing: status,
        queuedCount: after.queued_count,
        addedReported: added,
        rows: first.rows,
        distinctPeople: first.people,
        distinctDedupeKeys: first.keys,
        duplicates,
        skippedPeopleQueued: first.skipped,
        pending: first.pending,
        gcBeforeBaseline: gcAvailable,
        memorySamples: mem.samples,
        heapBaseMb: Number(mb(mem.heapBaseMb)),
        heapPeakMb: Number(mb(mem.heapPeakMb)),
        heapGrowthMb: Number(mb(mem.heapGrowthMb)),
        heapLimitMb: HEAP_LIMIT_MB,
        rssBaseMb: Number(mb(mem.rssBaseMb)),
        rssPeakMb: Number(mb(mem.rssPeakMb)),
        rssGrowthMb: Number(mb(mem.rssGrowthMb)),
        retryMs: Math.round(retryMs),
        retryAddedReported: retryAdded,
        rowsAddedByRetry,
        statusAfterRetry: afterRetry.status,
        queuedCountAfterRetry: afterRetry.queued_count,
      },
    };
  } finally {
    await services.close();
  }
}

import SQLite from "better-sqlite3";
import { mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { outboxStateWord } from "../../app/content/console-words";
import { openDatabase, type DB } from "../../app/db/database.server";
import { createOwner, OWNER, signIn } from "../lib/admin";
import type { EngineSetup } from "../lib/engines";
import { FORM_HEADERS, LEAD_PATH, LEAD_SUCCESS_TEXT, leadBody, visitorCookie } from "../lib/forms";
import { createBenchDatabase } from "../lib/postgres";
import { runScript as script, type ScriptRun } from "../lib/scripts";
import { startServer, type RunningServer } from "../lib/server";
import type { DrillResult } from "../lib/types";

const SUBMISSIONS = 200;
/** Posts in flight at once: slow enough that the backup starts and runs while they continue. */
const CONCURRENCY = 8;
/** `npm run db:backup` starts once this many posts have been acknowledged. */
const BACKUP_AFTER = 50;

/** What the restored database holds: lead emails, queued emails, and counts as the console shows them. */
async function contents(databaseUrl: string) {
  const handle = await openDatabase(databaseUrl, { migrate: false });
  try {
    const db: DB = handle.db;
    const submissions = await db
      .selectFrom("submissions")
      .select("email")
      .where("type", "=", "lead_magnet")
      .execute();
    const outbox = await db.selectFrom("outbox").select(["to_address", "status"]).execute();
    const people = await db.selectFrom("people").select("email").execute();
    const emailsByStatus: Record<string, number> = {};
    for (const row of outbox) emailsByStatus[row.status] = (emailsByStatus[row.status] ?? 0) + 1;
    return {
      leads: new Set(submissions.map((r) => r.email)),
      leadCount: submissions.length,
      queued: new Set(outbox.map((r) => r.to_address)),
      people: new Set(people.map((r) => r.email)),
      emailsByStatus,
    };
  } finally {
    await handle.close();
  }
}

/** Signs in as the owner and reads the dashboard's lead total and email counts from its HTML. */
async function consoleCounts(server: RunningServer) {
  const visitor = await visitorCookie(server.url);
  const admin = (await signIn(server.url, OWNER, visitor)).cookie;
  const page = await fetch(`${server.url}/admin`, {
    headers: { cookie: `${visitor}; ${admin}` },
  });
  const html = await page.text();
  if (!page.ok) throw new Error(`GET /admin on the restored site answered ${page.status}`);
  // Each figure from its own card: the dashboard has other tables and lists (charts' numbers).
  const card = (title: string) => {
    const start = html.indexOf(`aria-label="${title}"`);
    return start < 0 ? "" : html.slice(start, html.indexOf("</section>", start));
  };
  let leads = 0;
  for (const row of card("Leads by resource").matchAll(
    /<th scope="row"[^>]*>[^<]+<\/th><td[^>]*>\d+<\/td><td[^>]*>(\d+)<\/td>/g,
  ))
    leads += Number(row[1]);
  const pairs: Record<string, number> = {};
  for (const pair of card("Emails").matchAll(/<dt[^>]*>([^<]+)<\/dt><dd[^>]*>(\d+)<\/dd>/g))
    pairs[pair[1]!] = Number(pair[2]);
  return { leads, pairs };
}

/**
 * 200 lead submissions while `npm run db:backup` runs against the live server, then
 * `npm run db:restore` into a fresh database. Every post acknowledged before the backup started
 * must be in the restore with its queued email; no lead may be there without its email (the
 * snapshot cuts between transactions, never through one); SQLite's integrity_check (PostgreSQL:
 * pg_restore's exit code and the row counts) must pass; a second restore onto the now non-empty
 * database must be refused; and the site started on the restore must show the owner's console
 * with the restored counts.
 */
export async function backupDuringWrites(
  engine: EngineSetup,
  postgresUrl?: string,
): Promise<DrillResult> {
  const backupDir = path.join(engine.dataDir, "backups");
  const env = { RATE_LIMIT_PER_MINUTE: "1000000000" };
  const target =
    engine.name === "postgres" && postgresUrl ? await createBenchDatabase(postgresUrl) : null;
  const restoredDir = path.join(engine.dataDir, "restored");
  mkdirSync(restoredDir, { recursive: true });
  const restoredUrl = target?.url ?? `file:${path.join(restoredDir, "app.db")}`;
  let live: RunningServer | null = null;
  let restored: RunningServer | null = null;
  try {
    live = await startServer({ dataDir: engine.dataDir, databaseUrl: engine.databaseUrl, env });
    await createOwner(engine.databaseUrl);
    const cookie = await visitorCookie(live.url);
    const emails = Array.from({ length: SUBMISSIONS }, (_, i) => `backup-drill-${i}@example.com`);
    const acknowledged: string[] = [];
    const duringBackup: string[] = [];
    const state: { beforeBackup: string[]; running: boolean; backup: Promise<ScriptRun> | null } = {
      beforeBackup: [],
      running: false,
      backup: null,
    };

    const post = async (email: string) => {
      const res = await fetch(live!.url + LEAD_PATH, {
        method: "POST",
        headers: { ...FORM_HEADERS, cookie, origin: live!.url },
        body: leadBody(email),
        signal: AbortSignal.timeout(30_000),
      });
      const html = await res.text();
      if (res.status !== 200 || !html.includes(LEAD_SUCCESS_TEXT)) return;
      acknowledged.push(email);
      if (state.running) duringBackup.push(email);
      if (acknowledged.length >= BACKUP_AFTER && !state.backup) {
        state.beforeBackup = [...acknowledged];
        state.running = true;
        state.backup = script("backup", [], {
          DATABASE_URL: engine.databaseUrl,
          BACKUP_DIR: backupDir,
          DATA_DIR: engine.dataDir,
        }).finally(() => {
          state.running = false;
        });
      }
    };
    const queue = [...emails];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let email = queue.shift(); email; email = queue.shift()) await post(email);
      }),
    );
    if (!state.backup) throw new Error("the backup never started");
    const backedUp = await state.backup;
    const { beforeBackup } = state;
    const postsAfterBackupEnded = acknowledged.length - beforeBackup.length - duringBackup.length;
    await live.stop();
    live = null;
    if (backedUp.code !== 0) throw new Error(`db:backup failed: ${backedUp.stderr.trim()}`);
    const file = readdirSync(backupDir).find((name) => /\.(sqlite|pgdump)$/.test(name));
    if (!file) throw new Error("db:backup wrote no file");
    const backupFile = path.join(backupDir, file);
    const backupMs = Number(/in (\d+) ms/.exec(backedUp.stdout)?.[1] ?? NaN);
    const backupBytes = Number(/(\d+) bytes/.exec(backedUp.stdout)?.[1] ?? NaN);

    const restore = await script("restore", [backupFile], { DATABASE_URL: restoredUrl });
    if (restore.code !== 0) throw new Error(`db:restore failed: ${restore.stderr.trim()}`);
    const again = await script("restore", [backupFile], { DATABASE_URL: restoredUrl });
    const refusedNonEmpty = again.code !== 0 && again.stderr.includes("already holds data");

    let integrity = `pg_restore exit ${restore.code}`;
    if (engine.name === "sqlite") {
      const db = new SQLite(restoredUrl.slice("file:".length), { readonly: true });
      integrity = String(db.pragma("integrity_check", { simple: true }));
      db.close();
    }
    const inRestore = await contents(restoredUrl);
    const missing = beforeBackup.filter((e) => !inRestore.leads.has(e) || !inRestore.queued.has(e));
    const torn = [...inRestore.leads].filter(
      (e) => !inRestore.queued.has(e) || !inRestore.people.has(e),
    );
    const duringInRestore = duringBackup.filter((e) => inRestore.leads.has(e)).length;

    // The mail worker would start sending the restored queue and change the counts under us.
    restored = await startServer({
      dataDir: restoredDir,
      databaseUrl: restoredUrl,
      env: { ...env, MAIL_WORKER_INTERVAL_MS: "3600000" },
    });
    const shown = await consoleCounts(restored);
    // The dashboard names each state in words (issue 33): the same words the app uses.
    const emailCountsMatch = Object.entries(inRestore.emailsByStatus).every(
      ([status, n]) => shown.pairs[outboxStateWord(status)] === n,
    );
    const consoleMatches = shown.leads === inRestore.leadCount && emailCountsMatch;
    const integrityOk = engine.name === "sqlite" ? integrity === "ok" : restore.code === 0;
    const pass =
      integrityOk &&
      beforeBackup.length > 0 &&
      missing.length === 0 &&
      torn.length === 0 &&
      refusedNonEmpty &&
      consoleMatches;
    const emailSummary = Object.entries(inRestore.emailsByStatus)
      .map(([status, n]) => `${n} ${status}`)
      .join(", ");
    return {
      name: "e. 200 lead posts while db:backup runs, then db:restore",
      engine: engine.name,
      pass,
      summary: `${beforeBackup.length} acknowledged before the backup started, ${beforeBackup.length - missing.length}/${beforeBackup.length} in the restore with their email; ${duringBackup.length} acknowledged while it ran (${duringInRestore} of them in it), ${postsAfterBackupEnded} after; ${inRestore.leadCount} leads restored, ${torn.length} without their email; backup ${backupMs} ms (${Math.round(backupBytes / 1024)} KB, CLI ${backedUp.ms} ms), restore CLI ${restore.ms} ms; ${engine.name === "sqlite" ? `integrity_check: ${integrity}` : integrity}; restoring onto it again ${refusedNonEmpty ? "refused" : "NOT refused"}; console on the restored site: ${shown.leads} leads, emails ${consoleMatches ? "=" : "≠"} restore (${emailSummary})`,
      details: {
        submissions: SUBMISSIONS,
        acknowledged: acknowledged.length,
        acknowledgedBeforeBackup: beforeBackup.length,
        acknowledgedBeforeBackupMissing: missing.length,
        acknowledgedWhileBackupRan: duringBackup.length,
        acknowledgedWhileBackupRanInRestore: duringInRestore,
        acknowledgedAfterBackupEnded: postsAfterBackupEnded,
        leadsRestored: inRestore.leadCount,
        leadsWithoutEmail: torn.length,
        backupMs,
        backupBytes,
        backupCliMs: backedUp.ms,
        restoreCliMs: restore.ms,
        integrity,
        secondRestoreRefused: refusedNonEmpty,
        consoleLeads: shown.leads,
        consoleMatchesRestore: consoleMatches,
      },
    };
  } finally {
    await live?.stop();
    await restored?.stop();
    await target?.drop();
  }
}

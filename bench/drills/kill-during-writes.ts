import SQLite from "better-sqlite3";
import path from "node:path";
import { FORM_HEADERS, LEAD_PATH, LEAD_SUCCESS_TEXT, leadBody, visitorCookie } from "../lib/forms";
import { removeDir, startServer, tempDir } from "../lib/server";
import type { DrillResult } from "../lib/types";

const SUBMISSIONS = 200;
const KILL_AFTER = 100;

type Outcome = "confirmed" | "refused" | "lost";

/**
 * kill -9 in the middle of 200 concurrent lead submissions, then a restart on the same SQLite file.
 * Every submission the server confirmed ("Check Your Email!") must be stored, with its email
 * queued in the same transaction, and the file must pass PRAGMA integrity_check.
 */
export async function killDuringWrites(): Promise<DrillResult> {
  const dataDir = tempDir("drill-kill");
  const env = { RATE_LIMIT_PER_MINUTE: "1000000000" };
  try {
    const first = await startServer({ dataDir, env });
    const cookie = await visitorCookie(first.url);
    const emails = Array.from({ length: SUBMISSIONS }, (_, i) => `kill-drill-${i}@example.com`);
    const outcomes = new Map<string, Outcome>();
    let answered = 0;
    let answeredAtKill = -1;
    let killing: Promise<void> | null = null;

    const submit = async (email: string): Promise<void> => {
      let outcome: Outcome = "lost";
      try {
        const res = await fetch(first.url + LEAD_PATH, {
          method: "POST",
          headers: { ...FORM_HEADERS, cookie, origin: first.url },
          body: leadBody(email),
          signal: AbortSignal.timeout(30_000),
        });
        const html = await res.text();
        outcome = res.status === 200 && html.includes(LEAD_SUCCESS_TEXT) ? "confirmed" : "refused";
      } catch {
        // the connection died with the server: the client never learned the outcome
      }
      outcomes.set(email, outcome);
      if (outcome !== "lost") answered += 1;
      if (answered >= KILL_AFTER && !killing) {
        answeredAtKill = answered;
        killing = first.kill();
      }
    };
    await Promise.all(emails.map(submit));
    await (killing ?? first.kill());

    const second = await startServer({
      dataDir,
      databaseUrl: first.databaseUrl,
      sessionSecret: first.sessionSecret,
      env,
    });
    const readyAfterRestart = (await fetch(`${second.url}/readyz`)).ok;
    await second.stop();

    const db = new SQLite(path.join(dataDir, "app.db"));
    const integrity = db.pragma("integrity_check", { simple: true });
    const stored = new Set(
      (db.prepare("select email from submissions").all() as { email: string }[]).map(
        (r) => r.email,
      ),
    );
    const queued = new Set(
      (db.prepare("select to_address from outbox").all() as { to_address: string }[]).map(
        (r) => r.to_address,
      ),
    );
    db.close();

    const confirmed = emails.filter((e) => outcomes.get(e) === "confirmed");
    const missing = confirmed.filter((e) => !stored.has(e)).length;
    const missingEmail = confirmed.filter((e) => !queued.has(e)).length;
    const lost = emails.filter((e) => outcomes.get(e) === "lost");
    const refused = emails.filter((e) => outcomes.get(e) === "refused").length;
    const storedUnconfirmed = lost.filter((e) => stored.has(e)).length;
    const pass =
      integrity === "ok" &&
      readyAfterRestart &&
      missing === 0 &&
      missingEmail === 0 &&
      confirmed.length > 0;
    return {
      name: "a. kill -9 during 200 lead submissions",
      engine: "sqlite",
      pass,
      summary: `${confirmed.length} confirmed before the kill, ${confirmed.length - missing}/${confirmed.length} stored with email queued, ${lost.length} cut off (${storedUnconfirmed} of them committed anyway), ${refused} refused; integrity_check: ${integrity}`,
      details: {
        submissions: SUBMISSIONS,
        answeredWhenKillSent: answeredAtKill,
        confirmed: confirmed.length,
        refused,
        cutOff: lost.length,
        confirmedButMissing: missing,
        confirmedWithoutQueuedEmail: missingEmail,
        cutOffButCommitted: storedUnconfirmed,
        integrityCheck: String(integrity),
        readyAfterRestart,
      },
    };
  } finally {
    removeDir(dataDir);
  }
}

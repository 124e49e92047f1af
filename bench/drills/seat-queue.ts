import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { joinQueue } from "../../app/features/cohort/queue.server";
import type { DB } from "../../app/db/database.server";
import { newPerson } from "../../app/features/people/people.server";
import { createOwner, signIn } from "../lib/admin";
import { Jar } from "../lib/browser";
import type { EngineSetup } from "../lib/engines";
import { FORM_HEADERS } from "../lib/forms";
import { sleep, startServer, type RunningServer } from "../lib/server";
import type { DrillResult } from "../lib/types";

const BUYERS = 200;
const SEATS = 10;
const FLOW_MS = 30_000;
const WORKER_MS = 1000;
/** 7.2 seconds: long enough to act on, short enough that ignored offers lapse during the drill. */
const OFFER_HOURS = "0.002";
const SAMPLE_MS = 100;
/**
 * "Within one worker cycle": the worker rests WORKER_MS between cycles, so a seat freed just after
 * a cycle's offer round began waits for the rest of that cycle (its email sending, well under
 * WORKER_MS here) and the rest; the next round offers it. The sampler sees that up to SAMPLE_MS late.
 */
const GAP_LIMIT_MS = 2 * WORKER_MS + SAMPLE_MS;

type Choice = "pay" | "decline" | "cancel" | "ignore";

interface Snapshot {
  capacity: number;
  paid: number;
  enrolled: number;
  held: number;
  waiting: number;
  /** The most open offers any one person holds (more than one would be a duplicate offer). */
  offersPerPerson: number;
}

/** The cohort's seats in one statement, so the numbers are one consistent view. */
async function snapshot(db: DB): Promise<Snapshot> {
  const now = new Date().toISOString();
  const { rows } = await sql<Record<keyof Snapshot, number | string>>`
    select c.capacity as capacity, c.enrolled_count as enrolled,
      (select count(*) from payments p where p.cohort_id = c.id and p.status = 'paid') as paid,
      (select count(*) from seat_holds h
        where h.cohort_id = c.id and h.status = 'held' and h.expires_at > ${now}) as held,
      (select count(*) from waitlist_entries w
        where w.cohort_id = c.id and w.status = 'waiting') as waiting,
      (select coalesce(max(n), 0) from (select count(*) as n from seat_holds o
        where o.kind = 'offer' and o.status = 'held' and o.expires_at > ${now}
        group by o.person_id) as live) as "offersPerPerson"
    from cohorts c where c.is_current = 1`.execute(db);
  const row = rows[0]!;
  return {
    capacity: Number(row.capacity),
    paid: Number(row.paid),
    enrolled: Number(row.enrolled),
    held: Number(row.held),
    waiting: Number(row.waiting),
    offersPerPerson: Number(row.offersPerPerson),
  };
}

/** One offered person acting on their email: pays, declines, starts and cancels, or ignores it. */
async function act(server: RunningServer, token: string, email: string, choice: Choice) {
  const jar = new Jar();
  const send = async (url: string, body?: string) => {
    const res = await fetch(`${server.url}${url}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        cookie: jar.header(),
        ...(body === undefined ? {} : { ...FORM_HEADERS, origin: server.url }),
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(20_000),
    });
    await res.arrayBuffer();
    jar.take(res);
    return { status: res.status, location: res.headers.get("location") ?? "" };
  };
  if (choice === "ignore") return "ignored";
  if (choice === "decline") {
    const res = await send(`/offers/${token}`, "");
    return res.status === 303 ? "declined" : `decline ${res.status}`;
  }
  const claim = await send(`/enroll?offer=${token}`);
  if (!claim.location.startsWith("/enroll")) return "ended";
  await send("/enroll");
  const checkout = await send("/enroll", "");
  const session = /\/checkout\/test\/([^/?]+)/.exec(checkout.location)?.[1];
  if (!session) return `enroll ${checkout.status} ${checkout.location}`;
  const intent = choice === "pay" ? "pay" : "cancel";
  const done = await send(
    `/checkout/test/${session}`,
    new URLSearchParams({ intent, email }).toString(),
  );
  return done.status >= 300 && done.status < 400
    ? choice === "pay"
      ? "paid"
      : "cancelled"
    : `${intent} ${done.status}`;
}

/** Seat offer emails in the mailbox that have not been read yet: the recipient and the token. */
function newOffers(mailDir: string, seen: Set<string>) {
  let files: string[];
  try {
    files = readdirSync(mailDir);
  } catch {
    return [];
  }
  const found: { to: string; token: string }[] = [];
  for (const file of files) {
    if (seen.has(file)) continue;
    seen.add(file);
    const raw = readFileSync(path.join(mailDir, file), "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    const token = /\/enroll\?offer=([A-Za-z0-9_-]{43})/.exec(raw)?.[1];
    const to = /^To: (.+)$/m.exec(raw)?.[1]?.trim();
    if (token && to) found.push({ to, token });
  }
  return found;
}

function pick(): Choice {
  const r = Math.random();
  return r < 0.45 ? "pay" : r < 0.65 ? "decline" : r < 0.8 ? "cancel" : "ignore";
}

/**
 * 200 people wait in the seat queue of a 10-seat cohort while offers flow for 30 seconds: each
 * offered person pays through the emailed link, declines, starts a checkout and cancels it, or
 * ignores the offer until it lapses (offers last 7 s here); every two seconds the owner refunds
 * a random student from the console. On PostgreSQL two app instances run their workers against
 * the same database. Sampled every 100 ms: paid + held + offered never exceeds capacity, and a
 * free seat with people waiting is offered within one worker cycle.
 */
export async function seatQueue(engine: EngineSetup): Promise<DrillResult> {
  const inspect = await engine.inspect();
  const db = inspect.db;
  const env = {
    PAYMENT_PROVIDER: "test",
    OFFER_HOURS,
    MAIL_WORKER_INTERVAL_MS: String(WORKER_MS),
    RATE_LIMIT_PER_MINUTE: "1000000000",
    // Every buyer comes from 127.0.0.1; the per-address cap has its own tests.
    HOLDS_PER_ADDRESS: "1000000",
  };
  const first = await startServer({
    dataDir: engine.dataDir,
    databaseUrl: engine.databaseUrl,
    env,
  });
  const servers = [first];
  try {
    if (engine.name === "postgres") {
      servers.push(
        await startServer({
          dataDir: engine.dataDir,
          databaseUrl: engine.databaseUrl,
          sessionSecret: first.sessionSecret,
          env,
        }),
      );
    }
    // Nobody can buy while the queue is being built: capacity 0, then 10 seats at once.
    await (await fetch(`${first.url}/enroll`)).arrayBuffer();
    await db.updateTable("cohorts").set({ capacity: 0, enrolled_count: 0 }).execute();
    const cohort = await db
      .selectFrom("cohorts")
      .select("id")
      .where("is_current", "=", 1)
      .executeTakeFirstOrThrow();
    const start = Date.now();
    for (let i = 0; i < BUYERS; i++) {
      const at = new Date(start - (BUYERS - i) * 1000).toISOString();
      const person = newPerson(`queue-${i}@example.com`, at, {
        first_name: `Buyer${i}`,
        status: "waitlist",
      });
      await db.insertInto("people").values(person).execute();
      await joinQueue(db, cohort.id, person.id, at);
    }
    await createOwner(engine.databaseUrl);
    const adminCookie = (await signIn(first.url)).cookie;
    await db.updateTable("cohorts").set({ capacity: SEATS }).execute();

    const outcomes: Record<string, number> = {};
    const tally = (key: string) => {
      outcomes[key] = (outcomes[key] ?? 0) + 1;
    };
    const actors: Promise<void>[] = [];
    const seen = new Set<string>();
    const mailDir = path.join(engine.dataDir, "mail");
    let maxTaken = 0;
    let maxPaid = 0;
    let maxOffersPerPerson = 0;
    let worstGap = 0;
    let gapStart: number | null = null;
    let samples = 0;
    let lastRefund = Date.now();
    const flowEnds = Date.now() + FLOW_MS;

    while (Date.now() < flowEnds) {
      const seats = await snapshot(db);
      samples += 1;
      maxTaken = Math.max(maxTaken, seats.paid + seats.held);
      maxPaid = Math.max(maxPaid, seats.paid);
      maxOffersPerPerson = Math.max(maxOffersPerPerson, seats.offersPerPerson);
      const free = seats.capacity - seats.paid - seats.held;
      if (free > 0 && seats.waiting > 0) gapStart ??= Date.now();
      else if (gapStart !== null) {
        worstGap = Math.max(worstGap, Date.now() - gapStart);
        gapStart = null;
      }
      for (const offer of newOffers(mailDir, seen)) {
        tally("offers");
        const server = servers[Math.floor(Math.random() * servers.length)]!;
        const choice = pick();
        actors.push(
          sleep(Math.random() * 1500)
            .then(() => act(server, offer.token, offer.to, choice))
            .then(tally, (error: Error) => tally(`error ${error.message}`)),
        );
      }
      if (Date.now() - lastRefund > 2000) {
        lastRefund = Date.now();
        const paid = await db
          .selectFrom("payments")
          .select("person_id")
          .where("status", "=", "paid")
          .execute();
        const victim = paid[Math.floor(Math.random() * paid.length)]?.person_id;
        if (victim) {
          const res = await fetch(`${first.url}/admin/people/${victim}`, {
            method: "POST",
            headers: { ...FORM_HEADERS, origin: first.url, cookie: adminCookie },
            body: new URLSearchParams({
              intent: "refund",
              reason: "drill",
              confirm: "yes",
            }).toString(),
            redirect: "manual",
          });
          await res.arrayBuffer();
          tally(res.status === 303 ? "refunds" : `refund ${res.status}`);
        }
      }
      await sleep(SAMPLE_MS);
    }
    if (gapStart !== null) worstGap = Math.max(worstGap, Date.now() - gapStart);
    await Promise.all(actors);

    const end = await snapshot(db);
    const offerHolds = Number(
      (
        await db
          .selectFrom("seat_holds")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("kind", "=", "offer")
          // An offer's own row; a checkout started on it gets a row with a session of its own.
          .where("session_id", "is", null)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const offerEmails = Number(
      (
        await db
          .selectFrom("outbox")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("kind", "=", "seat_offer")
          .executeTakeFirstOrThrow()
      ).n,
    );
    const errors = Object.keys(outcomes).filter(
      (k) => !/^(offers|paid|declined|cancelled|ignored|ended|refunds)$/.test(k),
    );
    const pass =
      maxTaken <= SEATS &&
      maxPaid <= SEATS &&
      end.paid === end.enrolled &&
      offerHolds === offerEmails &&
      maxOffersPerPerson <= 1 &&
      worstGap <= GAP_LIMIT_MS &&
      (outcomes.offers ?? 0) >= 20 &&
      (outcomes.refunds ?? 0) >= 3 &&
      errors.length === 0;
    return {
      name: "f. 200 in the queue for 10 seats: pays, declines, cancels, lapses and refunds",
      engine: engine.name,
      pass,
      summary: `${servers.length} instance(s), ${outcomes.offers ?? 0} offers (${outcomes.paid ?? 0} paid, ${outcomes.declined ?? 0} declined, ${outcomes.cancelled ?? 0} cancelled, ${outcomes.ignored ?? 0} left to lapse), ${outcomes.refunds ?? 0} refunds; most seats taken at once ${maxTaken}/${SEATS}, paid at most ${maxPaid}, open offers per person at most ${maxOffersPerPerson}, ${offerEmails} offer emails for ${offerHolds} offers; worst wait for a free seat to be offered ${worstGap} ms (limit ${GAP_LIMIT_MS} ms, worker every ${WORKER_MS} ms, ${samples} samples)${errors.length ? `; unexpected: ${errors.join(", ")}` : ""}`,
      details: {
        instances: servers.length,
        ...outcomes,
        maxTaken,
        maxPaid,
        worstGapMs: worstGap,
        gapLimitMs: GAP_LIMIT_MS,
        samples,
        finalPaid: end.paid,
        finalEnrolledCount: end.enrolled,
        offerHolds,
        offerEmails,
        maxOffersPerPerson,
      },
    };
  } finally {
    for (const server of servers) await server.stop();
    await inspect.close();
  }
}

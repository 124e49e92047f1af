import path from "node:path";
import { joinQueue } from "../../../app/features/cohort/queue.server";
import { newPerson } from "../../../app/features/people/people.server";
import { createOwner, signIn } from "../../lib/admin";
import type { EngineSetup } from "../../lib/engines";
import { FORM_HEADERS } from "../../lib/forms";
import { sleep, startServer } from "../../lib/server";
import type { DrillResult } from "../../lib/types";
import { act, newOffers, pick } from "./buyer";
import { snapshot } from "./seats";

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

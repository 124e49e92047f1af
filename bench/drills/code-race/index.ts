import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import type { DB } from "../../../app/db/database.server";
import { getCohort } from "../../../app/features/cohort/cohort.server";
import { insertCode } from "../../../app/features/discounts/codes.server";
import { qualifiedApplicants } from "../../lib/buyers";
import type { EngineSetup } from "../../lib/engines";
import { round } from "../../lib/format";
import { sleep, startServer, type RunningServer } from "../../lib/server";
import type { DrillResult } from "../../lib/types";
import { percentile } from "../bookings/verdict";
import { buy, Tally } from "./buyer";

export const CODE_RACE_DRILL = "l. code race: 50 buyers, a code of 3 uses, 10 seats, two instances";

const BUYERS = 50;
const SEATS = 10;
const USES = 3;
const SAMPLE_MS = 50;

/** The seats and the code's uses in one statement, so the figures are one consistent view. */
async function snapshot(db: DB, codeId: string) {
  const now = new Date().toISOString();
  const { rows } = await sql<Record<string, number | string>>`
    select c.capacity as capacity, c.enrolled_count as enrolled,
      (select count(*) from payments p where p.cohort_id = c.id and p.status = 'paid') as paid,
      (select count(*) from seat_holds h
        where h.cohort_id = c.id and h.status = 'held' and h.expires_at > ${now}) as held,
      (select uses from promo_codes where id = ${codeId}) as uses,
      (select count(*) from seat_holds h where h.promo_code_id = ${codeId}
        and h.status = 'held' and h.expires_at > ${now}) as "codeHeld",
      (select count(*) from payments p where p.promo_code_id = ${codeId}) as "codePayments"
    from cohorts c where c.is_current = 1`.execute(db);
  const row = rows[0]!;
  const n = (key: string) => Number(row[key]);
  return {
    capacity: n("capacity"),
    enrolled: n("enrolled"),
    paid: n("paid"),
    held: n("held"),
    uses: n("uses"),
    codeHeld: n("codeHeld"),
    codePayments: n("codePayments"),
  };
}

/** Every SAMPLE_MS while the race runs: the most seats and code uses ever taken at once. */
async function sample(db: DB, codeId: string, running: () => boolean) {
  const worst = { seats: 0, codeUses: 0, samples: 0 };
  while (running()) {
    const s = await snapshot(db, codeId);
    worst.seats = Math.max(worst.seats, s.paid + s.held);
    worst.codeUses = Math.max(worst.codeUses, s.uses + s.codeHeld);
    worst.samples += 1;
    await sleep(SAMPLE_MS);
  }
  return worst;
}

/**
 * Issue 49's bench drill. Two instances of the production build on one PostgreSQL database, the
 * current cohort at 10 seats and a 20%-off code limited to 3 uses. 50 qualified applicants (the
 * signed applicant cookie, each from an address of its own) all at once, half on each instance,
 * apply the code on /enroll and post Enroll with it; told it is used up, they Enroll at the full
 * price; with a checkout they pay at the local test checkout, pressing Pay on both instances at
 * once. PASS when the code counts 3 uses and exactly 3 payments carry it, never more (sampled
 * with its open holds every 50 ms), at most 10 seats are paid, paid + held never exceeded 10,
 * the cohort's count equals the paid payments, no payment needs a refund, and every request got
 * an answer a browser expects.
 */
export async function codeRace(engine: EngineSetup): Promise<DrillResult> {
  const inspect = await engine.inspect();
  const db = inspect.db;
  const env = {
    PAYMENT_PROVIDER: "test",
    TRUST_PROXY: "true",
    RATE_LIMIT_PER_MINUTE: "1000000000",
    HOLDS_PER_ADDRESS: "1000000",
    EMAILS_PER_RECIPIENT_PER_HOUR: "1000000",
  };
  const servers: RunningServer[] = [];
  try {
    const first = await startServer({
      dataDir: engine.dataDir,
      databaseUrl: engine.databaseUrl,
      env,
    });
    servers.push(first);
    servers.push(
      await startServer({
        dataDir: engine.dataDir,
        databaseUrl: engine.databaseUrl,
        sessionSecret: first.sessionSecret,
        env,
      }),
    );
    await getCohort(db, new Date());
    await db
      .updateTable("cohorts")
      .set({ capacity: SEATS, enrolled_count: 0, is_active: 1 })
      .where("is_current", "=", 1)
      .execute();
    const code = await insertCode(
      db,
      {
        prefix: "RACE",
        discount: { kind: "percent", percentOff: 20 },
        cohortId: null,
        maxUses: USES,
        expiresAt: null,
        email: null,
        note: "Bench race",
      },
      new Date().toISOString(),
    );
    const applicants = await qualifiedApplicants(db, first.sessionSecret, BUYERS, "bench-code");

    const tally = new Tally();
    let running = true;
    const sampler = sample(db, code.id, () => running);
    const started = performance.now();
    const outcomes = await Promise.all(
      applicants.map((applicant, i) =>
        buy(applicant, i, servers, code.code, tally).catch(
          (error: Error) => `unexpected error ${error.message}` as const,
        ),
      ),
    );
    const raceSeconds = (performance.now() - started) / 1000;
    running = false;
    const worst = await sampler;

    const end = await snapshot(db, code.id);
    const payments = await db
      .selectFrom("payments")
      .select(["status", "promo_code_id", "discount_cents", "amount_cents"])
      .execute();
    const coded = payments.filter((p) => p.promo_code_id === code.id);
    const refundNeeded = payments.filter((p) => p.status === "refund_needed").length;
    const count = (kind: string) => outcomes.filter((o) => o === kind).length;
    const unexpected = outcomes.filter((o) => o.startsWith("unexpected"));
    const codePaid = count("code_paid");
    const fullPricePaid = count("full_price_paid");
    const wrongPrice = coded.filter(
      (p) => Number(p.discount_cents) !== 12_980 || Number(p.amount_cents) !== 51_920,
    ).length;
    const pass =
      end.uses === USES &&
      coded.length === USES &&
      end.codePayments === USES &&
      codePaid === USES &&
      worst.codeUses <= USES &&
      end.paid <= SEATS &&
      worst.seats <= SEATS &&
      end.enrolled === end.paid &&
      end.paid === codePaid + fullPricePaid &&
      refundNeeded === 0 &&
      wrongPrice === 0 &&
      unexpected.length === 0;
    const p = (values: number[], q: number) => round(percentile(values, q), 0);
    const { ms } = tally;
    return {
      name: CODE_RACE_DRILL,
      engine: engine.name,
      pass,
      summary:
        `${servers.length} instances, ${BUYERS} buyers in ${round(raceSeconds, 2)} s: code uses ${end.uses} of ${USES} ` +
        `(${coded.length} payments carry it, worst uses + open code holds ${worst.codeUses}); ` +
        `${end.paid} of ${SEATS} seats paid (${codePaid} with the code, ${fullPricePaid} at full price), ` +
        `worst paid + held ${worst.seats} of ${worst.samples} samples, enrolled_count ${end.enrolled}, ${refundNeeded} to refund; ` +
        `${count("held")} told the seats are held, ${count("full")} full; ` +
        `look p50/p95 ${p(ms.look, 50)}/${p(ms.look, 95)} ms, enroll ${p(ms.enroll, 50)}/${p(ms.enroll, 95)} ms, ` +
        `pay ${p(ms.pay, 50)}/${p(ms.pay, 95)} ms` +
        (unexpected.length ? `; unexpected: ${[...new Set(unexpected)].join(", ")}` : ""),
      details: {
        instances: servers.length,
        buyers: BUYERS,
        seats: SEATS,
        maxUses: USES,
        raceSeconds: round(raceSeconds, 2),
        uses: end.uses,
        codePayments: coded.length,
        worstCodeUses: worst.codeUses,
        paid: end.paid,
        codePaid,
        fullPricePaid,
        worstSeats: worst.seats,
        samples: worst.samples,
        enrolledCount: end.enrolled,
        refundNeeded,
        wrongPrice,
        ...tally.answers,
        lookP50Ms: p(ms.look, 50),
        lookP95Ms: p(ms.look, 95),
        enrollP50Ms: p(ms.enroll, 50),
        enrollP95Ms: p(ms.enroll, 95),
        payP50Ms: p(ms.pay, 50),
        payP95Ms: p(ms.pay, 95),
      },
    };
  } finally {
    for (const server of servers) await server.stop();
    await inspect.close();
  }
}

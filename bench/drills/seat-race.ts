import { startFakeStripe } from "../../fakes/stripe";
import type { DB } from "../../app/db/database.server";
import { qualifiedBuyers } from "../lib/buyers";
import { countRows, type EngineSetup } from "../lib/engines";
import { FORM_HEADERS } from "../lib/forms";
import { startServer } from "../lib/server";
import { deliver, shuffle, signedEvent, stripeEnv } from "../lib/stripe";
import type { DrillResult } from "../lib/types";

const BUYERS = 200;
const SEATS = 10;
const REPLAYS = 3;

export interface SeatRaceOutcome {
  buyers: number;
  seats: number;
  checkouts: number;
  full: number;
  /** 409 "seats are held in open checkouts": not full yet, so nobody is waitlisted. */
  held: number;
  /** Answers that were none of the three. */
  others: string[];
  stripeSessionsCreated: number;
  webhookDeliveries: number;
  webhookAnswered200: number;
  webhookEventsRecorded: number;
  paymentsPaid: number;
  paymentsAll: number;
  refundsRequested: number;
  cohortEnrolledCount: number;
  peopleEnrolled: number;
}

/**
 * The race itself, against any base URL (one server, or a proxy in front of several): the cohort
 * set to 10 seats, 200 concurrent "Enroll Now" posts, then every checkout paid in the fake Stripe
 * and its checkout.session.completed event delivered three times, all at once in random order.
 */
export async function raceForSeats(
  baseUrl: string,
  origin: string,
  fake: Awaited<ReturnType<typeof startFakeStripe>>,
  db: DB,
  sessionSecret: string,
): Promise<SeatRaceOutcome> {
  // The enroll page creates the cohort row; then set the seats explicitly.
  await (await fetch(`${baseUrl}/enroll`)).arrayBuffer();
  await db
    .updateTable("cohorts")
    .set({ capacity: SEATS, enrolled_count: 0, is_active: 1 })
    .where("is_current", "=", 1)
    .execute();

  const buyers = await qualifiedBuyers(db, sessionSecret, BUYERS);
  const answers = await Promise.all(
    buyers.map(async (cookie) => {
      try {
        const res = await fetch(`${baseUrl}/enroll`, {
          method: "POST",
          headers: { ...FORM_HEADERS, origin, cookie },
          body: "",
          redirect: "manual",
          signal: AbortSignal.timeout(60_000),
        });
        await res.arrayBuffer();
        const location = res.headers.get("location") ?? "";
        if (res.status === 303 && location.startsWith("https://checkout.stripe.com/"))
          return "checkout";
        if (res.status >= 300 && res.status < 400 && location.includes("/apply?cohort=full"))
          return "full";
        if (res.status === 409) return "held";
        return `status ${res.status}`;
      } catch {
        return "error";
      }
    }),
  );
  const tally = (kind: string) => answers.filter((a) => a === kind).length;

  const sessions = [...fake.sessions.values()];
  const events = sessions.map((session, i) => ({
    id: `evt_seat_race_${i}`,
    object: fake.pay(session.id, `seat-race-${i}@example.com`),
  }));
  const deliveries = shuffle(events.flatMap((event) => Array<typeof event>(REPLAYS).fill(event)));
  const statuses = await Promise.all(
    deliveries.map((e) =>
      deliver(baseUrl, signedEvent(e.id, "checkout.session.completed", e.object)).catch(() => 0),
    ),
  );

  const cohort = await db
    .selectFrom("cohorts")
    .select(["capacity", "enrolled_count"])
    .where("is_current", "=", 1)
    .executeTakeFirstOrThrow();
  return {
    buyers: BUYERS,
    seats: SEATS,
    checkouts: tally("checkout"),
    full: tally("full"),
    held: tally("held"),
    others: answers.filter((a) => a !== "checkout" && a !== "full" && a !== "held"),
    stripeSessionsCreated: sessions.length,
    webhookDeliveries: deliveries.length,
    webhookAnswered200: statuses.filter((s) => s === 200).length,
    webhookEventsRecorded: await countRows(db, "webhook_events"),
    paymentsPaid: await countRows(db, "payments", "paid"),
    paymentsAll: await countRows(db, "payments"),
    refundsRequested: fake.refunds.length,
    cohortEnrolledCount: Number(cohort.enrolled_count),
    peopleEnrolled: await countRows(db, "people", "enrolled"),
  };
}

export function seatRaceSummary(o: SeatRaceOutcome): string {
  return `${o.checkouts} checkouts, ${o.full} sent to the waitlist, ${o.held} told the seats are held${o.others.length ? `, ${o.others.length} other (${[...new Set(o.others)].join(", ")})` : ""}; ${o.webhookDeliveries} webhook deliveries (${o.webhookAnswered200} answered 200); ${o.paymentsPaid} paid payments, enrolled_count ${o.cohortEnrolledCount}, ${o.peopleEnrolled} people enrolled`;
}

export function seatRaceDetails(o: SeatRaceOutcome): DrillResult["details"] {
  const { checkouts, full, held, others, ...counts } = o;
  return {
    ...counts,
    checkoutRedirects: checkouts,
    fullRedirects: full,
    heldAnswers: held,
    otherAnswers: others.length,
  };
}

/**
 * 200 concurrent "Enroll Now" posts against 10 seats with the stripe provider (a local fake Stripe
 * API): each gets a checkout, the cohort-full redirect, or 409 while the last seats are held in
 * open checkouts. Then every checkout paid and its checkout.session.completed event delivered three times,
 * all at once in random order. At most 10 enrollments, and the cohort's count equals the paid payments.
 */
export async function seatRace(engine: EngineSetup): Promise<DrillResult> {
  const fake = await startFakeStripe();
  const server = await startServer({
    dataDir: engine.dataDir,
    databaseUrl: engine.databaseUrl,
    env: {
      ...stripeEnv(fake.url),
      RATE_LIMIT_PER_MINUTE: "1000000000",
      // All 200 buyers post from 127.0.0.1; the per-address cap has its own tests.
      HOLDS_PER_ADDRESS: "1000000",
    },
  });
  const inspect = await engine.inspect();
  try {
    const o = await raceForSeats(server.url, server.url, fake, inspect.db, server.sessionSecret);
    const pass =
      o.paymentsPaid <= SEATS &&
      o.cohortEnrolledCount <= SEATS &&
      o.cohortEnrolledCount === o.paymentsPaid &&
      o.checkouts + o.full + o.held === BUYERS &&
      o.webhookAnswered200 === o.webhookDeliveries;
    return {
      name: "c. 200 checkouts for 10 seats, webhooks ×3 shuffled",
      engine: engine.name,
      pass,
      summary: seatRaceSummary(o),
      details: seatRaceDetails(o),
    };
  } finally {
    await inspect.close();
    await server.stop();
    await fake.close();
  }
}

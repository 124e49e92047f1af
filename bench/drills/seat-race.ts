import { startFakeStripe } from "../../tests/support/fake-stripe";
import { countRows, type EngineSetup } from "../lib/engines";
import { FORM_HEADERS } from "../lib/forms";
import { startServer } from "../lib/server";
import { deliver, shuffle, signedEvent, stripeEnv } from "../lib/stripe";
import type { DrillResult } from "../lib/types";

const BUYERS = 200;
const SEATS = 10;
const REPLAYS = 3;

/**
 * 200 concurrent "Enroll Now" posts against 10 seats with the stripe provider (a local fake Stripe
 * API), then every checkout paid and its checkout.session.completed event delivered three times,
 * all at once in random order. At most 10 enrolments, and the cohort's count equals the paid payments.
 */
export async function seatRace(engine: EngineSetup): Promise<DrillResult> {
  const fake = await startFakeStripe();
  const server = await startServer({
    dataDir: engine.dataDir,
    databaseUrl: engine.databaseUrl,
    env: { ...stripeEnv(fake.url), RATE_LIMIT_PER_MINUTE: "1000000000" },
  });
  const inspect = await engine.inspect();
  try {
    // The enroll page creates the cohort row; then set the seats explicitly.
    await (await fetch(`${server.url}/enroll`)).arrayBuffer();
    await inspect.db
      .updateTable("cohort")
      .set({ capacity: SEATS, enrolled_count: 0, is_active: 1 })
      .where("id", "=", "current")
      .execute();

    const answers = await Promise.all(
      Array.from({ length: BUYERS }, async () => {
        try {
          const res = await fetch(`${server.url}/enroll`, {
            method: "POST",
            headers: { ...FORM_HEADERS, origin: server.url },
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
          // Every seat is paid or held in someone's open checkout: held seats may come back, so
          // the buyer is told so (409 and the 'All seats are being checked out' toast) and is not
          // waitlisted.
          if (res.status === 409) return "held";
          return `status ${res.status}`;
        } catch {
          return "error";
        }
      }),
    );
    const tally = (kind: string) => answers.filter((a) => a === kind).length;
    const checkouts = tally("checkout");
    const full = tally("full");
    const held = tally("held");

    const sessions = [...fake.sessions.values()];
    const events = sessions.map((session, i) => ({
      id: `evt_seat_race_${i}`,
      object: fake.pay(session.id, `seat-race-${i}@example.com`),
    }));
    const deliveries = shuffle(events.flatMap((event) => Array<typeof event>(REPLAYS).fill(event)));
    const statuses = await Promise.all(
      deliveries.map((e) =>
        deliver(server.url, signedEvent(e.id, "checkout.session.completed", e.object)).catch(
          () => 0,
        ),
      ),
    );
    const webhookOk = statuses.filter((s) => s === 200).length;

    const cohort = await inspect.db
      .selectFrom("cohort")
      .select(["capacity", "enrolled_count"])
      .where("id", "=", "current")
      .executeTakeFirstOrThrow();
    const enrolledCount = Number(cohort.enrolled_count);
    const paid = await countRows(inspect.db, "payments", "paid");
    const allPayments = await countRows(inspect.db, "payments");
    const recordedEvents = await countRows(inspect.db, "webhook_events");
    const enrolledPeople = await countRows(inspect.db, "people", "enrolled");

    const answeredAll = checkouts + full + held === BUYERS && checkouts === SEATS;
    const pass =
      paid <= SEATS &&
      enrolledCount <= SEATS &&
      enrolledCount === paid &&
      answeredAll &&
      webhookOk === deliveries.length;
    const others = answers.filter((a) => a !== "checkout" && a !== "full" && a !== "held");
    return {
      name: "c. 200 checkouts for 10 seats, webhooks ×3 shuffled",
      engine: engine.name,
      pass,
      summary: `${checkouts} checkouts, ${held} told every seat is held, ${full} sent to the waitlist${others.length ? `, ${others.length} other (${[...new Set(others)].join(", ")})` : ""}; ${deliveries.length} webhook deliveries (${webhookOk} answered 200); ${paid} paid payments, enrolled_count ${enrolledCount}, ${enrolledPeople} people enrolled`,
      details: {
        buyers: BUYERS,
        seats: SEATS,
        checkoutRedirects: checkouts,
        fullRedirects: full,
        heldAnswers: held,
        otherAnswers: others.length,
        stripeSessionsCreated: sessions.length,
        webhookDeliveries: deliveries.length,
        webhookAnswered200: webhookOk,
        webhookEventsRecorded: recordedEvents,
        paymentsPaid: paid,
        paymentsAll: allPayments,
        refundsRequested: fake.refunds.length,
        cohortEnrolledCount: enrolledCount,
        peopleEnrolled: enrolledPeople,
      },
    };
  } finally {
    await inspect.close();
    await server.stop();
    await fake.close();
  }
}

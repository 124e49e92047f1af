import type { DB } from "../../app/db/database.server";
import { getCohort } from "../../app/features/cohort/cohort.server";
import { joinQueue } from "../../app/features/cohort/queue.server";
import { fulfillPayment } from "../../app/features/enrollment/fulfillment.server";
import { startCheckout } from "../../app/features/enrollment/seats.server";
import { newPerson } from "../../app/features/people/people.server";
import type { Services } from "../../app/context";
import { afterEach, beforeEach } from "vitest";
import { startTestServices, TestClock, type TestEngine, type TestServices } from "./databases";

export interface CohortValues {
  capacity?: number;
  enrolled_count?: number;
  is_active?: number;
  start_date?: string | null;
  earliest_graduation_year?: number | null;
}

/** Sets fields of the current cohort (created with the defaults first if there is none). */
export async function setCurrentCohort(db: DB, values: CohortValues) {
  await getCohort(db, new Date());
  if (Object.keys(values).length === 0) return;
  await db.updateTable("cohorts").set(values).where("is_current", "=", 1).execute();
}

/** The current cohort's row. */
export function currentCohortRow(db: DB) {
  return db.selectFrom("cohorts").selectAll().where("is_current", "=", 1).executeTakeFirst();
}

/** Empties the cohort series and everything that points at a cohort (a test's clean slate). */
export async function resetCohorts(db: DB) {
  for (const table of [
    "waitlist_entries",
    "payments",
    "seat_holds",
    "sent_once",
    "cohorts",
  ] as const)
    await db.deleteFrom(table).execute();
}

/**
 * People in seat scenarios: a qualified applicant, someone waiting in the current cohort's queue
 * (one second after the previous, so the order is clear), and a paid seat (a checkout, then the
 * provider reports the payment).
 */
export function seatFixtures(services: () => Services, clock: TestClock) {
  const db = () => services().db;
  async function person(email: string, status: "qualified" | "waitlist" = "qualified") {
    const row = newPerson(email, clock.now().toISOString(), {
      first_name: email.split("@")[0],
      status,
    });
    await db().insertInto("people").values(row).execute();
    return row.id;
  }
  async function queued(email: string) {
    const id = await person(email, "waitlist");
    const cohort = await getCohort(db(), clock.now());
    await joinQueue(db(), cohort.id, id, clock.now().toISOString());
    clock.advance(1000);
    return id;
  }
  async function pay(personId: string, email: string) {
    const start = await startCheckout(services(), services().payments, {
      personId,
      email,
      visitorId: `v-${personId}`,
    });
    if (start.kind !== "redirect") throw new Error(`checkout refused: ${start.kind}`);
    const hold = await db()
      .selectFrom("seat_holds")
      .select("session_id")
      .where("person_id", "=", personId)
      .where("status", "=", "held")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    return fulfillPayment(services(), services().payments, {
      sessionId: hold.session_id!,
      email,
      amountCents: 64_900,
    });
  }
  return { person, queued, pay };
}

/**
 * A seat scenario per test on each engine: fresh services with a test clock at a fixed instant,
 * the people fixtures above, and the cohort's seat offers as emailed.
 */
export function seatScenario(engine: TestEngine) {
  const clock = new TestClock();
  let t: TestServices;
  beforeEach(async () => {
    clock.set(new Date("2026-11-22T12:00:00Z"));
    t = await startTestServices(engine, { clock });
  });
  afterEach(async () => {
    await t.cleanup();
  });
  const services = () => t.services;
  const db = () => t.services.db;
  const offers = () =>
    db()
      .selectFrom("outbox")
      .select(["to_address", "text"])
      .where("kind", "=", "seat_offer")
      .orderBy("created_at")
      .execute();
  const cohortId = async () => (await getCohort(db(), clock.now())).id;
  return { clock, services, db, offers, cohortId, ...seatFixtures(services, clock) };
}

import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { resetCohorts, seatScenario, setCurrentCohort } from "../../../tests/support/cohort";
import { testEngines } from "../../../tests/support/databases";
import { startCheckout } from "~/features/enrollment/seats.server";
import { readCohortAnnouncement } from "./announcement.server";
import { getCohort } from "./cohort.server";

describe.each(testEngines())("the home page's cohort line on $name", (engine) => {
  const { clock, services, db, person, pay } = seatScenario(engine);
  const read = () => readCohortAnnouncement(services());
  const checkout = async (email: string) => {
    const id = await person(email);
    const started = await startCheckout(services(), services().payments, {
      personId: id,
      email,
      visitorId: `v-${id}`,
    });
    expect(started.kind).toBe("redirect");
    return id;
  };

  it("counts the seats left as they change: paid, held in a checkout, freed when it expires", async () => {
    await setCurrentCohort(db(), { capacity: 3, start_date: "2027-01-13" });
    expect(await read()).toEqual({ kind: "open", start: "January 11", seatsLeft: 3, capacity: 3 });
    await pay(await person("paid@example.com"), "paid@example.com");
    await checkout("held@example.com");
    expect(await read()).toMatchObject({ kind: "open", seatsLeft: 1 });
    await checkout("second@example.com");
    expect(await read()).toEqual({ kind: "full", start: "January 11" });
    // The two checkouts' holds run out (SEAT_HOLD_MINUTES): their seats are for sale again.
    clock.advance(services().config.seats.holdMinutes * 60_000 + 1_000);
    expect(await read()).toMatchObject({ kind: "open", seatsLeft: 2 });
  });

  it("counts a seat offered to the queue as taken until the offer ends", async () => {
    await setCurrentCohort(db(), { capacity: 2 });
    const cohort = await getCohort(db(), clock.now());
    const now = clock.now();
    await db()
      .insertInto("seat_holds")
      .values({
        id: "offer-1",
        cohort_id: cohort.id,
        kind: "offer",
        offer_token_hash: "hash",
        person_id: await person("queued@example.com"),
        visitor_id: null,
        email: "queued@example.com",
        status: "held",
        provider: "test",
        session_id: null,
        expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    expect(await read()).toMatchObject({ kind: "open", seatsLeft: 1 });
    clock.advance(3_600_000);
    expect(await read()).toMatchObject({ kind: "open", seatsLeft: 2 });
  });

  it("makes the default cohort when there is none yet: all ten seats open", async () => {
    await resetCohorts(db());
    expect(await read()).toEqual({ kind: "open", start: null, seatsLeft: 10, capacity: 10 });
  });

  it("says enrollment is closed when the owner closed it", async () => {
    await setCurrentCohort(db(), { is_active: 0 });
    expect(await read()).toEqual({ kind: "closed" });
  });

  it("reads today's date in the site's time zone, not UTC", async () => {
    // 03:00 UTC on Nov 25 is still the evening of Nov 24 in New York (SITE_TIME_ZONE's default).
    clock.set(new Date("2026-11-25T03:00:00Z"));
    await setCurrentCohort(db(), { start_date: "2026-11-24" });
    expect(await read()).toMatchObject({ start: "November 23" });
    clock.set(new Date("2026-11-25T06:00:00Z"));
    expect(await read()).toMatchObject({ start: null });
  });

  it("claims nothing when the seats cannot be read", async () => {
    await setCurrentCohort(db(), {});
    await sql`drop table seat_holds`.execute(db());
    expect(await read()).toBeNull();
  });
});

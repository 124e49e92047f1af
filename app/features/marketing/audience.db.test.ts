import { describe, expect, it } from "vitest";
import { seatFixtures } from "../../../tests/support/cohort";
import { testEngines } from "../../../tests/support/databases";
import { useOwnerConsole } from "../../../tests/support/owner-console";
import { getCohort } from "~/features/cohort/cohort.server";
import { joinQueue } from "~/features/cohort/queue.server";
import { createCohort } from "~/features/cohort/series.server";
import type { PaymentStatus, QueueStatus } from "~/db/schema";
import { loader as broadcastsLoader } from "~/features/marketing/routes/broadcasts";

// Who a broadcast goes to, as the owner's audience count on /admin/broadcasts shows it.
describe.each(testEngines())("broadcast audiences on $name", (engine) => {
  const owner = useOwnerConsole(engine);
  const { clock } = owner;
  const services = () => owner.t.services;
  const db = () => services().db;
  const { person, queued } = seatFixtures(services, clock);
  const countFor = async (query: string) => {
    const result = await owner.get(broadcastsLoader, `/admin/broadcasts?${query}`);
    return (result.body as { count: number }).count;
  };

  /** The current cohort and a later one, not current (the owner created it). */
  const twoCohorts = async () => {
    const current = (await getCohort(db(), clock.now())).id;
    const other = await createCohort(services(), "boss@example.com", {
      startDate: "2027-06-07",
      capacity: 10,
    });
    return { current, other };
  };
  /**
   * Everyone seeded may get news, so only the filter under test decides; each one's lead source
   * is their email's local part, so `source=` picks out one person.
   */
  const everyoneSubscribed = () =>
    db()
      .updateTable("people")
      .set((eb) => ({ marketing: "subscribed", lead_source: eb.ref("first_name") }))
      .execute();
  /** Who of `names` the audience `query` holds, as a count per name (1: in it, 0: not). */
  const countsOf = async (query: string, names: readonly string[]) => {
    const counts: Record<string, number> = {};
    for (const name of names) counts[name] = await countFor(`${query}&source=${name}`);
    return counts;
  };

  it("the cohort filter is the people with a paid payment in that cohort", async () => {
    const { current, other } = await twoCohorts();
    const pay = async (name: string, cohortId: string, status: PaymentStatus) => {
      const personId = await person(`${name}@example.com`);
      await db()
        .insertInto("payments")
        .values({
          id: `payment-${name}`,
          cohort_id: cohortId,
          hold_id: `hold-${name}`,
          person_id: personId,
          provider: "test",
          session_id: `cs_${name}`,
          email: `${name}@example.com`,
          amount_cents: 64_900,
          status,
          refund_reason: status === "paid" ? null : "changed their mind",
          refunded_at: status === "refunded" ? clock.now().toISOString() : null,
          created_at: clock.now().toISOString(),
        })
        .execute();
    };
    await pay("paid", current, "paid");
    await pay("refunded", current, "refunded");
    await pay("owed", current, "refund_needed");
    await pay("elsewhere", other, "paid");
    await person("unpaid@example.com");
    await everyoneSubscribed();
    const names = ["paid", "refunded", "owed", "elsewhere", "unpaid"];

    expect(await countFor("category=news")).toBe(5);
    expect(await countFor(`category=news&cohort=${current}`)).toBe(1);
    expect(await countsOf(`category=news&cohort=${current}`, names)).toEqual({
      paid: 1,
      refunded: 0,
      owed: 0,
      elsewhere: 0,
      unpaid: 0,
    });
    expect(await countsOf(`category=news&cohort=${other}`, names)).toEqual({
      paid: 0,
      refunded: 0,
      owed: 0,
      elsewhere: 1,
      unpaid: 0,
    });
  });

  it("the waitlist filter is the people waiting or offered a seat in the current cohort", async () => {
    const { other } = await twoCohorts();
    const statuses: Record<string, QueueStatus> = {
      waiting: "waiting",
      offered: "offered",
      expired: "expired",
      declined: "declined",
      removed: "removed",
      enrolled: "enrolled",
    };
    for (const [name, status] of Object.entries(statuses)) {
      const personId = await queued(`${name}@example.com`);
      await db()
        .updateTable("waitlist_entries")
        .set({ status })
        .where("person_id", "=", personId)
        .execute();
    }
    const elsewhere = await person("elsewhere@example.com", "waitlist");
    await joinQueue(db(), other, elsewhere, clock.now().toISOString());
    await everyoneSubscribed();
    const names = [...Object.keys(statuses), "elsewhere"];

    expect(await countFor("category=news")).toBe(names.length);
    expect(await countFor("category=news&waitlist=yes")).toBe(2);
    expect(await countsOf("category=news&waitlist=yes", names)).toEqual({
      waiting: 1,
      offered: 1,
      expired: 0,
      declined: 0,
      removed: 0,
      enrolled: 0,
      elsewhere: 0,
    });
  });
});

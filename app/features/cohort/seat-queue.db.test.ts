import { describe, expect, it } from "vitest";
import { seatScenario, setCurrentCohort } from "../../../tests/support/cohort";
import { testEngines } from "../../../tests/support/databases";
import { recipientsOf } from "../../../tests/support/outbox";
import { updateCohortSettings } from "./settings.server";
import { refundEnrollment } from "~/features/enrollment/refunds.server";
import { countHeldSeats, startCheckout } from "~/features/enrollment/seats.server";
import { getCohort } from "./cohort.server";
import { declineOffer, findOffer, runOfferRound } from "./offers.server";

describe.each(testEngines())("cohorts and the seat queue on $name", (engine) => {
  const { clock, services, db, offers, person, queued, pay } = seatScenario(engine);
  const tokenOf = (text: string) => /\/enroll\?offer=([A-Za-z0-9_-]{43})/.exec(text)![1]!;
  const taken = async () => {
    const cohort = await getCohort(db(), clock.now());
    return (
      cohort.enrolledCount + (await countHeldSeats(db(), cohort.id, clock.now().toISOString()))
    );
  };
  const raiseCapacity = (capacity: number) =>
    updateCohortSettings(services(), "owner@example.com", { capacity });

  it("raising capacity by 2 with 3 in the queue makes exactly 2 offers, in queue order", async () => {
    await setCurrentCohort(db(), { capacity: 1 });
    await pay(await person("a@example.com"), "a@example.com");
    await queued("b@example.com");
    await queued("c@example.com");
    await queued("d@example.com");
    expect(await runOfferRound(services())).toEqual({ offered: 0, ended: 0 });

    await raiseCapacity(3);
    expect((await runOfferRound(services())).offered).toBe(2);
    expect((await offers()).map((o) => o.to_address)).toEqual(["b@example.com", "c@example.com"]);
    expect(await taken()).toBe(3);
    // A second round finds no free seat: nobody is offered twice, D waits.
    expect((await runOfferRound(services())).offered).toBe(0);
    expect(await offers()).toHaveLength(2);
  });

  it("an offer that expires passes to the next person; a declined one too", async () => {
    await setCurrentCohort(db(), { capacity: 1 });
    await queued("b@example.com");
    await queued("c@example.com");
    await queued("d@example.com");
    await runOfferRound(services());
    const [first] = await offers();
    expect(first!.to_address).toBe("b@example.com");
    // The deadline as people read it: the site's zone, US format, the zone named.
    expect(first!.text).toContain("until Tue, Nov 24, 7:00 AM EST.");

    clock.advance(48 * 3_600_000 + 1000);
    expect(await findOffer(services(), tokenOf(first!.text))).toBeNull();
    expect(await runOfferRound(services())).toEqual({ offered: 1, ended: 1 });
    const second = (await offers())[1]!;
    expect(second.to_address).toBe("c@example.com");

    expect(await declineOffer(services(), tokenOf(second.text))).toBe(true);
    expect(await declineOffer(services(), tokenOf(second.text))).toBe(false);
    await runOfferRound(services());
    expect((await offers()).map((o) => o.to_address)).toEqual([
      "b@example.com",
      "c@example.com",
      "d@example.com",
    ]);
    const statuses = await db()
      .selectFrom("waitlist_entries")
      .select("status")
      .orderBy("position")
      .execute();
    expect(statuses.map((s) => s.status)).toEqual(["expired", "declined", "offered"]);
  });

  it("the offered person checks out on the held seat and enrolls, even with no other seat free", async () => {
    await setCurrentCohort(db(), { capacity: 1 });
    const b = await queued("b@example.com");
    await runOfferRound(services());
    // Someone else finds every seat taken by the offer.
    const stranger = await startCheckout(services(), services().payments, {
      personId: null,
      email: null,
      visitorId: "stranger",
    });
    expect(stranger.kind).toBe("held");
    expect(await pay(b, "b@example.com")).toMatchObject({ kind: "enrolled" });
    expect((await getCohort(db(), clock.now())).enrolledCount).toBe(1);
    await runOfferRound(services());
    const entry = await db().selectFrom("waitlist_entries").select("status").executeTakeFirst();
    expect(entry?.status).toBe("enrolled");
    expect(await taken()).toBe(1);
  });

  it("two workers running at once make no duplicate offer", async () => {
    await setCurrentCohort(db(), { capacity: 3 });
    for (const name of ["b", "c", "d", "e", "f"]) await queued(`${name}@example.com`);
    const rounds = await Promise.all(Array.from({ length: 6 }, () => runOfferRound(services())));
    expect(rounds.reduce((n, r) => n + r.offered, 0)).toBe(3);
    const sent = (await offers()).map((o) => o.to_address);
    expect(sent).toEqual(["b@example.com", "c@example.com", "d@example.com"]);
  });

  it("50 concurrent capacity raises, offer rounds and checkouts never take more seats than capacity", async () => {
    await setCurrentCohort(db(), { capacity: 2 });
    for (let i = 0; i < 8; i++) await queued(`q${i}@example.com`);
    const work = Array.from({ length: 50 }, (_, i) => {
      // One more seat each time, whatever the order the raises commit in.
      if (i % 5 === 0)
        return db()
          .updateTable("cohorts")
          .set((eb) => ({ capacity: eb("capacity", "+", 1) }))
          .where("is_current", "=", 1)
          .execute();
      if (i % 5 === 1) return runOfferRound(services());
      return startCheckout(services(), services().payments, {
        personId: null,
        email: null,
        visitorId: `buyer-${i}`,
      });
    });
    await Promise.all(work);
    await runOfferRound(services());
    const cohort = await getCohort(db(), clock.now());
    expect(cohort.capacity).toBe(12);
    expect(await taken()).toBeLessThanOrEqual(cohort.capacity);
    expect(await taken()).toBeGreaterThan(0);
  });

  it("a refund frees the seat, emails the student, audits it and offers the seat on", async () => {
    await setCurrentCohort(db(), { capacity: 1 });
    const a = await person("a@example.com");
    await pay(a, "a@example.com");
    await queued("b@example.com");
    expect(await refundEnrollment(services(), "owner@example.com", a, "changed plans")).toBe(
      "refunded",
    );
    expect(await refundEnrollment(services(), "owner@example.com", a, "again")).toBe(
      "not_enrolled",
    );
    expect((await getCohort(db(), clock.now())).enrolledCount).toBe(0);
    const payment = await db().selectFrom("payments").selectAll().executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: "refunded", refund_reason: "changed plans" });
    expect(await recipientsOf(db(), "enrollment_refunded")).toEqual(["a@example.com"]);
    const audit = await db().selectFrom("audit_log").select("action").execute();
    expect(audit.map((r) => r.action)).toContain("enrollment.refund");
    expect((await runOfferRound(services())).offered).toBe(1);
    expect((await offers()).map((o) => o.to_address)).toEqual(["b@example.com"]);
  });
});

import { describe, expect, it } from "vitest";
import { seatScenario, setCurrentCohort } from "../../../tests/support/cohort";
import { testEngines } from "../../../tests/support/databases";
import { readEnrollLink } from "~/features/enrollment/enroll-link.server";
import { startCheckout } from "~/features/enrollment/seats.server";
import { runOfferRound } from "./offers.server";
import { moveUp } from "./queue.server";
import { sendCheckoutReminders } from "./reminders.server";
import { createCohort, makeCurrent } from "./series.server";

describe.each(testEngines())("reminders, queue order and the next cohort on $name", (engine) => {
  const { clock, services, db, offers, cohortId, person, queued, pay } = seatScenario(engine);

  it("reminds an abandoned checkout once, after the delay, and never after payment", async () => {
    const a = await person("a@example.com");
    const b = await person("b@example.com");
    for (const id of [a, b])
      await startCheckout(services(), services().payments, {
        personId: id,
        email: null,
        visitorId: `v-${id}`,
      });
    // Both holds run out (36 minutes); B then comes back and pays.
    clock.advance(37 * 60_000);
    expect(await sendCheckoutReminders(services())).toBe(0);
    await pay(b, "b@example.com");
    clock.advance(60 * 60_000);
    const sent = await Promise.all([
      sendCheckoutReminders(services()),
      sendCheckoutReminders(services()),
    ]);
    expect(sent[0]! + sent[1]!).toBe(1);
    clock.advance(24 * 3_600_000);
    expect(await sendCheckoutReminders(services())).toBe(0);
    const reminders = await db()
      .selectFrom("outbox")
      .select(["to_address", "text"])
      .where("kind", "=", "checkout_reminder")
      .execute();
    expect(reminders.map((r) => r.to_address)).toEqual(["a@example.com"]);
    // Its link signs A in on any device (a checkout now needs that identity).
    const token = /\/enroll\?link=([\w.-]+)/.exec(reminders[0]!.text)![1]!;
    expect(readEnrollLink(services().config.sessionSecrets, token, clock.now())).toBe(a);
  });

  it("no reminder while every seat is taken", async () => {
    await setCurrentCohort(db(), { capacity: 1 });
    const a = await person("a@example.com");
    await startCheckout(services(), services().payments, {
      personId: a,
      email: null,
      visitorId: "v",
    });
    clock.advance(37 * 60_000);
    await pay(await person("b@example.com"), "b@example.com");
    clock.advance(60 * 60_000);
    expect(await sendCheckoutReminders(services())).toBe(0);
  });

  it("the owner moves someone up the queue", async () => {
    await queued("b@example.com");
    await queued("c@example.com");
    const entries = await db()
      .selectFrom("waitlist_entries")
      .select("id")
      .orderBy("position")
      .execute();
    expect(await moveUp(db(), entries[1]!.id, clock.now().toISOString())).toBe(true);
    expect(await moveUp(db(), entries[1]!.id, clock.now().toISOString())).toBe(false);
    await setCurrentCohort(db(), { capacity: 1 });
    await runOfferRound(services());
    expect((await offers()).map((o) => o.to_address)).toEqual(["c@example.com"]);
  });

  it("making the next cohort current carries the queue over and emails the waitlist once", async () => {
    await setCurrentCohort(db(), { capacity: 0 });
    await queued("b@example.com");
    await person("later@example.com", "waitlist");
    await person("quiet@example.com", "waitlist");
    // "Enrollment is open" is cohort news: only for people who agreed to it.
    const agree = (email: string, marketing: "subscribed" | "cohort_news") =>
      db().updateTable("people").set({ marketing }).where("email", "=", email).execute();
    await agree("b@example.com", "subscribed");
    await agree("later@example.com", "cohort_news");
    const next = await createCohort(services(), "owner@example.com", {
      startDate: "2027-02-01",
      capacity: 10,
    });
    expect(await makeCurrent(services(), "owner@example.com", next)).toBe("made_current");
    expect(await makeCurrent(services(), "owner@example.com", next)).toBe("already_current");
    expect(await cohortId()).toBe(next);
    const open = await db()
      .selectFrom("outbox")
      .select("to_address")
      .where("kind", "=", "enrollment_open")
      .orderBy("to_address")
      .execute();
    expect(open.map((o) => o.to_address)).toEqual(["b@example.com", "later@example.com"]);
    expect((await runOfferRound(services())).offered).toBe(1);
    expect((await offers()).map((o) => o.to_address)).toEqual(["b@example.com"]);
  });
});

import { describe, expect, it } from "vitest";
import { seatFixtures, setCurrentCohort } from "../../../../tests/support/cohort";
import { flashToastOf } from "../../../../tests/support/context";
import { testEngines } from "../../../../tests/support/databases";
import { recipientsOf } from "../../../../tests/support/outbox";
import { useOwnerConsole } from "../../../../tests/support/owner-console";
import { countRows } from "../../../../tests/support/suite";
import { getCohort } from "~/features/cohort/cohort.server";
import { runOfferRound } from "~/features/cohort/offers.server";
import { cohortConsole } from "~/features/cohort/cohorts.words";
import { cohortSettingsValidation } from "~/features/cohort/cohort-settings.words";
import { action as cohortAction, loader as cohortLoader } from "./cohort";
import { loader as rosterLoader } from "./cohort-roster-csv";
import { action as cohortsAction, loader as cohortsLoader } from "./cohorts";
import { action as personAction } from "~/features/people/routes/person";

describe.each(testEngines())("the owner's cohort console on $name", (engine) => {
  const owner = useOwnerConsole(engine);
  const { clock, post, get } = owner;
  const services = () => owner.t.services;
  const db = () => services().db;
  const { person, queued, pay } = seatFixtures(() => services(), clock);
  const toastOf = (result: { headers: Headers }) => flashToastOf(result, services());
  const errorOf = (result: { body: unknown }) =>
    (result.body as { toast: { description: string } }).toast.description;
  const count = (table: "cohorts" | "outbox" | "waitlist_entries") => countRows(db(), table);

  it("creates the next cohort, refusing a bad capacity or date and changing nothing", async () => {
    const cohorts = await count("cohorts");
    for (const [fields, message] of [
      [{ capacity: "0", startDate: "" }, cohortSettingsValidation.capacityAtLeastOne],
      [{ capacity: "ten", startDate: "" }, cohortSettingsValidation.capacity],
      [{ capacity: "10", startDate: "2027-02-30" }, cohortSettingsValidation.startDate],
    ] as const) {
      const refused = await post(cohortsAction, "/admin/cohorts", { intent: "create", ...fields });
      expect(refused.status).toBe(400);
      expect(errorOf(refused)).toBe(message);
    }
    expect(await count("cohorts")).toBe(cohorts);

    const created = await post(cohortsAction, "/admin/cohorts", {
      intent: "create",
      capacity: "12",
      startDate: "2027-03-01",
    });
    expect(created.status).toBe(303);
    expect((await toastOf(created))?.title).toBe(cohortConsole.created);
    const listed = await get(cohortsLoader, "/admin/cohorts");
    const { cohorts: rows } = listed.body as {
      cohorts: { startDate: string; isCurrent: boolean }[];
    };
    expect(rows.map((c) => [c.startDate, c.isCurrent])).toContainEqual(["2027-03-01", false]);
  });

  it("lists paid, held, offered, seats left and revenue, and exports the roster", async () => {
    await setCurrentCohort(db(), { capacity: 3 });
    await pay(await person("a@example.com"), "a@example.com");
    await queued("b@example.com");
    expect((await runOfferRound(services())).offered).toBe(1);
    const { cohorts } = (await get(cohortsLoader, "/admin/cohorts")).body as {
      cohorts: Record<string, unknown>[];
    };
    expect(cohorts[0]).toMatchObject({ paid: 1, held: 0, offered: 1, seatsLeft: 1 });
    expect(cohorts[0]!.revenueCents).toBe(64_900);

    const id = (await getCohort(db(), clock.now())).id;
    // The cohort's own page reads its one cohort with the same figures the list gives.
    const page = (await get(cohortLoader, `/admin/cohorts/${id}`, { id })).body as {
      cohort: Record<string, unknown>;
    };
    expect(page.cohort).toEqual(cohorts[0]);
    const unknown = "00000000-0000-4000-8000-000000000000";
    await expect(
      get(cohortLoader, `/admin/cohorts/${unknown}`, { id: unknown }),
    ).rejects.toMatchObject({ init: { status: 404 } });

    const response = await get(rosterLoader, `/admin/cohorts/${id}/roster.csv`, { id });
    const csv = response.body as string;
    expect(csv.split("\r\n")[0]).toBe(
      '"name","email","university","graduation year","paid at","amount (USD)"',
    );
    expect(csv).toContain('"a@example.com"');
    expect(csv).toContain('"649.00"');
    expect(csv).not.toContain("b@example.com");
  });

  it("moves someone up, offers a seat by hand, refuses when none is free, and removes", async () => {
    await setCurrentCohort(db(), { capacity: 1 });
    await pay(await person("a@example.com"), "a@example.com");
    await queued("b@example.com");
    await queued("c@example.com");
    const id = (await getCohort(db(), clock.now())).id;
    const path = `/admin/cohorts/${id}`;
    const queue = async () =>
      (
        (await get(cohortLoader, path, { id })).body as {
          queue: { id: string; email: string; status: string }[];
        }
      ).queue.filter((entry) => entry.status === "waiting" || entry.status === "offered");

    const [b, c] = await queue();
    const moved = await post(cohortAction, path, { intent: "move_up", id: c!.id }, { id });
    expect((await toastOf(moved))?.title).toBe(cohortConsole.movedUp);
    expect((await queue()).map((e) => e.email)).toEqual(["c@example.com", "b@example.com"]);

    const full = await post(cohortAction, path, { intent: "offer", id: b!.id }, { id });
    expect(full.status).toBe(409);
    expect(errorOf(full)).toBe(cohortConsole.noSeat);

    await post(cohortsAction, "/admin/cohorts", {}); // a bad post changes nothing
    await setCurrentCohort(db(), { capacity: 2 });
    const mails = await count("outbox");
    const offered = await post(cohortAction, path, { intent: "offer", id: b!.id }, { id });
    expect((await toastOf(offered))?.title).toBe(cohortConsole.offered);
    expect(await count("outbox")).toBe(mails + 1);
    expect((await queue()).find((e) => e.email === "b@example.com")?.status).toBe("offered");

    // Removing B withdraws the offer: the seat is free again and the next round offers it to C.
    const removed = await post(cohortAction, path, { intent: "remove", id: b!.id }, { id });
    expect((await toastOf(removed))?.title).toBe(cohortConsole.removed);
    expect((await runOfferRound(services())).offered).toBe(1);
    expect((await queue()).map((e) => [e.email, e.status])).toEqual([["c@example.com", "offered"]]);

    const again = await post(cohortAction, path, { intent: "remove", id: b!.id }, { id });
    expect(again.status).toBe(409);
    const elsewhere = await post(
      cohortAction,
      "/admin/cohorts/other",
      { intent: "remove", id: c!.id },
      { id: "other" },
    );
    expect(elsewhere.status).toBe(409);
    expect((await queue()).map((e) => e.status)).toEqual(["offered"]);
  });

  it("makes a cohort current: the queue moves over and the waitlist is emailed once", async () => {
    await setCurrentCohort(db(), { capacity: 0 });
    await queued("b@example.com");
    await queued("no-news@example.com");
    await db()
      .updateTable("people")
      .set({ marketing: "subscribed" })
      .where("email", "=", "b@example.com")
      .execute();
    await post(cohortsAction, "/admin/cohorts", { intent: "create", capacity: "10" });
    const next = await db()
      .selectFrom("cohorts")
      .select("id")
      .where("is_current", "=", 0)
      .executeTakeFirstOrThrow();
    const made = await post(cohortsAction, "/admin/cohorts", {
      intent: "make_current",
      id: next.id,
    });
    expect((await toastOf(made))?.title).toBe(cohortConsole.madeCurrent);
    expect((await getCohort(db(), clock.now())).id).toBe(next.id);
    const again = await post(cohortsAction, "/admin/cohorts", {
      intent: "make_current",
      id: next.id,
    });
    expect((await toastOf(again))?.title).toBe(cohortConsole.alreadyCurrent);
    expect(await recipientsOf(db(), "enrollment_open")).toEqual(["b@example.com"]);
    // Seat offers are transactional: both people in the queue get theirs.
    expect((await runOfferRound(services())).offered).toBe(2);
  });

  it("refunds from the person's page with a reason, and offers the freed seat on", async () => {
    await setCurrentCohort(db(), { capacity: 1 });
    const a = await person("a@example.com");
    await pay(a, "a@example.com");
    await queued("b@example.com");
    const path = `/admin/people/${a}`;

    const noReason = await post(personAction, path, { intent: "refund", reason: " " }, { id: a });
    expect(noReason.status).toBe(400);
    expect(errorOf(noReason)).toBe(cohortConsole.refundReasonRequired);
    expect((await getCohort(db(), clock.now())).enrolledCount).toBe(1);

    // The first post only asks to confirm: nothing is refunded.
    const asked = await post(personAction, path, { intent: "refund", reason: "moved" }, { id: a });
    expect(asked.status).toBe(200);
    expect((asked.body as { confirmRefund: string }).confirmRefund).toBe("moved");
    expect((await getCohort(db(), clock.now())).enrolledCount).toBe(1);
    const paid = await db().selectFrom("payments").select("status").executeTakeFirstOrThrow();
    expect(paid.status).toBe("paid");

    const confirmed = { intent: "refund", reason: "moved", confirm: "yes" };
    const done = await post(personAction, path, confirmed, { id: a });
    expect((await toastOf(done))?.title).toBe(cohortConsole.refunded);
    expect((await getCohort(db(), clock.now())).enrolledCount).toBe(0);
    const twice = await post(personAction, path, confirmed, { id: a });
    expect(errorOf(twice)).toBe(cohortConsole.notEnrolled);
    expect((await runOfferRound(services())).offered).toBe(1);
  });
});

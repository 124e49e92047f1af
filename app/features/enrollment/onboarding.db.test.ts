import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ownerCookie, settle } from "../../../tests/support/admin";
import { mailboxCopy } from "../../../tests/support/mailbox";
import { seatScenario } from "../../../tests/support/cohort";
import {
  callAction,
  flashToastOf,
  formRequest,
  makeContext,
  unwrap,
} from "../../../tests/support/context";
import { testEngines } from "../../../tests/support/databases";
import { announceStartWeek } from "~/features/cohort/start-date.server";
import { suppressedReasons } from "~/features/marketing/marketing.words";
import { localMailboxDir } from "~/mail/transport.server";
import { action as settingsAction } from "~/features/cohort/routes/cohort-settings";
import { ONBOARDING_DELAY_MS } from "./fulfillment.server";
import { refundEnrollment } from "./refunds.server";

describe.each(testEngines())("onboarding that keeps its promise on $name", (engine) => {
  const s = seatScenario(engine);

  const emails = (kind: string) =>
    s
      .db()
      .selectFrom("outbox")
      .selectAll()
      .where("kind", "=", kind)
      .orderBy("created_at")
      .orderBy("to_address")
      .execute();

  /** The owner saves a start date, a second after whatever came before. */
  async function saveStart(cookie: string, startDate: string) {
    s.clock.advance(1000);
    return unwrap(
      await settle(
        callAction(
          settingsAction,
          formRequest("/admin/cohort-settings", { intent: "save", startDate }, { cookie }),
          makeContext(s.services()),
        ),
      ),
    );
  }
  const owner = () => ownerCookie({ services: s.services(), config: s.services().config });

  async function addMentor(name: string) {
    const id = randomUUID();
    const now = s.clock.now().toISOString();
    await s
      .db()
      .insertInto("mentors")
      .values({ id, email: `${id}@mentors.example`, name, created_at: now, updated_at: now })
      .execute();
    return id;
  }

  it("says the start week and the mentor as they are when it is sent, not when it was queued", async () => {
    const ada = await s.person("ada@example.com");
    expect((await s.pay(ada, "ada@example.com")).kind).toBe("enrolled");
    const [queued] = await emails("enrollment_onboarding");
    expect(queued!.text).toContain("start date is being set");
    expect(queued!.text).toContain("Your mentor will be introduced soon");

    // An hour later the owner sets the start date (Wednesday the 13th: the week of the 11th) and
    // a mentor is assigned to the seat.
    s.clock.advance(3_600_000);
    const saved = await saveStart(await owner(), "2027-01-13");
    expect(saved.status).toBe(303);
    expect(await flashToastOf(saved, s.services())).toMatchObject({
      description: "The new start was emailed to 1 paid student.",
    });
    const mentor = await addMentor("Dana Reyes");
    await s.db().updateTable("payments").set({ mentor_id: mentor }).execute();

    // The confirmation and the start date go now; the onboarding waits for its time.
    expect((await s.services().mailWorker.runOnce()).sent).toBe(2);
    expect((await emails("enrollment_onboarding"))[0]!.status).toBe("pending");
    s.clock.advance(ONBOARDING_DELAY_MS);
    expect(await s.services().mailWorker.runOnce()).toMatchObject({ sent: 1, suppressed: 0 });

    const [sent] = await emails("enrollment_onboarding");
    expect(sent!.status).toBe("sent");
    for (const words of [
      "Start: your cohort starts the week of January 11.",
      "Your mentor: Dana Reyes.",
      "Your cohort portal: http://localhost:3000/portal",
      "Sign in with this email address (ada@example.com)",
      "The full pre-work: http://localhost:3000/portal/prework",
    ])
      expect(sent!.text).toContain(words);
    expect(sent!.text).not.toContain("being set");
    expect(sent!.text).not.toContain("introduced soon");
    // What went out is what the row shows.
    const copy = mailboxCopy(localMailboxDir(s.services().config)!, sent!.id);
    expect(copy).toContain("Your mentor: Dana Reyes.");
    expect(copy).toContain("the week of January 11");
  });

  it("sends no onboarding to a student refunded before it was due", async () => {
    const bo = await s.person("bo@example.com");
    await s.pay(bo, "bo@example.com");
    expect(await refundEnrollment(s.services(), "owner@example.com", bo, "changed plans")).toBe(
      "refunded",
    );
    s.clock.advance(ONBOARDING_DELAY_MS);
    await s.services().mailWorker.runOnce();
    const [onboarding] = await emails("enrollment_onboarding");
    expect(onboarding).toMatchObject({
      status: "suppressed",
      last_error: suppressedReasons.noLongerApplies,
      sent_at: null,
    });
  });

  it("emails each paid student the new start week once: set, moved, cleared, set again", async () => {
    for (const name of ["ada", "bo"]) {
      const id = await s.person(`${name}@example.com`);
      await s.pay(id, `${name}@example.com`);
    }
    // Applied but never paid, and paid then refunded: neither is told.
    await s.person("cy@example.com");
    const dee = await s.person("dee@example.com");
    await s.pay(dee, "dee@example.com");
    await refundEnrollment(s.services(), "owner@example.com", dee, "changed plans");

    const cookie = await owner();
    const texts = async () => (await emails("cohort_start_date")).map((e) => e.text);
    const newTexts = async (before: number) => (await texts()).slice(before);

    await saveStart(cookie, "2027-01-13");
    expect((await emails("cohort_start_date")).map((e) => e.to_address)).toEqual([
      "ada@example.com",
      "bo@example.com",
    ]);
    expect((await texts())[0]).toContain(
      "Your cohort's start date is set: we start the week of January 11.",
    );

    // The same date again, or another day of the same week: nothing new to tell.
    await saveStart(cookie, "2027-01-13");
    await saveStart(cookie, "2027-01-15");
    expect(await texts()).toHaveLength(2);

    await saveStart(cookie, "2027-01-20");
    const moved = await newTexts(2);
    expect(moved).toHaveLength(2);
    expect(moved[0]).toContain("we now start the week of January 18, not the week of January 11.");

    await saveStart(cookie, "");
    const cleared = await newTexts(4);
    expect(cleared).toHaveLength(2);
    expect(cleared[0]).toContain(
      "Your cohort no longer starts the week of January 18: the new start date is to be confirmed",
    );

    // Back to a week they were told before: they are told again, since it changed since.
    await saveStart(cookie, "2027-01-13");
    expect(await newTexts(6)).toHaveLength(2);
    const told = new Set((await emails("cohort_start_date")).map((e) => e.to_address));
    expect([...told].sort()).toEqual(["ada@example.com", "bo@example.com"]);

    // The same announcement run a second time (a retry) sends nothing new.
    const cohortId = await s.cohortId();
    const again = await s
      .db()
      .transaction()
      .execute((trx) =>
        announceStartWeek(
          trx,
          s.services().config,
          cohortId,
          { before: null, after: "2027-01-13" },
          s.clock.now(),
        ),
      );
    expect(again).toBe(0);
    expect(await texts()).toHaveLength(8);
  });

  it("tells the mentors of the cohort's students too, once per new week, in a mentor's words", async () => {
    const ada = await s.person("ada@example.com");
    await s.pay(ada, "ada@example.com");
    const mentor = await addMentor("Dana Reyes");
    await s.db().updateTable("payments").set({ mentor_id: mentor }).execute();
    const idle = await addMentor("Idle Mentor");
    void idle;
    const cookie = await owner();
    await saveStart(cookie, "2027-01-13");
    await saveStart(cookie, "2027-01-14");
    const told = await emails("cohort_start_date_mentor");
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain("Hi Dana,");
    expect(told[0]!.text).toContain(
      "The cohort's start date is set: we start the week of January 11.",
    );
    expect(told[0]!.text).not.toContain("Your seat");
    await saveStart(cookie, "2027-01-20");
    expect(await emails("cohort_start_date_mentor")).toHaveLength(2);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seatFixtures, setCurrentCohort } from "../../../tests/support/cohort";
import { testEngines } from "../../../tests/support/databases";
import { answer } from "../../../tests/support/mentors";
import { useOwnerConsole } from "../../../tests/support/owner-console";
import { insertMentor, portalCookie } from "../../../tests/support/portal";
import { startFakeStripe } from "../../../fakes/stripe";
import { runOfferRound } from "~/features/cohort/offers.server";
import { leaveConsole, leavePage as words } from "./leave.words";
import { createStripeClient, stripeProvider } from "~/features/payments/stripe-provider.server";
import { action as personAction, loader as personLoader } from "~/features/people/routes/person";
import * as leaveRoute from "~/features/withdrawals/routes/leave";
import { leaveRequestSchema } from "./withdrawal";
import type { OwnerWithdrawal } from "./decisions.server";

// The cohort starts Tuesday 2027-01-12 (site zone America/New_York): week 1 is Mon 11 .. Sun 17,
// week 2 Mon 18 .. Sun 24 (the last full-refund day), week 3 from Mon 25.
const START = "2027-01-12";
const BEFORE_START = new Date("2027-01-05T17:00:00Z");
const WEEK_2 = new Date("2027-01-19T17:00:00Z");
const WEEK_3 = new Date("2027-01-26T17:00:00Z");

describe.each(testEngines())("leaving the programme, on $name", (engine) => {
  const owner = useOwnerConsole(engine);
  const { clock } = owner;
  const services = () => owner.t.services;
  const db = () => services().db;
  const { person, pay, queued } = seatFixtures(() => services(), clock);

  /**
   * A paid student of the current cohort (capacity 1: a freed seat is visible), then the clock
   * moved on to `when` and the student signed in to the portal then.
   */
  async function student(when: Date, email = "sam@example.com") {
    await setCurrentCohort(db(), { capacity: 1, enrolled_count: 0, start_date: START });
    const id = await person(email);
    await pay(id, email);
    clock.set(when);
    // The owner's console session lasts through the test, whenever it is set.
    await db().updateTable("sessions").set({ expires_at: "2099-01-01T00:00:00.000Z" }).execute();
    const cookie = await portalCookie(services(), {
      role: "student",
      personId: id,
      email,
      firstName: "Sam",
    });
    return { id, email, cookie };
  }

  const askToLeave = (cookie: string, fields: Record<string, string>) =>
    answer(services(), leaveRoute.action, "/portal/leave", cookie, { fields });
  const leavePageOf = (cookie: string) =>
    answer(services(), leaveRoute.loader, "/portal/leave", cookie);
  /** The owner's decision, confirmed (an approval's second post: see the first test). */
  const decide = (personId: string, fields: Record<string, string>) =>
    owner.post(
      personAction,
      `/admin/people/${personId}`,
      fields.intent === "withdrawal_approve" ? { confirm: "yes", ...fields } : fields,
      { id: personId },
    );
  const ownerView = async (personId: string) =>
    (
      (await owner.get(personLoader, `/admin/people/${personId}`, { id: personId })).body as {
        withdrawal: OwnerWithdrawal | null;
      }
    ).withdrawal;

  /** Sessions in weeks 1-3 (the third after WEEK_2), week 1's attended, one 1-on-1 held. */
  async function attendanceOf(personId: string) {
    const cohortId = (await payment(personId)).cohort_id;
    const at = new Date().toISOString();
    for (const [week, day] of [
      [1, "2027-01-12"],
      [2, "2027-01-19"],
      [3, "2027-01-26"],
    ] as const)
      await db()
        .insertInto("group_sessions")
        .values({
          id: `session-${week}`,
          cohort_id: cohortId,
          week,
          starts_at: `${day}T00:00:00.000Z`,
          minutes: 60,
          topic: `Week ${week}`,
          created_at: at,
          updated_at: at,
        })
        .execute();
    await db()
      .insertInto("attendance")
      .values({
        session_id: "session-1",
        person_id: personId,
        status: "attended",
        marked_by: "owner",
        marked_by_id: "owner",
        marked_at: at,
      })
      .execute();
    const mentorId = await insertMentor(db(), "mia@example.com", "Mia Mentor");
    await db()
      .insertInto("bookings")
      .values({
        id: "booking-1",
        cohort_id: cohortId,
        person_id: personId,
        mentor_id: mentorId,
        kind: "one_on_one",
        week: 1,
        starts_at: "2027-01-13T15:00:00.000Z",
        ends_at: "2027-01-13T15:30:00.000Z",
        status: "booked",
        cancelled_by: null,
        cancel_reason: null,
        created_at: at,
        updated_at: at,
        outcome: "held",
        outcome_at: at,
        interview_id: null,
      })
      .execute();
  }

  const withdrawals = () => db().selectFrom("withdrawals").selectAll().execute();
  /** Sam, paid and in week 3, has asked to leave: their open request. */
  const leaving = async () => {
    const sam = await student(WEEK_3);
    await askToLeave(sam.cookie, { kind: "leave", reason: "Leaving" });
    const [request] = await withdrawals();
    return { sam, request: request! };
  };
  const payment = (personId: string) =>
    db()
      .selectFrom("payments")
      .selectAll()
      .where("person_id", "=", personId)
      .executeTakeFirstOrThrow();
  const enrolled = async () =>
    Number(
      (
        await db()
          .selectFrom("cohorts")
          .select("enrolled_count")
          .where("is_current", "=", 1)
          .executeTakeFirstOrThrow()
      ).enrolled_count,
    );
  const sessionsOf = async (personId: string) =>
    (
      await db()
        .selectFrom("portal_sessions")
        .select("person_id")
        .where("person_id", "=", personId)
        .execute()
    ).length;
  const mail = (kind: string) =>
    db()
      .selectFrom("outbox")
      .select(["to_address", "text", "subject"])
      .where("kind", "=", kind)
      .execute();
  const errorsOf = (body: unknown) =>
    (body as { result: { error: Record<string, string[]> } }).result.error;

  it("in week 2: a full refund, the seat stays empty after the start, the portal ends", async () => {
    const sam = await student(WEEK_2);
    await queued("next@example.com");
    const before = await leavePageOf(sam.cookie);
    expect(before.status).toBe(200);
    expect((before.body as { page: { todayRule: string } }).page.todayRule).toBe("full_refund");

    const sent = await askToLeave(sam.cookie, { kind: "leave", reason: "Moving abroad" });
    expect(sent.status).toBe(303);
    const [request] = await withdrawals();
    expect(request).toMatchObject({
      person_id: sam.id,
      kind: "leave",
      rule: "full_refund",
      status: "requested",
      reason: "Moving abroad",
    });
    const [received] = await mail("withdrawal_received");
    expect(received!.to_address).toBe(sam.email);
    expect(received!.text).toContain("Rule that applies: Full refund (up to the end of week 2).");
    expect(received!.text).toContain("Sunday, January 24");
    const [notice] = await mail("owner_withdrawal");
    expect(notice!.to_address).toBe(services().config.contactEmail);
    expect(notice!.text).toContain("Moving abroad");
    expect(notice!.text).toContain(`/admin/people/${sam.id}`);

    const view = await ownerView(sam.id);
    expect(view).toMatchObject({ status: "requested", rule: "full_refund", freesSeat: false });

    // The first post only asks: what it would refund, and nothing changes.
    const asked = await owner.post(
      personAction,
      `/admin/people/${sam.id}`,
      { intent: "withdrawal_approve", withdrawalId: request!.id, note: "Good luck" },
      { id: sam.id },
    );
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      confirmApproval: { withdrawalId: request!.id, cents: 64_900, note: "Good luck" },
    });
    expect(await payment(sam.id)).toMatchObject({ status: "paid" });
    expect((await withdrawals())[0]).toMatchObject({ status: "requested" });
    expect(await mail("withdrawal_approved")).toHaveLength(0);

    const approved = await decide(sam.id, {
      intent: "withdrawal_approve",
      withdrawalId: request!.id,
    });
    expect(approved.status).toBe(303);
    expect(await payment(sam.id)).toMatchObject({ status: "refunded" });
    expect((await withdrawals())[0]).toMatchObject({
      status: "approved",
      refund_cents: 64_900,
      decided_by_id: expect.any(String),
    });
    // After the start the seat stays taken: nobody in the queue is offered it.
    expect(await enrolled()).toBe(1);
    expect((await runOfferRound(services())).offered).toBe(0);
    // The portal has ended: no session left, the page is the sign-in form.
    expect(await sessionsOf(sam.id)).toBe(0);
    expect((await leavePageOf(sam.cookie)).status).not.toBe(200);
    const [decision] = await mail("withdrawal_approved");
    expect(decision!.text).toContain("refunded $649");
    expect(decision!.text).toContain("Rule that applied: Full refund (up to the end of week 2).");
    const audit = await db()
      .selectFrom("audit_log")
      .select("action")
      .where("action", "in", ["withdrawal.approve", "enrollment.refund"])
      .execute();
    // One refund, one audit row: the approval, with what the refund did.
    expect(audit.map((row) => row.action)).toEqual(["withdrawal.approve"]);
  });

  it("before the start: a full refund frees the seat for the queue", async () => {
    const sam = await student(BEFORE_START);
    await queued("next@example.com");
    expect((await askToLeave(sam.cookie, { kind: "leave", reason: "Changed plans" })).status).toBe(
      303,
    );
    const [request] = await withdrawals();
    expect(request!.rule).toBe("full_refund");
    expect((await ownerView(sam.id))!.freesSeat).toBe(true);
    const approved = await decide(sam.id, {
      intent: "withdrawal_approve",
      withdrawalId: request!.id,
      // The rule fixes the amount: what is typed does not change it.
      amount: "10",
    });
    expect(approved.status).toBe(303);
    expect((await withdrawals())[0]!.refund_cents).toBe(64_900);
    expect(await enrolled()).toBe(0);
    expect((await runOfferRound(services())).offered).toBe(1);
  });

  it("in week 3: the owner decides the amount, 0 to what was paid", async () => {
    const sam = await student(WEEK_3);
    const page = (await leavePageOf(sam.cookie)).body as { page: { todayRule: string } };
    expect(page.page.todayRule).toBe("owner_decides");
    await askToLeave(sam.cookie, { kind: "leave", reason: "Got a job already" });
    const [request] = await withdrawals();
    expect(request!.rule).toBe("owner_decides");
    const refund = vi.spyOn(services().payments, "refund");

    const approve = (amount?: string) =>
      decide(sam.id, {
        intent: "withdrawal_approve",
        withdrawalId: request!.id,
        ...(amount === undefined ? {} : { amount }),
      });
    // No amount, too much, not an amount: refused under the field, nothing changed.
    const none = await approve();
    expect(none.status).toBe(400);
    expect(errorsOf(none.body).amount).toEqual([leaveConsole.amountRequired]);
    const tooMuch = await approve("649.01");
    expect(tooMuch.status).toBe(400);
    expect(errorsOf(tooMuch.body).amount).toEqual([leaveConsole.amountTooHigh("$649")]);
    expect((await approve("lots")).status).toBe(400);
    expect(refund).not.toHaveBeenCalled();
    expect(await payment(sam.id)).toMatchObject({ status: "paid" });
    expect((await withdrawals())[0]!.status).toBe("requested");

    expect((await approve("300")).status).toBe(303);
    expect(refund).toHaveBeenCalledWith((await payment(sam.id)).session_id, 30_000);
    expect((await withdrawals())[0]).toMatchObject({ status: "approved", refund_cents: 30_000 });
    expect(await payment(sam.id)).toMatchObject({ status: "refunded" });
    const [decision] = await mail("withdrawal_approved");
    expect(decision!.text).toContain("refunded $300");
    expect(decision!.text).toContain("Rule that applied: Case by case (after week 2).");
    // Decided: a second approval changes nothing.
    expect((await approve("300")).status).toBe(409);
    expect(refund).toHaveBeenCalledTimes(1);
  });

  it("the 30-day promise: reviewed by the owner, approved with no refund", async () => {
    const sam = await student(WEEK_2);
    await askToLeave(sam.cookie, { kind: "promise", reason: "No interviews after 30 days" });
    const [request] = await withdrawals();
    expect(request).toMatchObject({ kind: "promise", rule: "promise_review" });
    const [received] = await mail("withdrawal_received");
    expect(received!.subject).toBe("We received your 30-day promise request");
    expect(received!.text).toContain("30-day promise (reviewed against attendance)");
    // What the owner reviews it against: week 1's session attended, week 2's missed, week 3's
    // still to come; week 1's 1-on-1 held.
    await attendanceOf(sam.id);
    const view = await ownerView(sam.id);
    expect(view!.attendance).toEqual({
      sessionsHeld: 2,
      sessionsAttended: 1,
      oneOnOnesOwed: 1,
      oneOnOnesHeld: 1,
      weeksEnded: 1,
    });
    expect(leaveConsole.followed(view!.attendance)).toContain(
      "1-on-1s held 1 of 1 owed so far (one for each week ended); group sessions attended 1 of 2 held.",
    );
    // Week 2's session was missed: the promise's proposal is nothing, and it says why.
    expect(view!.proposal).toEqual({ cents: 0, reason: "not_followed", weeksLeft: 5 });
    const refund = vi.spyOn(services().payments, "refund");
    const approved = await decide(sam.id, {
      intent: "withdrawal_approve",
      withdrawalId: request!.id,
      amount: "0",
      note: "Sessions were not attended.",
    });
    expect(approved.status).toBe(303);
    // Nothing to give back: the provider is not asked; the enrollment still ends.
    expect(refund).not.toHaveBeenCalled();
    expect((await withdrawals())[0]).toMatchObject({ status: "approved", refund_cents: 0 });
    expect(await payment(sam.id)).toMatchObject({ status: "refunded" });
    expect(await sessionsOf(sam.id)).toBe(0);
    const [decision] = await mail("withdrawal_approved");
    expect(decision!.text).toContain("no refund is due");
    expect(decision!.text).toContain("30-day promise");
  });

  it("counts the 1-on-1s owed (one a week ended), not those booked, and proposes by the policy", async () => {
    const sam = await student(WEEK_3);
    await askToLeave(sam.cookie, { kind: "leave", reason: "Leaving" });
    await attendanceOf(sam.id);
    // Week 3: weeks 1 and 2 have ended; one 1-on-1 was booked and held of the two owed.
    const week3 = await ownerView(sam.id);
    expect(week3!.attendance).toMatchObject({ oneOnOnesHeld: 1, oneOnOnesOwed: 2 });
    // Case by case: the share of the four weeks not yet ended, $649 x 4/6.
    expect(week3!.proposal).toEqual({ cents: 43_266, reason: "weeks_left", weeksLeft: 4 });
    expect(leaveConsole.proposal("weeks_left", "$432.66", 4)).toMatch(/4 of 6 weeks/);
    // After the programme all six are owed, whatever was booked.
    clock.set(new Date("2027-03-01T17:00:00Z"));
    await db().updateTable("sessions").set({ expires_at: "2099-01-01T00:00:00.000Z" }).execute();
    const after = await ownerView(sam.id);
    expect(leaveConsole.followed(after!.attendance)).toMatch(/^1-on-1s held 1 of 6 owed so far/);
    expect(after!.proposal).toEqual({ cents: 0, reason: "weeks_left", weeksLeft: 0 });
  });

  it("approving twice at once refunds once: the second is told it was decided", async () => {
    const { sam, request } = await leaving();
    // The provider is slow: both approvals are under way before either refund is recorded.
    const refund = vi
      .spyOn(services().payments, "refund")
      .mockImplementation(() => new Promise((resolve) => setTimeout(resolve, 100)));
    const fields = { intent: "withdrawal_approve", withdrawalId: request.id, amount: "300" };
    const answers = await Promise.all([decide(sam.id, fields), decide(sam.id, fields)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect((refused.body as { toast: { description: string } }).toast.description).toBe(
      leaveConsole.notOpen,
    );
    expect(refund).toHaveBeenCalledTimes(1);
    expect((await withdrawals())[0]).toMatchObject({ status: "approved", refund_cents: 30_000 });
    expect(await mail("withdrawal_approved")).toHaveLength(1);
    const audit = await db()
      .selectFrom("audit_log")
      .select("action")
      .where("action", "in", ["withdrawal.approve", "enrollment.refund"])
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("a refund the provider refuses leaves the request open and changes nothing", async () => {
    const { sam, request } = await leaving();
    const refund = vi
      .spyOn(services().payments, "refund")
      .mockRejectedValueOnce(new Error("card network down"));
    const fields = { intent: "withdrawal_approve", withdrawalId: request.id, amount: "300" };
    const failed = await decide(sam.id, fields);
    expect(failed.status).toBe(400);
    expect((failed.body as { toast: { description: string } }).toast.description).toBe(
      leaveConsole.providerFailed,
    );
    expect((await withdrawals())[0]).toMatchObject({
      status: "requested",
      decided_at: null,
      refund_cents: null,
    });
    expect(await payment(sam.id)).toMatchObject({ status: "paid" });
    expect(await mail("withdrawal_approved")).toHaveLength(0);
    // Tried again once the provider is back: approved.
    expect((await decide(sam.id, fields)).status).toBe(303);
    expect(refund).toHaveBeenCalledTimes(2);
    expect((await withdrawals())[0]).toMatchObject({ status: "approved", refund_cents: 30_000 });
  });

  const refundFromPage = (personId: string) =>
    decide(personId, { intent: "refund", reason: "moved", confirm: "yes" });

  it("a plain refund from the person page after the start keeps the seat taken", async () => {
    const sam = await student(WEEK_2);
    await queued("next@example.com");
    expect((await refundFromPage(sam.id)).status).toBe(303);
    expect(await payment(sam.id)).toMatchObject({ status: "refunded" });
    expect(await enrolled()).toBe(1);
    expect((await runOfferRound(services())).offered).toBe(0);
  });

  it("a plain refund from the person page before the start frees the seat", async () => {
    const sam = await student(BEFORE_START);
    await queued("next@example.com");
    expect((await refundFromPage(sam.id)).status).toBe(303);
    expect(await enrolled()).toBe(0);
    expect((await runOfferRound(services())).offered).toBe(1);
  });

  it("a plain refund from the person page closes the seat's open request to leave", async () => {
    const { sam, request } = await leaving();
    expect((await refundFromPage(sam.id)).status).toBe(303);
    const owner = await db().selectFrom("admin_users").select("id").executeTakeFirstOrThrow();
    expect((await withdrawals())[0]).toMatchObject({
      status: "approved",
      refund_cents: 64_900,
      decided_by_id: owner.id,
    });
    // Approving it afterwards refunds nothing more.
    const refund = vi.spyOn(services().payments, "refund");
    const again = await decide(sam.id, {
      intent: "withdrawal_approve",
      withdrawalId: request.id,
      amount: "300",
    });
    expect(again.status).toBe(409);
    expect(refund).not.toHaveBeenCalled();
    expect((await withdrawals())[0]).toMatchObject({ status: "approved", refund_cents: 64_900 });
  });

  it("one open request at a time: the second is refused, the index is the last guard", async () => {
    const sam = await student(WEEK_2);
    await askToLeave(sam.cookie, { kind: "leave", reason: "First" });
    const second = await askToLeave(sam.cookie, { kind: "promise", reason: "Second" });
    expect(second.status).toBe(409);
    expect(errorsOf(second.body)[""]).toEqual([words.alreadyOpen]);
    expect(await withdrawals()).toHaveLength(1);
    expect(await mail("withdrawal_received")).toHaveLength(1);
    const [open] = await withdrawals();
    await expect(
      db()
        .insertInto("withdrawals")
        .values({ ...open!, id: "another", status: "requested" })
        .execute(),
    ).rejects.toThrow();
  });

  it("a decline needs a note, keeps the seat and the portal, and lets the student ask again", async () => {
    const sam = await student(WEEK_3);
    await askToLeave(sam.cookie, { kind: "leave", reason: "Too busy" });
    const [request] = await withdrawals();
    const blank = await decide(sam.id, {
      intent: "withdrawal_decline",
      withdrawalId: request!.id,
      note: "  ",
    });
    expect(blank.status).toBe(400);
    expect(errorsOf(blank.body).note).toEqual([leaveConsole.noteRequired]);
    expect((await withdrawals())[0]!.status).toBe("requested");

    const declined = await decide(sam.id, {
      intent: "withdrawal_decline",
      withdrawalId: request!.id,
      note: "Let's talk first: reply to my email.",
    });
    expect(declined.status).toBe(303);
    expect((await withdrawals())[0]).toMatchObject({
      status: "declined",
      decision_note: "Let's talk first: reply to my email.",
      refund_cents: null,
    });
    expect(await payment(sam.id)).toMatchObject({ status: "paid" });
    expect(await sessionsOf(sam.id)).toBe(1);
    const [email] = await mail("withdrawal_declined");
    expect(email!.text).toContain("Rule that applied: Case by case (after week 2).");
    expect(email!.text).toContain("Let's talk first");
    const page = (await leavePageOf(sam.cookie)).body as {
      page: { request: { status: string; note: string } };
    };
    expect(page.page.request).toMatchObject({ status: "declined" });
    expect((await askToLeave(sam.cookie, { kind: "leave", reason: "Still leaving" })).status).toBe(
      303,
    );
    expect(await withdrawals()).toHaveLength(2);
  });

  it("bad input changes nothing", async () => {
    const sam = await student(WEEK_2);
    const bad: Record<string, string>[] = [
      { kind: "refund", reason: "x" },
      { kind: "leave", reason: "   " },
      { kind: "leave", reason: "x".repeat(1001) },
      { reason: "No kind" },
    ];
    for (const fields of bad) {
      const refused = await askToLeave(sam.cookie, fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
    }
    expect(await withdrawals()).toHaveLength(0);
    expect(await mail("withdrawal_received")).toHaveLength(0);
    expect(leaveRequestSchema.safeParse({ kind: "leave", reason: "x".repeat(1000) }).success).toBe(
      true,
    );
  });

  it("another student sees nothing of it and the owner cannot decide it from someone else's page", async () => {
    const sam = await student(WEEK_2);
    await askToLeave(sam.cookie, { kind: "leave", reason: "Private reason" });
    const [request] = await withdrawals();
    // Another paid student (capacity raised for them): their page has no request.
    await setCurrentCohort(db(), { capacity: 2 });
    const otherId = await person("other@example.com");
    clock.set(BEFORE_START);
    await pay(otherId, "other@example.com");
    clock.set(WEEK_2);
    const other = await portalCookie(services(), {
      role: "student",
      personId: otherId,
      email: "other@example.com",
      firstName: "Oli",
    });
    const theirs = await leavePageOf(other);
    expect(JSON.stringify(theirs.body)).not.toContain("Private reason");
    expect((theirs.body as { page: { request: unknown } }).page.request).toBeNull();
    // Sam's request decided on the other student's page: not theirs, nothing changes.
    const wrong = await decide(otherId, {
      intent: "withdrawal_approve",
      withdrawalId: request!.id,
    });
    expect(wrong.status).toBe(409);
    expect((await withdrawals())[0]!.status).toBe("requested");
    expect(await payment(sam.id)).toMatchObject({ status: "paid" });
    expect(await ownerView(otherId)).toBeNull();
  });
});

describe("a refund of part of a payment at Stripe", () => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(async () => {
    await fake.close();
  });

  it("sends the amount (a whole refund sends none), with a key per amount", async () => {
    const provider = stripeProvider(
      createStripeClient({ secretKey: "sk_test_123", apiBase: fake.url }),
    );
    const session = await provider.createCheckout({
      holdId: "hold-1",
      amountCents: 64_900,
      personId: null,
      email: "a@example.com",
      expiresAt: new Date(Date.now() + 3_600_000),
      successUrl: "http://localhost/ok",
      cancelUrl: "http://localhost/cancel",
    });
    fake.pay(session.id, "a@example.com");
    await provider.refund(session.id, 30_000);
    await provider.refund(session.id);
    await provider.refund(session.id, 20_000);
    await provider.refund(session.id, 30_000);
    const refunds = fake.requests.filter((request) => request.path === "/v1/refunds");
    expect(refunds.map((request) => request.form.get("amount"))).toEqual([
      "30000",
      null,
      "20000",
      "30000",
    ]);
    // A retry of a refund is the same request to Stripe; a refund of another amount is not.
    const keys = refunds.map((request) => request.idempotencyKey);
    expect(new Set(keys).size).toBe(3);
    expect(keys[3]).toBe(keys[0]);
  });
});

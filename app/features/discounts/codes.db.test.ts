import { describe, expect, it } from "vitest";
import { seatFixtures, setCurrentCohort } from "../../../tests/support/cohort";
import { callAction, formRequest, makeContext, unwrap } from "../../../tests/support/context";
import { testEngines } from "../../../tests/support/databases";
import { useOwnerConsole } from "../../../tests/support/owner-console";
import { applicantCookie } from "~/features/enrollment/applicant-cookie.server";
import { startCheckout } from "~/features/enrollment/seats.server";
import { fulfillPayment } from "~/features/enrollment/fulfillment.server";
import * as enrollPage from "~/features/enrollment/routes/enroll";
import * as confirmation from "~/features/enrollment/routes/payment-confirmation";
import * as codesPage from "./routes/codes";
import { codesConsole as t } from "./codes-console.words";
import { enrollCode } from "./codes.words";
import type { EnrollCode } from "./codes";
import { referralCodeFor, settleCredit } from "./referrals.server";
import { saveReferralSettings } from "./referral-settings.server";
import { CODE_TRIES_PER_15_MINUTES } from "./codes";

describe.each(testEngines())("promo codes, scholarships and referrals on $name", (engine) => {
  const owner = useOwnerConsole(engine, {
    seed: (t) => setCurrentCohort(t.services.db, { capacity: 10 }),
  });
  const services = () => owner.t.services;
  const db = () => services().db;
  const { person, pay } = seatFixtures(services, owner.clock);
  let ip = 0;
  const context = () => makeContext(services(), { visitorId: `v-${++ip}`, ip: `10.9.0.${ip}` });

  const create = (fields: Record<string, string>) =>
    owner.post(codesPage.action, "/admin/codes", { intent: "create", ...fields });
  const codeRows = () => db().selectFrom("promo_codes").selectAll().execute();
  const newCode = async (fields: Record<string, string>) => {
    const response = await create(fields);
    expect(response.status).toBe(303);
    const rows = await codeRows();
    return rows.sort((a, b) => b.created_at.localeCompare(a.created_at))[0]!;
  };
  const cookieFor = async (personId: string) =>
    (await applicantCookie(context(), personId)).split(";")[0]!;
  /** What /enroll shows for `?code=` to this applicant. */
  const shown = async (personId: string, code: string) => {
    const request = new Request(`http://localhost:3000/enroll?code=${encodeURIComponent(code)}`, {
      headers: { cookie: await cookieFor(personId) },
    });
    const result = await unwrap(await callAction(enrollPage.loader, request, context()));
    return (result.body as { code: EnrollCode }).code;
  };
  const enroll = async (personId: string, code?: string) =>
    unwrap(
      await callAction(
        enrollPage.action,
        formRequest("/enroll", code ? { code } : {}, { cookie: await cookieFor(personId) }),
        context(),
      ),
    );
  const holdOf = (personId: string) =>
    db()
      .selectFrom("seat_holds")
      .selectAll()
      .where("person_id", "=", personId)
      .where("status", "=", "held")
      .executeTakeFirstOrThrow();
  const payHold = async (personId: string, email: string) => {
    const hold = await holdOf(personId);
    return fulfillPayment(services(), services().payments, {
      sessionId: hold.session_id!,
      email,
      amountCents: hold.amount_cents!,
    });
  };
  const paymentOf = (personId: string) =>
    db().selectFrom("payments").selectAll().where("person_id", "=", personId).executeTakeFirst();

  it("the owner makes a code; bad input is refused with its message and makes nothing", async () => {
    const refusals: [Record<string, string>, string][] = [
      [{ kind: "percent", percent: "0" }, t.percentInvalid],
      [{ kind: "percent", percent: "101" }, t.percentInvalid],
      [{ kind: "amount", amount: "650" }, t.amountInvalid],
      [{ kind: "amount", amount: "" }, t.amountInvalid],
      [{ kind: "percent", percent: "10", prefix: "a-b" }, t.prefixInvalid],
      [{ kind: "percent", percent: "10", email: "not-an-address" }, t.emailInvalid],
      [{ kind: "percent", percent: "10", maxUses: "0" }, t.maxUsesInvalid(1000)],
      [{ kind: "percent", percent: "10", expires: "2026-11-21" }, t.expiresInvalid],
      [{ kind: "percent", percent: "10", cohortId: "no-such-cohort" }, t.cohortInvalid],
    ];
    for (const [fields, message] of refusals) {
      const response = await create(fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect((response.body as { toast: { description: string } }).toast.description).toBe(message);
    }
    expect(await codeRows()).toHaveLength(0);

    const row = await newCode({ kind: "percent", percent: "20", prefix: "spring", maxUses: "3" });
    expect(row.code).toMatch(/^SPRING-\w{5}-\w{5}$/);
    expect(row).toMatchObject({ kind: "percent", max_uses: 3, uses: 0, email: null });
    const audit = await db().selectFrom("audit_log").select("action").execute();
    expect(audit.map((a) => a.action)).toContain("code.create");
  });

  it("a code lowers the price on /enroll, the hold and the charge, and counts one use when paid", async () => {
    const { code } = await newCode({ kind: "percent", percent: "20" });
    const maya = await person("maya@example.com");
    expect(await shown(maya, code.toLowerCase().replaceAll("-", " "))).toMatchObject({
      kind: "applied",
      code,
      discountCents: 12_980,
      dueCents: 51_920,
    });
    expect(await shown(maya, "NOPE-NOPE")).toMatchObject({ kind: "refused", reason: "unknown" });

    const started = await enroll(maya, code);
    expect(started.status).toBe(303);
    const hold = await holdOf(maya);
    expect(hold).toMatchObject({ amount_cents: 51_920 });
    expect(hold.promo_code_id).not.toBeNull();
    expect((await payHold(maya, "maya@example.com")).kind).toBe("enrolled");
    expect(await paymentOf(maya)).toMatchObject({
      amount_cents: 51_920,
      discount_cents: 12_980,
      promo_code: code,
      status: "paid",
    });
    expect((await codeRows())[0]!.uses).toBe(1);
  });

  it("a bad code on Enroll holds nothing and says why", async () => {
    const maya = await person("maya@example.com");
    const refused = await enroll(maya, "WRONG-CODE1");
    expect(refused.status).toBe(409);
    expect((refused.body as { toast: { description: string } }).toast.description).toBe(
      enrollCode.refusals.unknown,
    );
    expect(await db().selectFrom("seat_holds").selectAll().execute()).toHaveLength(0);
    const { code } = await newCode({ kind: "amount", amount: "100", expires: "2026-11-25" });
    owner.clock.set(new Date("2026-11-26T12:00:00Z"));
    expect((await enroll(maya, code)).status).toBe(409);
    expect(await shown(maya, code)).toMatchObject({ kind: "refused", reason: "expired" });
    expect(await db().selectFrom("seat_holds").selectAll().execute()).toHaveLength(0);
  });

  it("a code limited to 3 uses is held by 3 of 6 buyers racing, and paid 3 times, never 4", async () => {
    const { code, id } = await newCode({ kind: "percent", percent: "50", maxUses: "3" });
    const buyers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async (n) => ({ id: await person(`b${n}@example.com`), n })),
    );
    const starts = await Promise.all(
      buyers.map((b) =>
        startCheckout(services(), services().payments, {
          personId: b.id,
          email: `b${b.n}@example.com`,
          visitorId: `v-${b.n}`,
          code,
        }),
      ),
    );
    expect(starts.filter((s) => s.kind === "redirect")).toHaveLength(3);
    expect(starts.filter((s) => s.kind === "code")).toEqual(
      Array(3).fill({ kind: "code", reason: "used_up" }),
    );
    const holding = buyers.filter((_, i) => starts[i]!.kind === "redirect");
    for (const b of holding) await payHold(b.id, `b${b.n}@example.com`);
    const used = await db().selectFrom("promo_codes").select("uses").where("id", "=", id).execute();
    expect(used[0]!.uses).toBe(3);
    const paidWithIt = await db()
      .selectFrom("payments")
      .select("id")
      .where("promo_code_id", "=", id)
      .where("status", "=", "paid")
      .execute();
    expect(paidWithIt).toHaveLength(3);
  });

  it("a payment that completes after its hold expired and the code's last use went is refunded", async () => {
    const { code } = await newCode({ kind: "amount", amount: "100", maxUses: "1" });
    const late = await person("late@example.com");
    const quick = await person("quick@example.com");
    await enroll(late, code);
    const lateHold = await holdOf(late);
    owner.clock.advance(41 * 60_000);
    await enroll(quick, code);
    await payHold(quick, "quick@example.com");
    const result = await fulfillPayment(services(), services().payments, {
      sessionId: lateHold.session_id!,
      email: "late@example.com",
      amountCents: 54_900,
    });
    expect(result.kind).toBe("refund_needed");
    expect(await paymentOf(late)).toMatchObject({
      status: "refunded",
      refund_reason: "code used up before the payment completed",
    });
    expect((await codeRows())[0]!.uses).toBe(1);
  });

  it("a full scholarship is for its holder only, and enrolls without a checkout", async () => {
    const { code } = await newCode({
      kind: "percent",
      percent: "100",
      email: "Scholar@Example.com",
      note: "State U career office",
    });
    const stranger = await person("stranger@example.com");
    expect(await shown(stranger, code)).toMatchObject({ kind: "refused", reason: "unknown" });
    const scholar = await person("scholar@example.com");
    expect(await shown(scholar, code)).toMatchObject({ kind: "applied", dueCents: 0 });

    const started = await enroll(scholar, code);
    const location = started.headers.get("location")!;
    expect(location).toMatch(/\/payment-confirmation\?session_id=cs_free_/);
    const request = new Request(location.replace(/^https?:\/\/[^/]+/, "http://localhost:3000"));
    const page = await unwrap(await callAction(confirmation.loader, request, context()));
    expect((page.body as { state: string }).state).toBe("paid");
    expect(await paymentOf(scholar)).toMatchObject({
      amount_cents: 0,
      discount_cents: 64_900,
      provider: "free",
      status: "paid",
    });
    const who = await db()
      .selectFrom("people")
      .select("status")
      .where("id", "=", scholar)
      .execute();
    expect(who[0]!.status).toBe("enrolled");
  });

  it("a referral code gives the friend the owner's discount and records the referrer's reward", async () => {
    await saveReferralSettings(
      db(),
      { friendDiscountCents: 5_000, referrerRewardCents: 7_500 },
      owner.clock.now().toISOString(),
    );
    const referrer = await person("ref@example.com");
    await pay(referrer, "ref@example.com");
    const code = await referralCodeFor(db(), referrer, owner.clock.now().toISOString());
    expect(await referralCodeFor(db(), referrer, owner.clock.now().toISOString())).toBe(code);
    // Their own code is not theirs to use.
    expect(await shown(referrer, code)).toMatchObject({ kind: "refused", reason: "unknown" });

    const friend = await person("friend@example.com");
    expect(await shown(friend, code)).toMatchObject({ kind: "applied", dueCents: 59_900 });
    await enroll(friend, code);
    await payHold(friend, "friend@example.com");
    const credits = await db().selectFrom("referral_credits").selectAll().execute();
    expect(credits).toMatchObject([
      {
        referrer_person_id: referrer,
        friend_person_id: friend,
        amount_cents: 7_500,
        status: "owed",
      },
    ]);

    const refundSpy: unknown[][] = [];
    const original = services().payments.refund;
    services().payments.refund = async (...args) => {
      refundSpy.push(args);
      return original(...args);
    };
    const first = settleCredit(services(), "owner@example.com", credits[0]!.id, "refund");
    const second = settleCredit(services(), "owner@example.com", credits[0]!.id, "refund");
    expect((await Promise.all([first, second])).sort()).toEqual(["not_owed", "refunded"]);
    expect(refundSpy).toHaveLength(1);
    expect(refundSpy[0]![1]).toBe(7_500);
  });

  it("counts each address's code tries: past the limit, a code is not even looked up", async () => {
    const { code } = await newCode({ kind: "percent", percent: "10" });
    const maya = await person("maya@example.com");
    const fixed = makeContext(services(), { visitorId: "v-fixed", ip: "10.9.9.9" });
    const look = async () => {
      const request = new Request(`http://localhost:3000/enroll?code=${code}`, {
        headers: { cookie: await cookieFor(maya) },
      });
      return (
        (await unwrap(await callAction(enrollPage.loader, request, fixed))).body as {
          code: EnrollCode;
        }
      ).code;
    };
    for (let i = 0; i < CODE_TRIES_PER_15_MINUTES; i++)
      expect((await look())?.kind).toBe("applied");
    expect(await look()).toMatchObject({ kind: "refused", reason: "rate_limited" });
  });
});

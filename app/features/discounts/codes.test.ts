import { describe, expect, it } from "vitest";
import { codeKey, codeRefusal, describeDiscount, newCode, type CodeTerms } from "./codes";
import { formatDollars } from "~/features/enrollment/pricing.words";

const terms = (over: Partial<CodeTerms> = {}): CodeTerms => ({
  discount: { kind: "percent", percentOff: 20 },
  cohortId: null,
  maxUses: null,
  expiresAt: null,
  email: null,
  referrerPersonId: null,
  disabled: false,
  ...over,
});
const buyer = { personId: "p1", email: "maya@example.com" };
const at = { cohortId: "c1", nowIso: "2026-12-01T12:00:00.000Z", reserved: 0 };

describe("promo codes", () => {
  it("look up the same whatever the case, spaces and dashes", () => {
    expect(codeKey(" spring-7k3mq 9txab ")).toBe("SPRING7K3MQ9TXAB");
    expect(codeKey("—")).toBe("");
  });

  it("are the prefix and ten unambiguous random characters", () => {
    const code = newCode("Spring!", (n) => Uint8Array.from({ length: n }, (_, i) => i * 7));
    expect(code).toMatch(/^SPRING-[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    expect(newCode("", (n) => new Uint8Array(n))).toBe("22222-22222");
  });

  it("may be used by anyone while on, unexpired, in their cohort and not used up", () => {
    expect(codeRefusal(terms(), buyer, at)).toBeNull();
    expect(codeRefusal(null, buyer, at)).toBe("unknown");
    expect(codeRefusal(terms({ disabled: true }), buyer, at)).toBe("unknown");
    expect(codeRefusal(terms({ expiresAt: at.nowIso }), buyer, at)).toBe("expired");
    expect(codeRefusal(terms({ cohortId: "c2" }), buyer, at)).toBe("other_cohort");
    expect(codeRefusal(terms({ maxUses: 3 }), buyer, { ...at, reserved: 2 })).toBeNull();
    expect(codeRefusal(terms({ maxUses: 3 }), buyer, { ...at, reserved: 3 })).toBe("used_up");
  });

  it("answers 'unknown' for someone else's scholarship and for a student's own referral code", () => {
    expect(codeRefusal(terms({ email: "MAYA@example.com" }), buyer, at)).toBeNull();
    expect(codeRefusal(terms({ email: "other@example.com" }), buyer, at)).toBe("unknown");
    expect(codeRefusal(terms({ referrerPersonId: "p1" }), buyer, at)).toBe("unknown");
    expect(codeRefusal(terms({ referrerPersonId: "p2" }), buyer, at)).toBeNull();
  });

  it("describe their discount", () => {
    expect(describeDiscount({ kind: "percent", percentOff: 20 }, formatDollars)).toBe("20% off");
    expect(describeDiscount({ kind: "amount", amountOffCents: 5_050 }, formatDollars)).toBe(
      "$50.50 off",
    );
  });
});

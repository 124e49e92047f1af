import { describe, expect, it } from "vitest";
import { TestCheckoutSchema } from "./checkout-form";

describe("the test checkout's form", () => {
  it("pays with a valid address, cancels without one, refuses the rest", () => {
    expect(TestCheckoutSchema.safeParse({ intent: "pay", email: "a@example.com" }).success).toBe(
      true,
    );
    expect(TestCheckoutSchema.safeParse({ intent: "cancel" }).success).toBe(true);
    expect(TestCheckoutSchema.safeParse({ intent: "pay", email: "nope" }).success).toBe(false);
    expect(TestCheckoutSchema.safeParse({ intent: "pay" }).success).toBe(false);
    expect(TestCheckoutSchema.safeParse({ intent: "refund", email: "a@example.com" }).success).toBe(
      false,
    );
  });
});

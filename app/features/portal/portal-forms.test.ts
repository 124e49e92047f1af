import { describe, expect, it } from "vitest";
import { portalSignInSchema } from "./portal-forms";

describe("portalSignInSchema", () => {
  it("takes an email to send a link to", () => {
    const parsed = portalSignInSchema.safeParse({ intent: "send_link", email: " a@b.co " });
    expect(parsed.success && parsed.data).toEqual({ intent: "send_link", email: "a@b.co" });
  });
  it("refuses an address that is not one, or too long", () => {
    expect(portalSignInSchema.safeParse({ intent: "send_link", email: "nope" }).success).toBe(
      false,
    );
    const long = `${"a".repeat(250)}@b.co`;
    expect(portalSignInSchema.safeParse({ intent: "send_link", email: long }).success).toBe(false);
  });
  it("refuses an unknown intent", () => {
    expect(portalSignInSchema.safeParse({ intent: "drop_tables" }).success).toBe(false);
  });
});

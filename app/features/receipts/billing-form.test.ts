import { describe, expect, it } from "vitest";
import { billingSchema, businessSchema, normalizeAddress } from "./billing-form";

describe("normalizeAddress", () => {
  it("keeps lines, trimmed and without blank ones, joined by LF", () => {
    expect(normalizeAddress("  1 Main  St \r\n\r\nSpringfield, IL\r\n")).toBe(
      "1 Main St\nSpringfield, IL",
    );
  });

  it("turns control characters into spaces", () => {
    expect(normalizeAddress("1 Main\u0000St\tApt 2")).toBe("1 Main St Apt 2");
  });
});

describe("billingSchema", () => {
  it("takes every field empty, each as null", () => {
    expect(billingSchema.safeParse({}).data).toEqual({
      payerName: null,
      organization: null,
      address: null,
    });
    expect(
      billingSchema.safeParse({ payerName: "  ", organization: "", address: " \n " }).data,
    ).toEqual({ payerName: null, organization: null, address: null });
  });

  it("keeps what was typed, one line for the names", () => {
    const parsed = billingSchema.safeParse({
      payerName: " Grace \n Lovelace ",
      organization: "State University",
      address: "Bursar's Office\r\n10 College Rd",
    });
    expect(parsed.data).toEqual({
      payerName: "Grace Lovelace",
      organization: "State University",
      address: "Bursar's Office\n10 College Rd",
    });
  });

  it("refuses text past its bound and an address of more than six lines", () => {
    const long = billingSchema.safeParse({ organization: "x".repeat(151) });
    expect(long.error?.issues[0]?.message).toBe("Please keep this under 150 characters");
    expect(billingSchema.safeParse({ payerName: "x".repeat(100) }).success).toBe(true);
    expect(billingSchema.safeParse({ payerName: "x".repeat(101) }).success).toBe(false);
    const lines = billingSchema.safeParse({ address: "a\nb\nc\nd\ne\nf\ng" });
    expect(lines.error?.issues[0]?.message).toBe("Please keep the address to 6 lines");
    expect(billingSchema.safeParse({ address: "a\nb\nc\nd\ne\nf" }).success).toBe(true);
    expect(billingSchema.safeParse({ address: "x".repeat(301) }).success).toBe(false);
  });
});

describe("businessSchema", () => {
  it("needs the legal name and the address", () => {
    const empty = businessSchema.safeParse({ legalName: " ", address: "" });
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual([
      "Please enter the business's legal name",
      "Please enter the business's postal address",
    ]);
  });

  it("keeps them normalized", () => {
    expect(
      businessSchema.safeParse({ legalName: " Scratch  LLC ", address: "1 Main St\r\nTown" }).data,
    ).toEqual({ legalName: "Scratch LLC", address: "1 Main St\nTown" });
  });

  it("refuses a name past 150 characters", () => {
    expect(businessSchema.safeParse({ legalName: "x".repeat(151), address: "a" }).success).toBe(
      false,
    );
  });
});

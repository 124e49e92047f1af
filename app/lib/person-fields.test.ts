import { describe, expect, it } from "vitest";
import { z } from "./zod";
import { validation } from "~/content/forms";
import { LINK_IN_NAME, personFields } from "./person-fields";

const schema = z.object(personFields(2026));
const base = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  university: "State University",
  graduationYear: "2027",
};

describe("names", () => {
  it.each([
    "Mary-Jane",
    "O'Neil",
    "Martin Luther King Jr.",
    "St. John",
    "José",
    "Zhang Wei",
    "A. B.",
  ])("accepts %s", (firstName) => {
    expect(schema.safeParse({ ...base, firstName }).success).toBe(true);
  });

  it.each([
    "http://evil.example",
    "Claim prize at https://x.y",
    "www.example",
    "evil.com",
    "visit bit.ly/abc",
    "ftp://files",
  ])("refuses a web address: %s", (lastName) => {
    const result = schema.safeParse({ ...base, lastName });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(validation.nameLink);
    expect(LINK_IN_NAME.test(lastName)).toBe(true);
  });
});

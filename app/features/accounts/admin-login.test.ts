import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { loginSchema, MAX_PASSWORD_LENGTH } from "./admin-login";

function parse(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [key, value] of Object.entries(fields)) formData.append(key, value);
  return parseWithZod(formData, { schema: loginSchema });
}

const errorsOf = (fields: Record<string, string>) => parse(fields).reply().error;

describe("admin login form", () => {
  it("needs both an email and a password", () => {
    const submission = parse({});
    expect(submission.reply().error).toEqual({
      email: ["Please enter your email"],
      password: ["Please enter your password"],
    });
    expect(errorsOf({ email: "  ", password: "" })).toEqual({
      email: ["Please enter your email"],
      password: ["Please enter your password"],
    });
  });

  it("needs a well-formed email", () => {
    expect(errorsOf({ email: "boss", password: "x" })).toEqual({
      email: ["Please enter a valid email address"],
    });
  });

  it("trims the email and keeps the password exactly as typed", () => {
    const submission = parse({ email: " boss@example.com ", password: " pass word " });
    expect(submission.status === "success" && submission.value).toEqual({
      email: "boss@example.com",
      password: " pass word ",
    });
  });

  it("refuses an absurdly long password before any hashing", () => {
    const submission = parse({ email: "a@b.co", password: "x".repeat(MAX_PASSWORD_LENGTH + 1) });
    expect(submission.reply().error?.password).toEqual(["This is too long"]);
  });
});

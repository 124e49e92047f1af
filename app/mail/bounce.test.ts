import { describe, expect, it } from "vitest";
import { isBounce, isPermanentFailure } from "./worker.server";

/** Errors as nodemailer raises them: the reply code, the command and the server's words. */
const smtpError = (responseCode: number, command: string, response: string) =>
  Object.assign(new Error(response), { responseCode, command, response });

describe("isBounce", () => {
  it("flags a mailbox refused at RCPT TO, or a 5.1.x reply at any step", () => {
    expect(isBounce(smtpError(550, "RCPT TO", "550 5.1.1 No such user"))).toBe(true);
    expect(isBounce(smtpError(553, "DATA", "553 5.1.3 Bad destination address"))).toBe(true);
  });

  it("flags nobody for our own problems or the message's", () => {
    expect(isBounce(smtpError(535, "AUTH PLAIN", "535 5.7.8 Authentication failed"))).toBe(false);
    expect(isBounce(smtpError(550, "MAIL FROM", "550 5.7.1 Sender not verified"))).toBe(false);
    expect(isBounce(smtpError(554, "DATA", "554 5.7.1 Message rejected as spam"))).toBe(false);
    // A temporary failure is retried, not a bounce.
    expect(isBounce(smtpError(450, "RCPT TO", "450 4.2.1 Mailbox busy"))).toBe(false);
    expect(isPermanentFailure(smtpError(450, "RCPT TO", "450"))).toBe(false);
  });
});

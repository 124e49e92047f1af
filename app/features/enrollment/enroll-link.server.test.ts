import { describe, expect, it } from "vitest";
import { readEnrollLink, signEnrollLink } from "./enroll-link.server";

const id = "0b7e6c2e-3f7a-4d55-9a64-2f1f4c1d9e01";
const now = new Date("2026-11-23T12:00:00Z");
/** A token as the code signed them before the spelling change (key label "fsts-link:enrol"). */
const PINNED =
  "0b7e6c2e-3f7a-4d55-9a64-2f1f4c1d9e01.1796644800.4bFFpr7Ff1wBdNsS6oXbLfI7Lmm6zGP4e6W12SWVb-o";
const later = (days: number) => new Date(now.getTime() + days * 86_400_000);

describe("enroll links", () => {
  it("are signed as links already emailed were: same secret, person and time, same token", () => {
    expect(signEnrollLink(["secret-a"], id, now)).toBe(PINNED);
    expect(readEnrollLink(["secret-a"], PINNED, later(1))).toBe(id);
  });

  it("reads back the person it was signed for, until it expires", () => {
    const token = signEnrollLink(["secret-a"], id, now);
    expect(readEnrollLink(["secret-a"], token, later(13))).toBe(id);
    expect(readEnrollLink(["secret-a"], token, later(14))).toBeNull();
  });

  it("refuses another secret, a changed person, a changed expiry and a changed signature", () => {
    const token = signEnrollLink(["secret-a"], id, now);
    expect(readEnrollLink(["secret-b"], token, now)).toBeNull();
    const [person, expires, signature] = token.split(".") as [string, string, string];
    const other = person.replace(/^0/, "1");
    expect(readEnrollLink(["secret-a"], `${other}.${expires}.${signature}`, now)).toBeNull();
    expect(
      readEnrollLink(["secret-a"], `${person}.${Number(expires) + 1}.${signature}`, now),
    ).toBeNull();
    const flipped = signature.replace(/^./, (c) => (c === "A" ? "B" : "A"));
    expect(readEnrollLink(["secret-a"], `${person}.${expires}.${flipped}`, now)).toBeNull();
    expect(readEnrollLink(["secret-a"], "not a token", now)).toBeNull();
  });

  it("still accepts a link signed with the previous secret after a rotation", () => {
    const token = signEnrollLink(["old"], id, now);
    expect(readEnrollLink(["new", "old"], token, now)).toBe(id);
  });
});

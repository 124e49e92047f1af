import { describe, expect, it, vi } from "vitest";
import { hasFlashToast, readCookie, siteCookies, writeCookie } from "./cookies.server";

const OLD = "o".repeat(40);
const NEW = "n".repeat(40);

const pair = (setCookie: string) => setCookie.split(";")[0]!;

describe("site cookies", () => {
  it("reads back what it wrote, httpOnly and SameSite=Lax, Secure only on https", async () => {
    const plain = await writeCookie([NEW], "visitor", "abc", false);
    expect(plain).toMatch(/^fsts_vid=/);
    expect(plain).toContain("HttpOnly");
    expect(plain).toContain("SameSite=Lax");
    expect(plain).not.toContain("Secure");
    expect(await writeCookie([NEW], "visitor", "abc", true)).toContain("Secure");
    expect(await readCookie([NEW], "visitor", pair(plain))).toBe("abc");
  });

  it("on https names every cookie __Host- (Secure, Path=/, no Domain) and reads only those", async () => {
    for (const purpose of ["visitor", "attribution", "applicant", "admin", "toast"] as const) {
      const secure = await writeCookie([NEW], purpose, "v", true);
      expect(secure).toMatch(/^__Host-fsts_/);
      expect(secure).toContain("Secure");
      expect(secure).toContain("Path=/");
      expect(secure).not.toMatch(/Domain=/i);
      expect(await readCookie([NEW], purpose, pair(secure), true)).toBe("v");
      // A cookie planted without the prefix (over http, or by a subdomain) is not read on https.
      const plain = pair(await writeCookie([NEW], purpose, "planted", false));
      expect(await readCookie([NEW], purpose, plain, true)).toBeNull();
    }
  });

  it("never accepts a value signed for another purpose", async () => {
    const visitor = pair(await writeCookie([NEW], "visitor", "token", false));
    const asAdmin = visitor.replace(/^fsts_vid=/, "fsts_admin=");
    expect(await readCookie([NEW], "admin", asAdmin)).toBeNull();
  });

  it("accepts cookies signed with a previous secret while it is listed, and not after", async () => {
    const signedOld = pair(await writeCookie([OLD], "admin", "token", false));
    expect(await readCookie([NEW, OLD], "admin", signedOld)).toBe("token");
    expect(await readCookie([NEW], "admin", signedOld)).toBeNull();
    // New cookies are signed with the newest secret.
    const signedNew = pair(await writeCookie([NEW, OLD], "admin", "token", false));
    expect(await readCookie([NEW], "admin", signedNew)).toBe("token");
  });

  it("refuses a tampered value and clears with Max-Age=0", async () => {
    const signed = pair(await writeCookie([NEW], "applicant", "person-1", false));
    const [value, signature] = signed.split(".");
    expect(await readCookie([NEW], "applicant", `${value}x.${signature}`)).toBeNull();
    expect(await writeCookie([NEW], "applicant", null, false)).toMatch(/Max-Age=0/);
  });

  it("verifies a Cookie header once, and the remembered answer is a copy", async () => {
    const header = pair(await writeCookie([NEW], "attribution", { source: "yt" }, false));
    const parse = vi.spyOn(siteCookies([NEW]).cookie("attribution"), "parse");
    const first = (await readCookie([NEW], "attribution", header)) as { source: string };
    first.source = "changed by a caller";
    expect(await readCookie([NEW], "attribution", header)).toEqual({ source: "yt" });
    expect(parse).toHaveBeenCalledTimes(1);
    // A tampered header is its own entry and stays refused, however often it is sent.
    const tampered = header.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect(await readCookie([NEW], "attribution", tampered)).toBeNull();
    expect(await readCookie([NEW], "attribution", tampered)).toBeNull();
    expect(parse).toHaveBeenCalledTimes(2);
    parse.mockRestore();
  });
});

describe("hasFlashToast", () => {
  it.each([
    ["fsts_toast=abc", true],
    ["fsts_vid=x; fsts_toast=abc", true],
    ["__Host-fsts_vid=x; __Host-fsts_toast=abc", true],
    [undefined, false],
    ["fsts_vid=x", false],
    ["other_fsts_toast=abc", false],
    ["fsts_vid=fsts_toast=", false],
  ])("%s: %s", (header, expected) => {
    expect(hasFlashToast(header)).toBe(expected);
  });
});

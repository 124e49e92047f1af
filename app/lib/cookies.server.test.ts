import { describe, expect, it, vi } from "vitest";
import {
  cookieValueOf,
  hasFlashToast,
  readCookie,
  siteCookies,
  VERIFIED_LIMIT,
  writeCookie,
} from "./cookies.server";

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

  it("verifies a cookie value once, and the remembered answer is a copy", async () => {
    const header = pair(await writeCookie([NEW], "attribution", { source: "yt" }, false));
    const parse = vi.spyOn(siteCookies([NEW]).cookie("attribution"), "parse");
    const first = (await readCookie([NEW], "attribution", header)) as { source: string };
    first.source = "changed by a caller";
    expect(await readCookie([NEW], "attribution", header)).toEqual({ source: "yt" });
    expect(parse).toHaveBeenCalledTimes(1);
    // A tampered value is its own entry and stays refused, however often it is sent.
    const tampered = header.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect(await readCookie([NEW], "attribution", tampered)).toBeNull();
    expect(await readCookie([NEW], "attribution", tampered)).toBeNull();
    expect(parse).toHaveBeenCalledTimes(2);
    parse.mockRestore();
  });
});

describe("finding 3: the verified-cookie cache is keyed by the one cookie, not the whole header", () => {
  const SECRET = "3".repeat(40);

  it("remembers one small entry for a cookie sent inside thousands of unique 14 KB headers", async () => {
    const visitor = pair(await writeCookie([SECRET], "visitor", "visitor-3", false));
    const cookies = siteCookies([SECRET]);
    const parse = vi.spyOn(cookies.cookie("visitor"), "parse");
    for (let i = 0; i < 3_003; i++) {
      const header = `junk${i}=${"x".repeat(14 * 1024)}; ${visitor}; more=${i}`;
      expect(await readCookie([SECRET], "visitor", header)).toBe("visitor-3");
    }
    expect(parse).toHaveBeenCalledTimes(1);
    parse.mockRestore();
    const held = [...cookies.verified.keys()].reduce((sum, key) => sum + key.length, 0);
    expect(cookies.verified.size).toBe(1);
    expect(held).toBeLessThan(100);
  });

  it("a header without the cookie costs no entry; forged values are bounded and least recent go first", async () => {
    const cookies = siteCookies([SECRET]);
    cookies.verified.clear();
    expect(await readCookie([SECRET], "visitor", `other=${"y".repeat(14 * 1024)}`)).toBeNull();
    expect(cookies.verified.size).toBe(0);
    const kept = pair(await writeCookie([SECRET], "visitor", "kept", false));
    expect(await readCookie([SECRET], "visitor", kept)).toBe("kept");
    for (let i = 0; i < VERIFIED_LIMIT + 5; i++) {
      // Each forged value is refused and remembered as refused, under a fixed-size key.
      await readCookie([SECRET], "visitor", `fsts_vid=${"z".repeat(1024)}${i}`);
      // The cookie in use stays the most recently used, so it is never the one to go.
      if (i % 1000 === 0) await readCookie([SECRET], "visitor", kept);
    }
    expect(cookies.verified.size).toBe(VERIFIED_LIMIT);
    const held = [...cookies.verified.keys()].reduce((sum, key) => sum + key.length, 0);
    expect(held).toBeLessThanOrEqual(VERIFIED_LIMIT * 60);
    const parse = vi.spyOn(cookies.cookie("visitor"), "parse");
    expect(await readCookie([SECRET], "visitor", `a=1; ${kept}`)).toBe("kept");
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    // 10,005 signature checks: about a second on a quiet machine, more on a busy one.
  }, 20_000);
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

describe("cookieValueOf", () => {
  it.each([
    ["a=1; fsts_vid=v; b=2", "v"],
    ["fsts_vid=first; fsts_vid=second", "first"],
    ["  fsts_vid = spaced ; x=1", "spaced"],
    ["fsts_vid=v; Path=/; HttpOnly", "v"],
    ["xfsts_vid=v", null],
    ["fsts_vid", null],
    [undefined, null],
  ])("%s: %s", (header, expected) => {
    expect(cookieValueOf(header, "fsts_vid")).toBe(expected);
  });
});

import { describe, expect, it } from "vitest";
import {
  DEFAULT_SCRYPT_PARAMS,
  DUMMY_HASH,
  hashPassword,
  passwordProblem,
  verifyAgainstDummy,
  verifyPassword,
} from "./passwords.server";

const SLOW = { timeout: 20_000 };

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one", SLOW, async () => {
    const hash = await hashPassword("correct horse battery");
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("salts: the same password gives different hash strings", SLOW, async () => {
    const [a, b] = await Promise.all([
      hashPassword("same password!"),
      hashPassword("same password!"),
    ]);
    expect(a).not.toBe(b);
    expect(await verifyPassword("same password!", a)).toBe(true);
    expect(await verifyPassword("same password!", b)).toBe(true);
  });

  it("stores the algorithm and its parameters in the hash, never the password", SLOW, async () => {
    const hash = await hashPassword("visible-or-not-123");
    expect(hash).toMatch(/^scrypt\$16384\$8\$5\$[\w-]{22}\$[\w-]{86}$/);
    expect(hash).not.toContain("visible-or-not-123");
  });

  it("verifies with the parameters stored in the hash", SLOW, async () => {
    const hash = await hashPassword("parameters matter");
    const [, , , , salt, key] = hash.split("$");
    const cheaper = `scrypt$16384$8$1$${salt}$${key}`;
    expect(cheaper).not.toBe(hash);
    expect(await verifyPassword("parameters matter", cheaper)).toBe(false);
  });

  it("refuses malformed hashes without throwing", SLOW, async () => {
    for (const bad of ["", "plain", "scrypt$1$2$3", "bcrypt$1$1$1$aa$bb", "scrypt$x$8$1$aa$bb"]) {
      expect(await verifyPassword("anything", bad)).toBe(false);
    }
  });

  it("the dummy check always fails and costs what a real check costs", SLOW, async () => {
    expect(await verifyAgainstDummy("whatever")).toBe(false);
    const { N, r, p } = DEFAULT_SCRYPT_PARAMS;
    expect(DUMMY_HASH.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true);
  });

  it("can hash with cheaper parameters (test fixtures) and still verifies", SLOW, async () => {
    const hash = await hashPassword("cheap fixture pw", { N: 1024, r: 8, p: 1 });
    expect(hash.startsWith("scrypt$1024$8$1$")).toBe(true);
    expect(await verifyPassword("cheap fixture pw", hash)).toBe(true);
  });

  it("needs at least 12 characters", () => {
    expect(passwordProblem("elevenchars")).toBe(
      "The password must be at least 12 characters long.",
    );
    expect(passwordProblem("twelve chars")).toBeNull();
  });
});

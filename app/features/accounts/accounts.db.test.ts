import { beforeEach, describe, expect, it, vi } from "vitest";
import { testEngines } from "../../../tests/support/databases";
import { useTestServices } from "../../../tests/support/suite";
import {
  AccountError,
  checkCredentials,
  createAccount,
  listAccounts,
  resetPassword,
} from "./accounts.server";
import * as passwords from "./passwords.server";

vi.mock("./passwords.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("./passwords.server")>();
  return { ...original, verifyAgainstDummy: vi.fn(original.verifyAgainstDummy) };
});

const NOW = new Date("2026-11-22T12:00:00Z");

describe.each(testEngines())("admin accounts on $name", (engine) => {
  const t = useTestServices(engine, { empty: ["sessions", "admin_users"] });
  beforeEach(() => {
    vi.mocked(passwords.verifyAgainstDummy).mockClear();
  });

  it("creates an account with a normalised email and an scrypt hash", async () => {
    const account = await createAccount(
      t.services.db,
      { email: "  Boss@Example.COM ", password: "correct horse battery", isAdmin: true },
      NOW,
    );
    expect(account).toMatchObject({ email: "boss@example.com", isAdmin: true });
    const row = await t.services.db.selectFrom("admin_users").selectAll().executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain("correct horse battery");
    expect(
      await checkCredentials(t.services.db, "BOSS@example.com", "correct horse battery"),
    ).toEqual({ ok: true, account });
    expect((await checkCredentials(t.services.db, "boss@example.com", "wrong")).ok).toBe(false);
  });

  it("refuses a duplicate email (in any case) with a clear message", async () => {
    await createAccount(
      t.services.db,
      { email: "boss@example.com", password: "correct horse battery", isAdmin: true },
      NOW,
    );
    await expect(
      createAccount(
        t.services.db,
        { email: "BOSS@example.com", password: "another long password", isAdmin: false },
        NOW,
      ),
    ).rejects.toThrow(
      new AccountError(
        "An account for boss@example.com already exists. Use reset-password instead.",
      ),
    );
    expect(await listAccounts(t.services.db)).toHaveLength(1);
  });

  it("refuses passwords shorter than 12 characters", async () => {
    await expect(
      createAccount(
        t.services.db,
        { email: "boss@example.com", password: "short", isAdmin: true },
        NOW,
      ),
    ).rejects.toThrow("The password must be at least 12 characters long.");
    expect(await listAccounts(t.services.db)).toEqual([]);
  });

  it("resets a password and ends the account's sessions", async () => {
    const account = await createAccount(
      t.services.db,
      { email: "boss@example.com", password: "old password 123", isAdmin: true },
      NOW,
    );
    await t.services.db
      .insertInto("sessions")
      .values({ id: "s1", admin_user_id: account.id, created_at: "x", expires_at: "9999" })
      .execute();
    await resetPassword(t.services.db, "Boss@example.com", "new password 456");
    expect((await checkCredentials(t.services.db, "boss@example.com", "old password 123")).ok).toBe(
      false,
    );
    expect((await checkCredentials(t.services.db, "boss@example.com", "new password 456")).ok).toBe(
      true,
    );
    expect(await t.services.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
    await expect(
      resetPassword(t.services.db, "nobody@example.com", "whatever long pw"),
    ).rejects.toThrow("No account exists for nobody@example.com.");
  });

  it("lists accounts with their admin flag and creation time", async () => {
    await createAccount(
      t.services.db,
      { email: "b@example.com", password: "correct horse battery", isAdmin: false },
      new Date("2026-11-23T00:00:00Z"),
    );
    await createAccount(
      t.services.db,
      { email: "a@example.com", password: "correct horse battery", isAdmin: true },
      NOW,
    );
    expect(
      (await listAccounts(t.services.db)).map(({ email, isAdmin, createdAt }) => ({
        email,
        isAdmin,
        createdAt,
      })),
    ).toEqual([
      { email: "a@example.com", isAdmin: true, createdAt: NOW.toISOString() },
      { email: "b@example.com", isAdmin: false, createdAt: "2026-11-23T00:00:00.000Z" },
    ]);
  });

  it("spends a dummy hash check on unknown emails, and only on them", async () => {
    await createAccount(
      t.services.db,
      { email: "boss@example.com", password: "correct horse battery", isAdmin: true },
      NOW,
    );
    expect(await checkCredentials(t.services.db, "nobody@example.com", "x")).toEqual({ ok: false });
    expect(passwords.verifyAgainstDummy).toHaveBeenCalledTimes(1);
    await checkCredentials(t.services.db, "boss@example.com", "wrong password");
    expect(passwords.verifyAgainstDummy).toHaveBeenCalledTimes(1);
  });
});

import { normaliseEmail } from "~/lib/person-fields";
import { randomUUID } from "node:crypto";
import type { DB } from "~/db/database.server";
import {
  hashPassword,
  passwordProblem,
  verifyAgainstDummy,
  verifyPassword,
} from "./passwords.server";

export interface AdminAccount {
  id: string;
  email: string;
  isAdmin: boolean;
  createdAt: string;
}

export class AccountError extends Error {}

function toAccount(row: { id: string; email: string; is_admin: number; created_at: string }) {
  return {
    id: row.id,
    email: row.email,
    isAdmin: Boolean(Number(row.is_admin)),
    createdAt: row.created_at,
  } satisfies AdminAccount;
}

export async function findAccount(db: DB, email: string) {
  return db
    .selectFrom("admin_users")
    .selectAll()
    .where("email", "=", normaliseEmail(email))
    .executeTakeFirst();
}

export async function createAccount(
  db: DB,
  input: { email: string; password: string; isAdmin: boolean },
  now: Date,
): Promise<AdminAccount> {
  const email = normaliseEmail(input.email);
  const problem = passwordProblem(input.password);
  if (problem) throw new AccountError(problem);
  if (await findAccount(db, email)) {
    throw new AccountError(`An account for ${email} already exists. Use reset-password instead.`);
  }
  const row = {
    id: randomUUID(),
    email,
    password_hash: await hashPassword(input.password),
    is_admin: input.isAdmin ? 1 : 0,
    created_at: now.toISOString(),
  };
  const inserted = await db
    .insertInto("admin_users")
    .values(row)
    .onConflict((oc) => oc.column("email").doNothing())
    .executeTakeFirst();
  // Another process may have created the same email between the check and the insert.
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
    throw new AccountError(`An account for ${email} already exists. Use reset-password instead.`);
  }
  return toAccount(row);
}

/** Sets a new password and ends every session of the account. */
export async function resetPassword(db: DB, email: string, password: string): Promise<void> {
  const problem = passwordProblem(password);
  if (problem) throw new AccountError(problem);
  const account = await findAccount(db, email);
  if (!account) throw new AccountError(`No account exists for ${normaliseEmail(email)}.`);
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("admin_users")
      .set({ password_hash: passwordHash })
      .where("id", "=", account.id)
      .execute();
    await trx.deleteFrom("sessions").where("admin_user_id", "=", account.id).execute();
  });
}

export async function listAccounts(db: DB): Promise<AdminAccount[]> {
  const rows = await db
    .selectFrom("admin_users")
    .select(["id", "email", "is_admin", "created_at"])
    .orderBy("created_at")
    .orderBy("email")
    .execute();
  return rows.map(toAccount);
}

export type CredentialCheck = { ok: true; account: AdminAccount } | { ok: false };

/**
 * Checks an email and password. Unknown emails cost the same hash work as a wrong password and
 * give the same answer, so neither the reply nor its timing tells whether an account exists.
 */
export async function checkCredentials(
  db: DB,
  email: string,
  password: string,
): Promise<CredentialCheck> {
  const row = await findAccount(db, email);
  if (!row) {
    await verifyAgainstDummy(password);
    return { ok: false };
  }
  return (await verifyPassword(password, row.password_hash))
    ? { ok: true, account: toAccount(row) }
    : { ok: false };
}

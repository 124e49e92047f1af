import { createHash, randomBytes, randomUUID } from "node:crypto";
import { writeCookie } from "../../app/lib/cookies.server";
import type { DB } from "../../app/db/database.server";
import { hashPassword } from "../../app/features/accounts/passwords.server";
import { newPerson } from "../../app/features/people/people.server";
import { reviewUploadRow } from "./rows";

/** Cheap scrypt parameters so fixtures do not spend the production cost on every login. */
const FIXTURE_PARAMS = { N: 1024, r: 8, p: 1 };

export async function insertAccount(
  db: DB,
  account: { email: string; password: string; isAdmin?: boolean },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("admin_users")
    .values({
      id,
      email: account.email,
      password_hash: await hashPassword(account.password, FIXTURE_PARAMS),
      is_admin: account.isAdmin === false ? 0 : 1,
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

/** A session row for an account, and the Cookie header ("name=value") that points at it. */
export async function sessionCookie(
  db: DB,
  secrets: string[],
  accountId: string,
  expiresAt: string,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("sessions")
    .values({
      id: createHash("sha256").update(token).digest("hex"),
      admin_user_id: accountId,
      created_at: new Date().toISOString(),
      expires_at: expiresAt,
    })
    .execute();
  return (await writeCookie(secrets, "admin", token, false)).split(";")[0]!;
}

/** "name=value" of the admin cookie in a Set-Cookie header, ready for a Cookie header. */
export function adminCookie(setCookie: string | null): string {
  const match = /(?:^|,\s*)(fsts_admin=[^;]*)/.exec(setCookie ?? "");
  if (!match) throw new Error(`no admin cookie in ${setCookie}`);
  return match[1]!;
}

/** The one Set-Cookie header of a response that sets the admin session cookie, or undefined. */
export function adminSetCookie(headers: Headers): string | undefined {
  return headers.getSetCookie().find((header) => /^(__Host-)?fsts_admin=/.test(header));
}

/** The cookies a browser sends after taking every Set-Cookie of a response (none cleared here). */
export function browserCookies(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .join("; ");
}

/** Runs a loader or action and turns a thrown Response (redirect) into its result. */
export async function settle<T>(run: Promise<T>): Promise<T | Response> {
  try {
    return await run;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

/** The guard fixture person's request to leave the programme. */
export const GUARD_WITHDRAWAL = "guard-withdrawal";

/** The person, upload and failed email that the admin route guard test points its pages at. */
export async function seedGuardFixtures(
  db: DB,
  ids: {
    person: string;
    upload: string;
    email: string;
    cohort: string;
    nextCohort: string;
    queueEntry: string;
    mentor: string;
    session?: string;
  },
) {
  const now = new Date().toISOString();
  await db.updateTable("cohorts").set({ is_current: 0 }).execute();
  for (const [id, current] of [
    [ids.cohort, 1],
    [ids.nextCohort, 0],
  ] as const) {
    await db
      .insertInto("cohorts")
      .values({
        id,
        start_date: current ? "2031-01-06" : "2031-06-02",
        capacity: 10,
        enrolled_count: 1,
        is_active: 1,
        is_current: current,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  await db
    .insertInto("people")
    .values(
      newPerson("guarded.person@example.com", now, {
        id: ids.person,
        first_name: "Guarded",
        last_name: "Person",
        university: "State",
        graduation_year: "2027",
        status: "waitlist",
      }),
    )
    .execute();
  await db
    .insertInto("uploads")
    .values(reviewUploadRow(ids.upload, ids.person, "guarded_person@example_com_1.docx", now))
    .execute();
  await db
    .insertInto("outbox")
    .values({
      id: ids.email,
      kind: "test",
      person_id: ids.person,
      to_address: "guarded.person@example.com",
      subject: "Guarded",
      html: "<p>x</p>",
      text: "x",
      status: "failed",
      attempts: 1,
      last_error: "550",
      send_after: now,
      locked_until: null,
      created_at: now,
      sent_at: null,
    })
    .execute();
  if (ids.session)
    await db
      .insertInto("group_sessions")
      .values({
        id: ids.session,
        cohort_id: ids.cohort,
        week: 1,
        starts_at: "2025-01-07T00:00:00.000Z",
        minutes: 60,
        topic: "Guard session",
        recording_url: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  await db
    .insertInto("waitlist_entries")
    .values({
      id: ids.queueEntry,
      cohort_id: ids.cohort,
      person_id: ids.person,
      position: 1,
      status: "waiting",
      hold_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto("payments")
    .values({
      id: "guard-payment",
      cohort_id: ids.cohort,
      hold_id: "guard-hold",
      person_id: ids.person,
      provider: "test",
      session_id: "guard-session",
      email: "guarded.person@example.com",
      amount_cents: 64_900,
      status: "paid",
      refund_reason: null,
      refunded_at: null,
      created_at: now,
    })
    .execute();
  await db
    .insertInto("withdrawals")
    .values({
      id: GUARD_WITHDRAWAL,
      person_id: ids.person,
      cohort_id: ids.cohort,
      payment_id: "guard-payment",
      kind: "leave",
      reason: "Guarded reason",
      rule: "full_refund",
      status: "requested",
      requested_at: now,
      decided_at: null,
      decided_by_id: null,
      decision_note: null,
      refund_cents: null,
    })
    .execute();
  await db
    .insertInto("mentors")
    .values({
      id: ids.mentor,
      email: "guarded.mentor@example.com",
      name: "Guarded Mentor",
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** The owner signed in: an admin account and the Cookie header of its session (an hour long). */
export async function ownerCookie(
  t: { services: { db: DB }; config: { sessionSecrets: string[] } },
  email = "boss@example.com",
): Promise<string> {
  const id = await insertAccount(t.services.db, { email, password: "x" });
  return sessionCookie(
    t.services.db,
    t.config.sessionSecrets,
    id,
    new Date(Date.now() + 3_600_000).toISOString(),
  );
}

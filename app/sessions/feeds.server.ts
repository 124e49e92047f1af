import { createHash, randomBytes } from "node:crypto";
import type { DB } from "~/db/database.server";
import type { CalendarOwner } from "./calendar.server";

/**
 * Private calendar feeds (decision 0041): /calendar/<token>.ics, a random 256-bit token of which
 * only the SHA-256 is stored. One live feed per person: issuing a new one deletes the old row in
 * the same transaction, so the old address answers 404 from then on.
 */
const hash = (token: string) => createHash("sha256").update(token).digest("hex");

/** What a feed token looks like (base64url of 32 bytes); anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const ownerColumn = (owner: CalendarOwner) =>
  owner.kind === "student"
    ? ({ column: "person_id", id: owner.personId } as const)
    : ({ column: "mentor_id", id: owner.mentorId } as const);

/** A new feed for the owner, replacing any other: returns its token (shown, never stored). */
export async function issueFeed(db: DB, owner: CalendarOwner, now: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const { column, id } = ownerColumn(owner);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("calendar_feeds").where(column, "=", id).execute();
    await trx
      .insertInto("calendar_feeds")
      .values({
        token_hash: hash(token),
        person_id: owner.kind === "student" ? owner.personId : null,
        mentor_id: owner.kind === "mentor" ? owner.mentorId : null,
        created_at: now.toISOString(),
        first_fetched_at: null,
        last_fetched_at: null,
      })
      .execute();
  });
  return token;
}

/**
 * The owner of a live feed token, its fetch recorded (first and last); null for an unknown or
 * dead token, or when its owner is no longer a student (no paid seat) or an active mentor.
 */
export async function fetchFeed(db: DB, token: string, now: Date): Promise<CalendarOwner | null> {
  if (!TOKEN.test(token)) return null;
  const tokenHash = hash(token);
  const feed = await db
    .selectFrom("calendar_feeds")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
  if (!feed) return null;
  let owner: CalendarOwner | null = null;
  if (feed.person_id) {
    const paid = await db
      .selectFrom("payments")
      .select("id")
      .where("person_id", "=", feed.person_id)
      .where("status", "=", "paid")
      .executeTakeFirst();
    if (paid) owner = { kind: "student", personId: feed.person_id };
  } else if (feed.mentor_id) {
    const mentor = await db
      .selectFrom("mentors")
      .select("id")
      .where("id", "=", feed.mentor_id)
      .where("is_active", "=", 1)
      .executeTakeFirst();
    if (mentor) owner = { kind: "mentor", mentorId: feed.mentor_id };
  }
  if (!owner) return null;
  const nowIso = now.toISOString();
  await db
    .updateTable("calendar_feeds")
    .set((eb) => ({
      first_fetched_at: eb.fn.coalesce("first_fetched_at", eb.val(nowIso)),
      last_fetched_at: nowIso,
    }))
    .where("token_hash", "=", tokenHash)
    .execute();
  return owner;
}

/** The owner's live feed, if any: when it was made and last fetched (never its token). */
export async function feedStatus(db: DB, owner: CalendarOwner) {
  const { column, id } = ownerColumn(owner);
  const feed = await db
    .selectFrom("calendar_feeds")
    .select(["created_at", "first_fetched_at", "last_fetched_at"])
    .where(column, "=", id)
    .executeTakeFirst();
  return feed
    ? {
        createdAt: feed.created_at,
        firstFetchedAt: feed.first_fetched_at,
        lastFetchedAt: feed.last_fetched_at,
      }
    : null;
}

/** The feed's address (https) and its subscription form (webcal). */
export function feedUrls(publicUrl: string, token: string) {
  const https = `${publicUrl}/calendar/${token}.ics`;
  return { https, webcal: https.replace(/^https?:/, "webcal:") };
}

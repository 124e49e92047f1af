import type { DB } from "~/db/database.server";
import type { CalendarOwner } from "./calendar.server";
import { feedToken, feedTokenHash as hash, newFeedSalt, shownFeedToken } from "./feed-token.server";
import { paidSeat } from "~/features/enrollment/seat-queries.server";

/**
 * Private calendar feeds (decisions 0041 and 0053): /calendar/<token>.ics. One live feed per
 * person; its token is derived from the row's salt with the server's secret, so the same address
 * is shown on every visit and serves all of a person's devices. Only "Reset link" replaces it.
 */

/** What a feed token looks like (base64url of 32 bytes); anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const ownerColumn = (owner: CalendarOwner) =>
  owner.kind === "student"
    ? ({ column: "person_id", id: owner.personId } as const)
    : ({ column: "mentor_id", id: owner.mentorId } as const);

function feedRow(owner: CalendarOwner, secret: string, now: Date) {
  const salt = newFeedSalt();
  return {
    token_hash: hash(feedToken(secret, salt)),
    salt,
    person_id: owner.kind === "student" ? owner.personId : null,
    mentor_id: owner.kind === "mentor" ? owner.mentorId : null,
    created_at: now.toISOString(),
    first_fetched_at: null,
    last_fetched_at: null,
  };
}

/** The owner's feed, made if they have none; a live one is kept as it is (one address). */
export async function openFeed(db: DB, owner: CalendarOwner, secret: string, now: Date) {
  const { column } = ownerColumn(owner);
  await db
    .insertInto("calendar_feeds")
    .values(feedRow(owner, secret, now))
    .onConflict((oc) => oc.column(column).doNothing())
    .execute();
}

/** "Reset link": a new salt, so a new address; the old one answers 404 from then on. */
export async function resetFeed(db: DB, owner: CalendarOwner, secret: string, now: Date) {
  const { column } = ownerColumn(owner);
  const row = feedRow(owner, secret, now);
  await db
    .insertInto("calendar_feeds")
    .values(row)
    .onConflict((oc) =>
      oc.column(column).doUpdateSet({
        token_hash: row.token_hash,
        salt: row.salt,
        created_at: row.created_at,
        first_fetched_at: null,
        last_fetched_at: null,
      }),
    )
    .execute();
}

/**
 * A student's feed goes for good with their seat (refund, withdrawal, erasure): the row and its
 * salt are deleted, so no later feed can answer to the old address.
 */
export async function revokeStudentFeed(trx: DB, personId: string) {
  await trx.deleteFrom("calendar_feeds").where("person_id", "=", personId).execute();
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
      .where("payments.person_id", "=", feed.person_id)
      .where(paidSeat)
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

/**
 * The owner's live feed, if any: its token to show (null for a feed whose address cannot be shown:
 * made before 0053, or under a secret no longer configured), when it was made and last fetched.
 */
export async function feedStatus(db: DB, owner: CalendarOwner, secrets: readonly string[]) {
  const { column, id } = ownerColumn(owner);
  const feed = await db
    .selectFrom("calendar_feeds")
    .select(["token_hash", "salt", "created_at", "first_fetched_at", "last_fetched_at"])
    .where(column, "=", id)
    .executeTakeFirst();
  return feed
    ? {
        token: shownFeedToken(secrets, feed),
        createdAt: feed.created_at,
        firstFetchedAt: feed.first_fetched_at,
        lastFetchedAt: feed.last_fetched_at,
      }
    : null;
}

/**
 * The feed's address (https), its subscription form (webcal: Apple Calendar, Outlook) and Google
 * Calendar's "add by URL" link, which takes the webcal form in its `cid`.
 */
export function feedUrls(publicUrl: string, token: string) {
  const https = `${publicUrl}/calendar/${token}.ics`;
  const webcal = https.replace(/^https?:/, "webcal:");
  const google = `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`;
  return { https, webcal, google };
}

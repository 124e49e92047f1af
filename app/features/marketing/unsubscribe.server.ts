import { randomUUID } from "node:crypto";
import { newsOnlyConsent } from "./marketing.words";
import type { DB } from "~/db/database.server";
import { newsOnlyChoice } from "./marketing";
import { stopSequences } from "./sequences.server";

/** 24 random bytes in base64url: anything else is not a token and never reaches the database. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;

export async function findByUnsubscribeToken(db: DB, token: string) {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  return db
    .selectFrom("people")
    .select(["id", "email", "marketing"])
    .where("unsubscribe_token", "=", token)
    .executeTakeFirst();
}

/**
 * Unsubscribes the person the token belongs to, at once: `all` stops every marketing email,
 * `news_only` keeps cohort news and stops the tips. Every nurture sequence stops for good, and
 * mail already queued is dropped when the worker comes to it. False for an unknown token
 * (nothing changes).
 */
export async function unsubscribe(
  db: DB,
  token: string,
  choice: "all" | "news_only",
  now: Date,
): Promise<boolean> {
  const person = await findByUnsubscribeToken(db, token);
  if (!person) return false;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("people")
      .set({
        marketing: choice === "all" ? "unsubscribed" : "cohort_news",
        marketing_changed_at: now.toISOString(),
      })
      .where("id", "=", person.id)
      .execute();
    // Narrowing tips to news needs no new consent; asking for news after a stop is one.
    if (choice === "news_only" && newsOnlyChoice(person.marketing).consent)
      await trx
        .insertInto("consents")
        .values({
          id: randomUUID(),
          person_id: person.id,
          given_at: now.toISOString(),
          source: newsOnlyConsent.source,
          wording: newsOnlyConsent.wording,
          mode: "opt-in",
        })
        .execute();
    await stopSequences(trx, person.id, "unsubscribed", now);
  });
  return true;
}

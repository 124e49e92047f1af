import { randomUUID } from "node:crypto";
import type { DB } from "../../app/db/database.server";
import { writeCookie } from "../../app/lib/cookies.server";
import { newPerson } from "../../app/people/people.server";

/**
 * Qualified applicants, each with the Cookie header their browser got when they qualified (the
 * signed applicant cookie): a checkout needs one, anonymous posts hold nothing.
 */
export async function qualifiedBuyers(
  db: DB,
  sessionSecret: string,
  count: number,
): Promise<string[]> {
  const now = new Date().toISOString();
  const people = Array.from({ length: count }, (_, i) =>
    newPerson(`bench-buyer-${i}-${randomUUID()}@example.com`, now, { status: "qualified" }),
  );
  for (let i = 0; i < people.length; i += 50) {
    await db
      .insertInto("people")
      .values(people.slice(i, i + 50))
      .execute();
  }
  return Promise.all(
    people.map(
      async (person) =>
        (await writeCookie([sessionSecret], "applicant", person.id, false)).split(";")[0]!,
    ),
  );
}

import { randomUUID } from "node:crypto";
import type { DB } from "../../app/db/database.server";
import { writeCookie } from "../../app/lib/cookies.server";
import { newPerson } from "../../app/features/people/people.server";

export interface Applicant {
  personId: string;
  email: string;
  /** The Cookie pair ("fsts_applicant=…") their browser got when they qualified. */
  cookie: string;
}

/**
 * Qualified applicants, each with the signed applicant cookie their browser got when they
 * qualified: a checkout needs one, anonymous posts hold nothing.
 */
export async function qualifiedApplicants(
  db: DB,
  sessionSecret: string,
  count: number,
  prefix = "bench-buyer",
): Promise<Applicant[]> {
  const now = new Date().toISOString();
  const people = Array.from({ length: count }, (_, i) =>
    newPerson(`${prefix}-${i}-${randomUUID()}@example.com`, now, {
      first_name: `Bench${i}`,
      status: "qualified",
    }),
  );
  for (let i = 0; i < people.length; i += 50) {
    await db
      .insertInto("people")
      .values(people.slice(i, i + 50))
      .execute();
  }
  return Promise.all(
    people.map(async (person) => ({
      personId: person.id,
      email: person.email,
      cookie: (await writeCookie([sessionSecret], "applicant", person.id, false)).split(";")[0]!,
    })),
  );
}

/** The Cookie headers of `count` qualified applicants (see qualifiedApplicants). */
export async function qualifiedBuyers(
  db: DB,
  sessionSecret: string,
  count: number,
): Promise<string[]> {
  return (await qualifiedApplicants(db, sessionSecret, count)).map((a) => a.cookie);
}

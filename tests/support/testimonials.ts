import type { Insertable } from "kysely";
import type { DB } from "../../app/db/database.server";
import type { OffersTable } from "../../app/db/programme-schema";
import type { seatScenario } from "./cohort";
import { portalCookie } from "./portal";
import { fromApplication } from "./outcome-moves";
import { offerRow } from "./rows";

/**
 * A paid student named `first last` with an offer in the current cohort (confirmed by the owner
 * unless `offer` says otherwise), and their portal cookie: who the testimonial tests ask.
 */
export async function studentWithOffer(
  s: ReturnType<typeof seatScenario>,
  first: string,
  last: string,
  offer: Partial<Insertable<OffersTable>> = {},
) {
  const email = `${first.toLowerCase()}@example.com`;
  const id = await s.person(email);
  await s.pay(id, email);
  await s
    .db()
    .updateTable("people")
    .set({ first_name: first, last_name: last })
    .where("id", "=", id)
    .execute();
  const row = offerRow(id, await s.cohortId(), s.clock.now().toISOString(), offer);
  const link = await fromApplication(s.db(), id, "offer", row.reported_at);
  await s
    .db()
    .insertInto("offers")
    .values({ ...row, ...link })
    .execute();
  const cookie = await portalCookie(s.services(), {
    role: "student",
    personId: id,
    email,
    firstName: first,
  } as never);
  return { id, email, offerId: row.id, cookie };
}

/** The person's testimonial row as stored. */
export const testimonialRow = (db: DB, personId: string) =>
  db
    .selectFrom("testimonials")
    .selectAll()
    .where("person_id", "=", personId)
    .executeTakeFirstOrThrow();

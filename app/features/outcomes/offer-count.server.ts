import type { DB, Trx } from "~/db/database.server";

/**
 * The one count of confirmed offers (all cohorts): the dashboard and /admin/testimonials (and the
 * home page's headline, when shown) read this, so they never disagree.
 */
export async function countConfirmedOffers(db: DB | Trx): Promise<number> {
  const row = await db
    .selectFrom("offers")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("confirmed_at", "is not", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

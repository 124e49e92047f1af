import type { DB } from "~/db/database.server";
import type { ExpressionBuilder } from "kysely";
import type { Database, PaymentStatus, QueueStatus } from "~/db/schema";
import type { Audience } from "./broadcast";
import { statusesReceiving } from "./marketing";
import { PAID_SEAT } from "~/features/enrollment/seat-queries.server";

/**
 * The people a broadcast goes to: those who may get its kind of marketing (never unsubscribed
 * or undeliverable addresses), narrowed by each filter set. The count on the page and the
 * queueing use this one query, so the number shown is the number queued.
 */
export function audienceQuery(db: DB, audience: Audience, currentCohortId?: string) {
  let query = db
    .selectFrom("people")
    .where("people.marketing", "in", statusesReceiving(audience.category))
    .where("people.undeliverable_at", "is", null);
  if (audience.status) query = query.where("people.status", "=", audience.status);
  if (audience.source) query = query.where("people.lead_source", "=", audience.source);
  // lead_magnets is a JSON array of resource keys; a key is quoted in it exactly once.
  if (audience.resource)
    query = query.where("people.lead_magnets", "like", `%"${audience.resource}"%`);
  if (audience.cohort) query = query.where(hasCohortRow("payments", audience.cohort, [PAID_SEAT]));
  if (audience.waitlist) {
    const cohort = currentCohortId ?? "";
    query = query.where(hasCohortRow("waitlist_entries", cohort, ["waiting", "offered"]));
  }
  return query;
}

/** People with a row of theirs in `table` for this cohort, in one of these statuses. */
function hasCohortRow(
  table: "payments" | "waitlist_entries",
  cohortId: string,
  statuses: readonly (PaymentStatus | QueueStatus)[],
) {
  return ({ exists, selectFrom }: ExpressionBuilder<Database, "people">) =>
    exists(
      selectFrom(table)
        .select(`${table}.id`)
        .whereRef(`${table}.person_id`, "=", "people.id")
        .where(`${table}.cohort_id`, "=", cohortId)
        .where(`${table}.status`, "in", statuses),
    );
}

export async function currentCohortId(db: DB): Promise<string | undefined> {
  const row = await db
    .selectFrom("cohorts")
    .select("id")
    .where("is_current", "=", 1)
    .executeTakeFirst();
  return row?.id;
}

export async function countAudience(db: DB, audience: Audience): Promise<number> {
  const row = await audienceQuery(db, audience, await currentCohortId(db))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The choices of the audience form: cohorts by start date, sources seen on people. */
export async function audienceChoices(db: DB) {
  const cohorts = await db
    .selectFrom("cohorts")
    .select(["id", "start_date"])
    .orderBy("created_at")
    .execute();
  const sources = await db
    .selectFrom("people")
    .select("lead_source")
    .distinct()
    .orderBy("lead_source")
    .limit(200)
    .execute();
  return { cohorts, sources: sources.map((row) => row.lead_source) };
}

import type { DB } from "~/db/database.server";
import { parseJsonColumn, personFirstTouch, personLastTouch } from "~/db/json-columns.server";
import {
  aggregateAttribution,
  type AttributionEvent,
  type Dimension,
  type Touch,
} from "~/domain/attribution";

/** Both queries join the person for the touches that brought them. */
const TOUCH_COLUMNS = ["people.first_touch", "people.last_touch"] as const;

function touchesOf(row: { first_touch: string | null; last_touch: string | null }) {
  return {
    first: parseJsonColumn(personFirstTouch, row.first_touch),
    last: parseJsonColumn(personLastTouch, row.last_touch),
  };
}

/**
 * The period's leads, applications, qualified applicants, enrollments and revenue, credited to the
 * first or last touch that brought each person (so by video id, rep code, campaign or source).
 */
export async function attributionReport(
  db: DB,
  period: { from: string; to: string },
  touch: Touch,
  dimension: Dimension,
) {
  const start = `${period.from}T00:00:00.000Z`;
  const end = `${period.to}T23:59:59.999Z`;
  const submissions = await db
    .selectFrom("submissions")
    .innerJoin("people", "people.id", "submissions.person_id")
    .select(["submissions.type", "submissions.status", "submissions.person_id", ...TOUCH_COLUMNS])
    .where("submissions.created_at", ">=", start)
    .where("submissions.created_at", "<=", end)
    .execute();
  const payments = await db
    .selectFrom("payments")
    .innerJoin("people", "people.id", "payments.person_id")
    .select(["payments.amount_cents", "payments.person_id", ...TOUCH_COLUMNS])
    .where("payments.status", "=", "paid")
    .where("payments.created_at", ">=", start)
    .where("payments.created_at", "<=", end)
    .execute();

  const events: AttributionEvent[] = [];
  for (const s of submissions) {
    const touches = { personId: s.person_id, ...touchesOf(s) };
    if (s.type === "lead_magnet") events.push({ kind: "lead", ...touches });
    else {
      events.push({ kind: "application", ...touches });
      if (s.status === "qualified") events.push({ kind: "qualified", ...touches });
    }
  }
  for (const p of payments) {
    events.push({
      kind: "enrollment",
      personId: p.person_id ?? "",
      ...touchesOf(p),
      revenueCents: Number(p.amount_cents),
    });
  }
  return aggregateAttribution(events, touch, dimension);
}

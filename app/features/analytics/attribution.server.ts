import type { DB } from "~/db/database.server";
import { keptByPayment, REVENUE_STATUSES } from "~/features/enrollment/figures.server";
import { PAID_SEAT } from "~/features/enrollment/seat-queries.server";
import {
  parseJsonColumn,
  paymentLastTouch,
  personFirstTouch,
  personLastTouch,
  submissionUtm,
} from "~/db/json-columns.server";
import type { Utm } from "./utm";
import {
  aggregateAttribution,
  type AttributionEvent,
  type Dimension,
  type Touch,
} from "./attribution";

/** Both queries join the person for the touches that brought them. */
const TOUCH_COLUMNS = ["people.first_touch", "people.last_touch"] as const;

function touchesOf(row: { first_touch: string | null; last_touch: string | null }) {
  return {
    first: parseJsonColumn(personFirstTouch, row.first_touch),
    last: parseJsonColumn(personLastTouch, row.last_touch),
  };
}

/** A touch with no tag at all is none. */
const tagged = (utm: Utm | null): Utm | null => (utm && Object.keys(utm).length > 0 ? utm : null);

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
    .select([
      "submissions.type",
      "submissions.status",
      "submissions.person_id",
      "submissions.utm",
      ...TOUCH_COLUMNS,
    ])
    .where("submissions.created_at", ">=", start)
    .where("submissions.created_at", "<=", end)
    .execute();
  const payments = await db
    .selectFrom("payments")
    .innerJoin("people", "people.id", "payments.person_id")
    .select([
      "payments.id",
      "payments.status",
      "payments.person_id",
      "payments.last_touch as paid_touch",
      ...TOUCH_COLUMNS,
    ])
    .where("payments.status", "in", REVENUE_STATUSES)
    .where("payments.created_at", ">=", start)
    .where("payments.created_at", "<=", end)
    .execute();

  const events: AttributionEvent[] = [];
  // The last touch of a step is the last tagged visit before it: the tags the submission was made
  // with, the person's last touch as it stood at payment; a later visit never takes the credit.
  for (const s of submissions) {
    const person = touchesOf(s);
    const touches = {
      personId: s.person_id,
      first: person.first,
      last: tagged(parseJsonColumn(submissionUtm, s.utm)),
    };
    if (s.type === "lead_magnet") events.push({ kind: "lead", ...touches });
    else {
      events.push({ kind: "application", ...touches });
      if (s.status === "qualified") events.push({ kind: "qualified", ...touches });
    }
  }
  // Revenue is what each payment kept, net of refunds (the one count, `keptByPayment`): a seat
  // refunded in part still brings in what it kept, though it is no longer an enrollment.
  const kept = await keptByPayment(
    db,
    payments.map((p) => p.id),
  );
  for (const p of payments) {
    const revenueCents = kept.get(p.id) ?? 0;
    if (p.status !== PAID_SEAT && revenueCents === 0) continue;
    events.push({
      kind: p.status === PAID_SEAT ? "enrollment" : "kept",
      personId: p.person_id ?? "",
      first: touchesOf(p).first,
      // Payments from before the snapshot existed fall back to the person's last touch.
      last:
        p.paid_touch === null
          ? touchesOf(p).last
          : tagged(parseJsonColumn(paymentLastTouch, p.paid_touch)),
      revenueCents,
    });
  }
  return aggregateAttribution(events, touch, dimension);
}

import { sql } from "kysely";
import type { DB } from "../../../app/db/database.server";

interface Snapshot {
  capacity: number;
  paid: number;
  enrolled: number;
  held: number;
  waiting: number;
  /** The most open offers any one person holds (more than one would be a duplicate offer). */
  offersPerPerson: number;
}

/** The cohort's seats in one statement, so the numbers are one consistent view. */
export async function snapshot(db: DB): Promise<Snapshot> {
  const now = new Date().toISOString();
  const { rows } = await sql<Record<keyof Snapshot, number | string>>`
    select c.capacity as capacity, c.enrolled_count as enrolled,
      (select count(*) from payments p where p.cohort_id = c.id and p.status = 'paid') as paid,
      (select count(*) from seat_holds h
        where h.cohort_id = c.id and h.status = 'held' and h.expires_at > ${now}) as held,
      (select count(*) from waitlist_entries w
        where w.cohort_id = c.id and w.status = 'waiting') as waiting,
      (select coalesce(max(n), 0) from (select count(*) as n from seat_holds o
        where o.kind = 'offer' and o.status = 'held' and o.expires_at > ${now}
        group by o.person_id) as live) as "offersPerPerson"
    from cohorts c where c.is_current = 1`.execute(db);
  const row = rows[0]!;
  return {
    capacity: Number(row.capacity),
    paid: Number(row.paid),
    enrolled: Number(row.enrolled),
    held: Number(row.held),
    waiting: Number(row.waiting),
    offersPerPerson: Number(row.offersPerPerson),
  };
}

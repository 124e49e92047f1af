import type { DB, Trx } from "~/db/database.server";
import { randomBytes, randomUUID } from "node:crypto";
import { sql, type Insertable } from "kysely";
import type { PeopleTable } from "~/db/schema";
import type { PersonStatus } from "~/features/applications/application-outcome";
import { DIRECT, leadSourceOf, type Attribution } from "~/features/analytics/utm";

export interface PersonInput {
  email: string;
  firstName: string;
  lastName: string;
  university: string;
  graduationYear: string;
}

/**
 * One person per normalised email across every flow: creates them as a lead, or refreshes the
 * profile (unless `keepProfile`: the post did not prove it is theirs). First touch is kept from
 * the first visit; a 'direct' lead source is upgraded once a tagged visit is seen. The upsert
 * locks the row, so one person's submissions run one at a time.
 */
export async function upsertPerson(
  trx: Trx,
  person: PersonInput,
  attribution: Attribution | null,
  now: string,
  options: { keepProfile?: boolean } = {},
): Promise<{ id: string; status: PersonStatus; firstName: string }> {
  const source = leadSourceOf(attribution?.first ?? attribution?.last);
  const lastTouch = attribution ? JSON.stringify(attribution.last) : null;
  const row = await trx
    .insertInto("people")
    .values(
      newPerson(person.email, now, {
        first_name: person.firstName,
        last_name: person.lastName,
        university: person.university,
        graduation_year: person.graduationYear,
        lead_source: source,
        first_touch: attribution ? JSON.stringify(attribution.first) : null,
        last_touch: lastTouch,
      }),
    )
    .onConflict((oc) =>
      oc.column("email").doUpdateSet((eb) =>
        // A post that has not proven it speaks for this person (identity.server.ts) keeps the
        // profile as it is: name, university, year and touches.
        options.keepProfile
          ? { updated_at: eb.ref("excluded.updated_at") }
          : {
              // An enrolled student's profile is theirs: no later form can rewrite it.
              first_name: sql<string>`case when people.status = 'enrolled' then people.first_name else excluded.first_name end`,
              last_name: sql<string>`case when people.status = 'enrolled' then people.last_name else excluded.last_name end`,
              university: sql<string>`case when people.status = 'enrolled' then people.university else excluded.university end`,
              graduation_year: sql<string>`case when people.status = 'enrolled' then people.graduation_year else excluded.graduation_year end`,
              first_touch: sql<string | null>`coalesce(people.first_touch, excluded.first_touch)`,
              last_touch: sql<string | null>`coalesce(excluded.last_touch, people.last_touch)`,
              lead_source: sql<string>`case when people.lead_source = 'direct' then excluded.lead_source else people.lead_source end`,
              updated_at: eb.ref("excluded.updated_at"),
            },
      ),
    )
    .returning(["id", "status", "first_name"])
    .executeTakeFirstOrThrow();
  return { id: row.id, status: row.status, firstName: row.first_name };
}

/** A status change: current status, last update, a history entry; the status index follows. */
export async function changeStatus(
  trx: Trx,
  personId: string,
  status: PersonStatus,
  reason: string,
  now: string,
) {
  await trx
    .updateTable("people")
    .set({ status, updated_at: now })
    .where("id", "=", personId)
    .execute();
  await trx
    .insertInto("status_history")
    .values({ person_id: personId, status, reason, at: now })
    .execute();
}

export async function listPeopleByStatus(db: DB, status: PersonStatus) {
  return db
    .selectFrom("people")
    .select(["id", "email", "updated_at"])
    .where("status", "=", status)
    .orderBy("updated_at", "desc")
    .execute();
}

export async function findPersonById(db: DB, personId: string) {
  return db.selectFrom("people").selectAll().where("id", "=", personId).executeTakeFirst();
}

export async function findPersonByEmail(db: DB, email: string) {
  return db.selectFrom("people").selectAll().where("email", "=", email).executeTakeFirst();
}

/** A person's status changes, oldest first. */
export async function statusHistory(db: DB, personId: string) {
  return db
    .selectFrom("status_history")
    .select(["status", "reason", "at"])
    .where("person_id", "=", personId)
    .orderBy("id")
    .execute();
}

/** The key of a person's unsubscribe link: 24 random bytes, URL-safe, never derived from data. */
export function newUnsubscribeToken(): string {
  return randomBytes(24).toString("base64url");
}

/** A new person's row: a lead with empty lists, known only by email until a form says more. */
export function newPerson(
  email: string,
  now: string,
  fields: Partial<Insertable<PeopleTable>> = {},
) {
  return {
    id: randomUUID(),
    email,
    first_name: "",
    last_name: "",
    university: "",
    graduation_year: "",
    status: "lead",
    lead_source: DIRECT,
    tags: "[]",
    lead_magnets: "[]",
    first_touch: null,
    last_touch: null,
    last_lead_magnet_type: null,
    last_lead_magnet_at: null,
    marketing: "none",
    marketing_changed_at: null,
    unsubscribe_token: newUnsubscribeToken(),
    undeliverable_at: null,
    undeliverable_reason: null,
    created_at: now,
    updated_at: now,
    ...fields,
  } satisfies Insertable<PeopleTable>;
}

/** The person paying: known by email, or created with only the email the checkout collected. */
export async function ensurePersonByEmail(
  trx: Trx,
  email: string,
  now: string,
): Promise<{ id: string; first_name: string; status: string }> {
  await trx
    .insertInto("people")
    .values(newPerson(email, now))
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
  return trx
    .selectFrom("people")
    .select(["id", "first_name", "status"])
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
}

/** A person's lead source as stored (their first tagged arrival); `fallback` while it is direct. */
export async function leadSourceOfPerson(db: DB, personId: string, fallback: string) {
  const row = await db
    .selectFrom("people")
    .select("lead_source")
    .where("id", "=", personId)
    .executeTakeFirst();
  return row && row.lead_source !== DIRECT ? row.lead_source : fallback;
}

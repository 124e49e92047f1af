import { sql } from "kysely";
import type { DB } from "~/db/database.server";
import { parseJsonColumn, personLeadMagnets, personTags } from "~/db/json-columns.server";
import type { PeopleTable } from "~/db/schema";
import type { PersonStatus } from "~/features/applications/application-outcome";

export const PAGE_SIZE = 25;

export interface PeopleFilter {
  q?: string;
  status?: PersonStatus;
  tag?: string;
  leadSource?: string;
  resource?: string;
  /** Calendar dates, inclusive, on the person's creation date (UTC). */
  from?: string;
  to?: string;
  page?: number;
}

const PERSON_COLUMNS = [
  "id",
  "email",
  "first_name",
  "last_name",
  "university",
  "graduation_year",
  "status",
  "lead_source",
  "tags",
  "lead_magnets",
  "created_at",
  "updated_at",
] as const;

type ListedColumns = Pick<PeopleTable, (typeof PERSON_COLUMNS)[number]>;

/** A person as the list and the CSV show them, with their lists read. */
export type PersonRow = Omit<ListedColumns, "tags" | "lead_magnets"> & {
  tags: string[];
  lead_magnets: string[];
};

function toPersonRow(row: ListedColumns): PersonRow {
  return {
    ...row,
    tags: parseJsonColumn(personTags, row.tags),
    lead_magnets: parseJsonColumn(personLeadMagnets, row.lead_magnets),
  };
}

// LIKE escapes differ between SQLite and PostgreSQL, so patterns are not escaped: a % or _ typed
// into the admin search acts as a wildcard, which only ever widens an admin's own search.
function filtered(db: DB, filter: PeopleFilter) {
  let query = db.selectFrom("people");
  if (filter.q) {
    const pattern = `%${filter.q.trim().toLowerCase()}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["email"]), "like", pattern),
        eb(sql<string>`lower(first_name || ' ' || last_name)`, "like", pattern),
        eb(eb.fn("lower", ["university"]), "like", pattern),
      ]),
    );
  }
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.leadSource) query = query.where("lead_source", "=", filter.leadSource);
  // tags and lead magnets are JSON arrays of plain identifiers: match the quoted element.
  if (filter.tag) query = query.where("tags", "like", `%${JSON.stringify(filter.tag)}%`);
  if (filter.resource)
    query = query.where("lead_magnets", "like", `%${JSON.stringify(filter.resource)}%`);
  if (filter.from) query = query.where("created_at", ">=", `${filter.from}T00:00:00.000Z`);
  if (filter.to) query = query.where("created_at", "<=", `${filter.to}T23:59:59.999Z`);
  return query;
}

/** One page of people, newest first, with the total for the filter. */
export async function searchPeople(db: DB, filter: PeopleFilter) {
  const page = Math.max(1, filter.page ?? 1);
  const [rows, total] = await Promise.all([
    filtered(db, filter)
      .select(PERSON_COLUMNS)
      .orderBy("created_at", "desc")
      .orderBy("id")
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  const count = Number(total.n);
  return {
    rows: rows.map(toPersonRow),
    total: count,
    page,
    pages: Math.max(1, Math.ceil(count / PAGE_SIZE)),
  };
}

/** Every person matching the filter, for the CSV export. */
export async function allPeople(db: DB, filter: PeopleFilter): Promise<PersonRow[]> {
  const rows = await filtered(db, filter)
    .select(PERSON_COLUMNS)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map(toPersonRow);
}

export const CSV_HEADER = [
  "email",
  "first name",
  "last name",
  "university",
  "graduation year",
  "status",
  "lead source",
  "tags",
  "lead magnets",
  "created",
  "updated",
] as const;

export function csvRow(person: PersonRow): string[] {
  return [
    person.email,
    person.first_name,
    person.last_name,
    person.university,
    person.graduation_year,
    person.status,
    person.lead_source,
    person.tags.join(" "),
    person.lead_magnets.join(" "),
    person.created_at,
    person.updated_at,
  ];
}

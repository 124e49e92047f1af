import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { Engine } from "../migrations.server";

/** What the migrations say about a column beyond its name and type. */
type ColumnOptions = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

export const notNull: ColumnOptions = (c) => c.notNull();
export const primaryKey: ColumnOptions = (c) => c.primaryKey();

/** The person a row belongs to: erasing the person deletes the row with them. */
export const personId: ColumnOptions = (c) =>
  c.notNull().references("people.id").onDelete("cascade");

/** A numeric id the database counts up: PostgreSQL's serial, SQLite's integer autoincrement. */
export function serialId(engine: Engine) {
  return {
    type: engine === "postgres" ? ("serial" as const) : ("integer" as const),
    options: ((c) =>
      engine === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()) as ColumnOptions,
  };
}

/** A plain index on `table` over `columns`, in that order. */
export async function addIndex(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: string[],
): Promise<void> {
  await db.schema.createIndex(name).on(table).columns(columns).execute();
}

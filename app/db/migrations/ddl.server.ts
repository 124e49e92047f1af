import type { ColumnDataType, ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from "kysely";
import type { Engine } from "../migrations.server";

/** What the migrations say about a column beyond its name and type. */
type ColumnOptions = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/** A column's type and, when it has any, what else its definition says. */
export interface Column {
  type: ColumnDataType;
  options?: ColumnOptions;
}

export const notNull: ColumnOptions = (c) => c.notNull();

/** A column written out: its type, then what else its definition says, if anything. */
export function column(type: ColumnDataType, options?: ColumnOptions): Column {
  return { type, options };
}

/**
 * The definitions most columns have, spelled as the SQL they produce, so a table reads like its
 * CREATE TABLE statement. Anything else is written with `column(type, options)`.
 */
const PLAIN = {
  text: column("text"),
  "text not null": column("text", notNull),
  "text unique": column("text", (c) => c.unique()),
  "text not null unique": column("text", (c) => c.notNull().unique()),
  "text primary key": column("text", (c) => c.primaryKey()),
  "integer not null": column("integer", notNull),
} satisfies Record<string, Column>;

/** One of the plain definitions above, or any other column. */
export type ColumnSpec = keyof typeof PLAIN | Column;

/** A table's columns by name, in the order they are created. */
export type Columns = Record<string, ColumnSpec>;

/** The person a row belongs to: erasing the person deletes the row with them. */
export const personId = column("text", (c) =>
  c.notNull().references("people.id").onDelete("cascade"),
);

/** A NOT NULL column that rows written without it (or before it existed) fill with `value`. */
export function notNullDefault(type: ColumnDataType, value: string | number): Column {
  return column(type, (c) => c.notNull().defaultTo(value));
}

/** A numeric id the database counts up: PostgreSQL's serial, SQLite's integer autoincrement. */
export function serialId(engine: Engine): Column {
  return engine === "postgres"
    ? column("serial", (c) => c.primaryKey())
    : column("integer", (c) => c.primaryKey().autoIncrement());
}

function definition(spec: ColumnSpec): Column {
  return typeof spec === "string" ? PLAIN[spec] : spec;
}

type TableConstraints = (
  table: CreateTableBuilder<string, string>,
) => CreateTableBuilder<string, string>;

/** A table as a migration creates it: its columns in order, then its plain indexes. */
export interface Table {
  columns: Columns;
  /** Table-level constraints: a composite primary key, a unique pair. */
  constraints?: TableConstraints;
  /** Index name to the columns it covers, in that order. */
  indexes?: Record<string, string[]>;
}

/** CREATE TABLE `name`, then CREATE INDEX for each of its indexes. */
export async function createTable(db: Kysely<unknown>, name: string, table: Table): Promise<void> {
  let builder: CreateTableBuilder<string, string> = db.schema.createTable(name);
  for (const [column, spec] of Object.entries(table.columns)) {
    const { type, options } = definition(spec);
    builder = builder.addColumn(column, type, options);
  }
  if (table.constraints) builder = table.constraints(builder);
  await builder.execute();
  for (const [index, columns] of Object.entries(table.indexes ?? {})) {
    await addIndex(db, index, name, columns);
  }
}

/** Creates `tables` one after the other, in the order written. */
export async function createTables(
  db: Kysely<unknown>,
  tables: Record<string, Table>,
): Promise<void> {
  for (const [name, table] of Object.entries(tables)) await createTable(db, name, table);
}

/** Adds `columns` to an existing table, one ALTER TABLE each: SQLite adds only one at a time. */
export async function addColumns(
  db: Kysely<unknown>,
  table: string,
  columns: Columns,
): Promise<void> {
  for (const [name, spec] of Object.entries(columns)) {
    const { type, options } = definition(spec);
    await db.schema.alterTable(table).addColumn(name, type, options).execute();
  }
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

/** A unique index on `table` over `columns`, in that order. */
export async function addUniqueIndex(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: string[],
): Promise<void> {
  await db.schema.createIndex(name).on(table).columns(columns).unique().execute();
}

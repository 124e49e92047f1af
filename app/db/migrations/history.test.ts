import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type QueryResult,
} from "kysely";
import { describe, expect, it } from "vitest";
import { migrations, type Engine } from "../migrations.server";

/*
 * Migrations that have run on live databases are history: the SQL each one ran must never change.
 * This test compiles every migration's `up()`, in the order they run, for each engine and compares
 * the statements with the committed snapshot, history.<engine>.sql.snap. If this snapshot changes,
 * a migration that already ran was edited, directly or through code it shares (ddl.server.ts, a
 * column list): undo that and write a new migration instead. Update the snapshot (`-u`) only when
 * adding a migration, and then only by appending its statements.
 */

/** Records each statement the migrations send and answers it with no rows; no database. */
class RecordingDriver extends DummyDriver {
  constructor(private readonly statements: string[]) {
    super();
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const statements = this.statements;
    return {
      async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
        statements.push(statement(compiled));
        return { rows: [] };
      },
      streamQuery() {
        throw new Error("migrations do not stream");
      },
    };
  }
}

/** The SQL, then its parameters with the values that differ on every run made constant. */
function statement({ sql, parameters }: CompiledQuery): string {
  if (parameters.length === 0) return `${sql};`;
  const values = JSON.stringify(parameters)
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<uuid>")
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "<timestamp>");
  return `${sql};\n-- parameters: ${values}`;
}

function recordingDialect(engine: Engine, statements: string[]): Dialect {
  const postgres = engine === "postgres";
  return {
    createAdapter: () => (postgres ? new PostgresAdapter() : new SqliteAdapter()),
    createDriver: () => new RecordingDriver(statements),
    createIntrospector: (db) =>
      postgres ? new PostgresIntrospector(db) : new SqliteIntrospector(db),
    createQueryCompiler: () => (postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
  };
}

/** What each migration's `up()` runs, under its name, in the order the Migrator runs them. */
async function history(engine: Engine): Promise<string> {
  const statements: string[] = [];
  const db = new Kysely<unknown>({ dialect: recordingDialect(engine, statements) });
  const byName = Object.entries(migrations(engine)).sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [name, migration] of byName) {
    statements.push(`\n-- migration ${name}`);
    await migration.up(db);
  }
  await db.destroy();
  return `${statements.join("\n").trim()}\n`;
}

describe("migrations that have run are history", () => {
  it.each<Engine>(["sqlite", "postgres"])(
    "%s: every migration runs the SQL it ran",
    async (engine) => {
      await expect(await history(engine)).toMatchFileSnapshot(`./history.${engine}.sql.snap`);
    },
  );
});

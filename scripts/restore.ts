// `npm run db:restore -- <file> [--force]`: verifies a backup's checksum, then restores it into
// DATABASE_URL. A database that already holds data is only replaced with --force.
import { parseArgs } from "node:util";
import { ConfigError, loadBackupSettings } from "../app/env.server";
import { BackupError } from "../app/features/ops/backup-files.server";
import { restoreDatabase } from "../app/features/ops/restore.server";

const USAGE = `Usage: npm run db:restore -- <backup file> [--force]

Restores into DATABASE_URL (default file:./data/app.db), which should be empty: a new SQLite
path, or a new PostgreSQL database. --force replaces a database that already holds data; stop
the server first. The sha256 file written beside the backup must match.`;

function usage(code: number): never {
  (code === 0 ? console.log : console.error)(USAGE);
  process.exit(code);
}

let file: string;
let force: boolean;
try {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { force: { type: "boolean", default: false }, help: { type: "boolean" } },
  });
  if (values.help) usage(0);
  if (positionals.length !== 1) usage(1);
  file = positionals[0]!;
  force = values.force;
} catch {
  usage(1);
}

try {
  const settings = loadBackupSettings(process.env);
  const result = await restoreDatabase(file, { databaseUrl: settings.databaseUrl, force });
  console.log(
    `Restored ${file} (checksum verified) into the ${result.engine} database: ${result.tables} tables.`,
  );
} catch (error) {
  console.error(
    error instanceof ConfigError || error instanceof BackupError ? error.message : error,
  );
  process.exit(1);
}

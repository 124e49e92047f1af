// `npm run db:backup`: a consistent snapshot of DATABASE_URL into BACKUP_DIR while the site runs,
// with a sha256 file beside it; only the newest BACKUP_KEEP backups are kept.
import { ConfigError, loadBackupSettings } from "../app/env.server";
import { BackupError } from "../app/features/ops/backup-files.server";
import { backupDatabase, schemaFromUrl } from "../app/features/ops/backup.server";

try {
  const settings = loadBackupSettings(process.env);
  const result = await backupDatabase(
    { databaseUrl: settings.databaseUrl, schema: schemaFromUrl(settings.databaseUrl) },
    { dir: settings.backupDir, keep: settings.backupKeep, now: new Date() },
  );
  console.log(`Backup written: ${result.file}`);
  console.log(`  ${result.bytes} bytes in ${result.ms} ms, sha256 ${result.sha256}`);
  if (result.removed.length > 0)
    console.log(
      `  removed ${result.removed.length} older backup(s) to keep ${settings.backupKeep}`,
    );
} catch (error) {
  console.error(
    error instanceof ConfigError || error instanceof BackupError ? error.message : error,
  );
  process.exit(1);
}

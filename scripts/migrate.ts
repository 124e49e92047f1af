// `npm run db:migrate`: applies every pending migration to DATABASE_URL (the server also does this at start).
import { openDatabase } from "../app/db/database.server";
import { ConfigError, loadConfig } from "../app/env.server";

try {
  const config = loadConfig(process.env);
  const handle = await openDatabase(config.databaseUrl);
  await handle.close();
  console.log(`Database is up to date (${handle.engine}).`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

import { sql, type Kysely, type Migration } from "kysely";
import { americanSpelling } from "./american-spelling.server";

/**
 * The once-only keys of the "enrollment is open" email, missed by the spelling migration: without
 * them, making a cohort current again would tell everyone a second time. It also repeats that
 * migration's renames (harmless twice) for rows an old instance wrote during a rolling deploy.
 */
export const sentOnceSpelling: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`update sent_once set key = 'enrollment-open:' || substr(key, 16) where key like 'enrolment-open:%'`.execute(
      db,
    );
    await americanSpelling.up(db);
  },
};

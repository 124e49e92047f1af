import { Housekeeping } from "../../app/ops/housekeeping.server";
import type { TestClock } from "./databases";
import type { SuiteServices } from "./suite";

/** The retention policy of the housekeeping suites: resumes 180 days, visitor ids 90. */
export const RETENTION = { resumeKeepDays: 180, visitorIdKeepDays: 90 };

/** Another app instance on the same database: its own Housekeeping, the same settings. */
export function secondInstance(t: SuiteServices, clock: TestClock): Housekeeping {
  return new Housekeeping(t.services.db, clock, {
    engine: t.services.engine,
    databaseUrl: t.config.databaseUrl,
    schema: t.schema,
    backupDir: t.config.backupDir,
    backupKeep: t.config.backupKeep,
    backupEveryHours: t.config.backupEveryHours,
    retention: RETENTION,
    analyticsRawDays: t.config.analyticsRawDays,
  });
}

import { declareJobs } from "../../app/jobs/jobs.server";
import { Scheduler } from "../../app/jobs/scheduler.server";
import type { TestClock } from "./databases";
import type { SuiteServices } from "./suite";

/** The retention policy of the retention and scheduler suites: resumes 180 days, visitor ids 90. */
export const RETENTION = { resumeKeepDays: 180, visitorIdKeepDays: 90 };

/** Another app instance on the same database: its own scheduler, the same jobs. */
export function secondInstance(t: SuiteServices, clock: TestClock): Scheduler {
  return new Scheduler(t.services.db, clock, declareJobs(t.services, t.schema));
}

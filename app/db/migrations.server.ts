import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from "kysely";
import { americanSpelling } from "./migrations/american-spelling.server";
import { analytics } from "./migrations/analytics.server";
import { applicationFirstDates } from "./migrations/application-first-dates.server";
import { bookings } from "./migrations/bookings.server";
import { calendarFeedSalt } from "./migrations/calendar-feed-salt.server";
import { cohortSeries } from "./migrations/cohort-series.server";
import { earliestGraduationYear } from "./migrations/earliest-graduation-year.server";
import { holdVisitor } from "./migrations/hold-visitor.server";
import { initial } from "./migrations/initial.server";
import { jobRuns } from "./migrations/job-runs.server";
import { jobSearch } from "./migrations/job-search.server";
import { coursework } from "./migrations/coursework.server";
import { graduationAssignments } from "./migrations/graduation-assignments.server";
import { jobApplicationNotes } from "./migrations/job-application-notes.server";
import { jobs } from "./migrations/jobs.server";
import { outcomesFromApplications } from "./migrations/outcomes-from-applications.server";
import { paymentTouch } from "./migrations/payment-touch.server";
import { portal } from "./migrations/portal.server";
import { programmeRecord } from "./migrations/programme-record.server";
import { mentorTimeZone } from "./migrations/mentor-time-zone.server";
import { groupSessions } from "./migrations/group-sessions.server";
import { noteAuthorRole } from "./migrations/note-author-role.server";
import { notJobSeekingAt } from "./migrations/not-job-seeking-at.server";
import { meetingPlace } from "./migrations/meeting-place.server";
import { personNotes } from "./migrations/person-notes.server";
import { photoMetadata } from "./migrations/photo-metadata.server";
import { programmeReminders } from "./migrations/programme-reminders.server";
import { marketingMail } from "./migrations/marketing-mail.server";
import { rateLimits } from "./migrations/rate-limits.server";
import { receipts } from "./migrations/receipts.server";
import { reviewInvites } from "./migrations/review-invites.server";
import { testimonialRating } from "./migrations/testimonial-rating.server";
import { sentOnceSpelling } from "./migrations/sent-once-spelling.server";
import { sequenceStepCopy } from "./migrations/sequence-step-copy.server";
import { anonymousViewsIndex } from "./migrations/anonymous-views-index.server";
import { weeklyTargets } from "./migrations/weekly-targets.server";
import { waysToPay } from "./migrations/ways-to-pay.server";
import { paymentPlans } from "./migrations/payment-plans.server";

export type Engine = "sqlite" | "postgres";

/**
 * Migrations live in code (not on disk) so the bundled server can always find them, one module
 * each in ./migrations, listed here in the order they run. Each one that needs it receives the
 * engine, so the few type differences (identity, binary) stay in the migration. The names are
 * what databases have recorded as applied: never rename one.
 */
export function migrations(engine: Engine): Record<string, Migration> {
  return {
    "2026-11-22-001-initial": initial(engine),
    "2026-11-22-002-hold-visitor": holdVisitor,
    "2026-11-23-001-rate-limits": rateLimits(engine),
    "2026-11-24-001-job-runs": jobRuns,
    "2026-11-25-001-cohort-series": cohortSeries,
    "2026-11-26-001-marketing-mail": marketingMail,
    "2026-11-26-002-review-invites": reviewInvites,
    "2026-11-28-001-analytics": analytics,
    "2026-11-29-001-jobs": jobs,
    "2026-11-30-001-american-spelling": americanSpelling,
    "2026-11-30-002-person-notes": personNotes,
    "2026-11-30-003-payment-touch": paymentTouch,
    "2026-12-01-001-sequence-step-copy": sequenceStepCopy,
    "2026-12-01-002-sent-once-spelling": sentOnceSpelling,
    "2026-12-02-001-earliest-graduation-year": earliestGraduationYear,
    "2026-12-03-001-portal": portal,
    "2026-12-04-001-mentor-time-zone": mentorTimeZone,
    "2026-12-04-002-group-sessions": groupSessions,
    "2026-12-04-004-note-author-role": noteAuthorRole,
    "2026-12-04-003-bookings": bookings,
    "2026-12-05-001-programme-record": programmeRecord,
    "2026-12-05-002-not-job-seeking-at": notJobSeekingAt,
    "2026-12-06-001-photo-metadata": photoMetadata,
    "2026-12-07-001-meeting-place": meetingPlace,
    "2026-12-07-002-programme-reminders": programmeReminders,
    "2026-12-07-004-calendar-feed-salt": calendarFeedSalt,
    "2026-12-07-005-testimonial-rating": testimonialRating,
    "2026-12-08-001-anonymous-views-index": anonymousViewsIndex,
    "2026-12-09-001-job-search": jobSearch,
    "2026-12-10-001-weekly-targets": weeklyTargets,
    "2026-12-10-002-outcomes-from-applications": outcomesFromApplications,
    "2026-12-10-003-job-application-notes": jobApplicationNotes,
    "2026-12-11-001-coursework": coursework(engine),
    "2026-12-12-001-graduation-assignments": graduationAssignments,
    "2026-12-13-001-ways-to-pay": waysToPay,
    "2026-12-13-003-payment-plans": paymentPlans,
    "2026-12-14-001-receipts": receipts,
    "2026-12-15-001-application-first-dates": applicationFirstDates,
  };
}

function provider(engine: Engine): MigrationProvider {
  return {
    async getMigrations() {
      return migrations(engine);
    },
  };
}

/**
 * Applies every pending migration. Several instances may start at the same moment on an empty
 * database: each opens one transaction and takes an exclusive lock first (a PostgreSQL advisory
 * lock per schema, SQLite's write lock through BEGIN IMMEDIATE), so one migrates and the others
 * then find nothing to do. Kysely's own migration lock is taken only after it has created its
 * bookkeeping tables; ours covers that step too. Everything happens in that one transaction, so a
 * failed migration leaves nothing behind, and a transaction-pooling proxy (PgBouncer) keeps the
 * lock and the work on one server connection.
 *
 * `schema` names the PostgreSQL schema the tables live in, so the migrator looks for its own
 * bookkeeping tables there rather than in any schema of the database.
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  engine: Engine,
  schema?: string,
): Promise<void> {
  await db.connection().execute(async (connection) => {
    await sql.raw(engine === "postgres" ? "begin" : "begin immediate").execute(connection);
    try {
      if (engine === "postgres") {
        const key = `fsts-migrate:${schema ?? "public"}`;
        await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(connection);
      }
      await migrate(connection, engine, schema);
      await sql`commit`.execute(connection);
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

async function migrate(db: Kysely<unknown>, engine: Engine, schema: string | undefined) {
  const migrator = new Migrator({
    db,
    provider: provider(engine),
    // The caller's transaction already holds everything.
    disableTransactions: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration failed: ${failed?.migrationName ?? ""} ${String(error ?? "")}`);
  }
}

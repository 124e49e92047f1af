import { sql } from "kysely";
import { loadConfig } from "../../../app/env.server";
import { createServices } from "../../../app/services.server";
import { requestContext, type Services } from "../../../app/context";
import { getCohort } from "../../../app/features/cohort/cohort.server";
import { startPortalSession } from "../../../app/features/portal/session.server";
import { addDays } from "../../../app/lib/calendar-date";
import { createOwner, signIn } from "../../lib/admin";
import type { EngineSetup } from "../../lib/engines";
import { startServer } from "../../lib/server";
import type { DrillResult } from "../../lib/types";
import { enrolStudents, setUpMentors } from "../bookings/setup";
import { timeGet } from "../funnel-scale/timing";
import { APPLICATIONS_PER_STUDENT, seedApplications } from "./seed";

export const JOB_SEARCH_DRILL = "k. job search: a cohort of 10 with 500 applications each";
const LIMIT_MS = 100;

/**
 * Issue 47's bench drill. Ten students pay through the test checkout (five per mentor), their
 * cohort is moved to its sixth week, and each gets 500 applications with their dated histories
 * (about 11,000 moves in all). Then, over HTTP against the production build: the owner's cohort
 * page (its Job search section), the cohort's applications CSV, and each mentor's board, sorted
 * as it opens and by flags. Each median of five timed GETs must be under 100 ms, and the CSV
 * must hold every application.
 */
export async function jobSearchScale(engine: EngineSetup): Promise<DrillResult> {
  const inspect = await engine.inspect();
  const db = inspect.db;
  const env = { PAYMENT_PROVIDER: "test", HOLDS_PER_ADDRESS: "1000000" };
  const server = await startServer({
    dataDir: engine.dataDir,
    databaseUrl: engine.databaseUrl,
    env,
  });
  let services: Services | undefined;
  try {
    const config = loadConfig({
      NODE_ENV: "production",
      DATA_DIR: engine.dataDir,
      DATABASE_URL: engine.databaseUrl,
      SESSION_SECRET: server.sessionSecret,
      PUBLIC_URL: server.url,
    });
    services = await createServices(config);
    const mentorIds = await setUpMentors(services, db, config.siteTimeZone);
    const { students } = await enrolStudents(db, [server], server.sessionSecret);
    const cohort = await getCohort(db, new Date());
    // The cohort in its sixth week: its applications spread over weeks 1 to 6.
    const today = new Date().toISOString().slice(0, 10);
    const startDate = addDays(today, -38);
    await db
      .updateTable("cohorts")
      .set({ start_date: startDate })
      .where("id", "=", cohort.id)
      .execute();
    await createOwner(engine.databaseUrl);
    const owner = (await signIn(server.url)).cookie;
    const empty = await timeGet(`${server.url}/admin/cohorts/${cohort.id}`, owner);
    const seeded = await seedApplications(
      db,
      students.map((s) => s.personId),
      startDate,
    );
    if (engine.name === "postgres") await sql`vacuum analyze`.execute(db);

    const page = await timeGet(`${server.url}/admin/cohorts/${cohort.id}`, owner);
    const csv = await timeGet(`${server.url}/admin/cohorts/${cohort.id}/applications.csv`, owner);
    const csvRows = csv.body.trim().split("\n").length - 1;

    const boards = [];
    for (const mentorId of mentorIds) {
      const mentor = await db
        .selectFrom("mentors")
        .select(["email", "name"])
        .where("id", "=", mentorId)
        .executeTakeFirstOrThrow();
      const setCookie = await startPortalSession(
        new Request(`${server.url}/portal/login/bench`),
        requestContext({
          services,
          nonce: "bench",
          visitorId: null,
          attribution: null,
          ip: "127.0.0.1",
          secure: false,
          requestId: "bench",
        }),
        { role: "mentor", mentorId, email: mentor.email, name: mentor.name },
      );
      const cookie = setCookie.split(";")[0]!;
      boards.push(await timeGet(`${server.url}/portal/mentor/board`, cookie));
      boards.push(await timeGet(`${server.url}/portal/mentor/board?sort=flags`, cookie));
    }
    const times = [page, ...boards];
    const checks = {
      ok: [page, csv, ...boards].every((t) => t.status === 200),
      everyApplication: csvRows === students.length * APPLICATIONS_PER_STUDENT,
      pageFast: page.medianMs < LIMIT_MS,
      boardFast: boards.every((t) => t.medianMs < LIMIT_MS),
    };
    const failed = Object.entries(checks)
      .filter(([, ok]) => !ok)
      .map(([name]) => name);
    const ms = (n: number) => `${Math.round(n)} ms`;
    const slowestBoard = Math.max(...boards.map((t) => t.medianMs));
    return {
      name: JOB_SEARCH_DRILL,
      engine: engine.name,
      pass: failed.length === 0,
      summary:
        `${seeded.applications} applications, ${seeded.moves} moves; owner's cohort page ` +
        `${ms(page.medianMs)} (${ms(empty.medianMs)} before the applications), mentor board ${ms(slowestBoard)} (slowest of ${boards.length}), ` +
        `CSV ${ms(csv.medianMs)} with ${csvRows} rows; pages must answer under ${LIMIT_MS} ms` +
        (failed.length ? `; FAILED: ${failed.join(", ")}` : ""),
      details: {
        applications: seeded.applications,
        moves: seeded.moves,
        ownerPageMedianMs: Math.round(page.medianMs),
        ownerPageWithoutApplicationsMs: Math.round(empty.medianMs),
        ownerPageMaxMs: Math.round(page.maxMs),
        boardMedianMs: times
          .slice(1)
          .map((t) => Math.round(t.medianMs))
          .join(", "),
        csvMedianMs: Math.round(csv.medianMs),
        csvRows,
        failed: failed.join(", "),
      },
    };
  } finally {
    await services?.close();
    await server.stop();
    await inspect.close();
  }
}

import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Migration } from "kysely";
import { addColumns, addIndex, column } from "./ddl.server";

/**
 * Interviews and offers come from the job search (issue 47 item 3, decision 0063): each row is
 * the detail of one move of an application (to Interview, one row per round; to Offer), named by
 * `application_id` and `move_id`, and goes when its application goes.
 *
 * The rows reported before are linked, nothing dropped: a person's rows of the same firm and role
 * (trimmed, any case) are one application, found among theirs or created (source "other"); each
 * interview is a move to Interview (rounds numbered by interview day, at its created_at), each
 * offer a move to Offer after them (at its reported_at), times never going back. The latest entry
 * of the history is the current one. The columns stay nullable: SQLite sets NOT NULL on an
 * existing column only by rebuilding the table.
 */
export const outcomesFromApplications: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ["interviews", "offers"]) {
      await addColumns(db, table, {
        application_id: column("text", (c) =>
          c.references("job_applications.id").onDelete("cascade"),
        ),
        move_id: column("text", (c) =>
          c.references("job_application_moves.id").onDelete("cascade"),
        ),
      });
      await addIndex(db, `${table}_application`, table, ["application_id"]);
    }
    await linkReported(db);
  },
};

/** The highest interview round an application has (MAX_ROUND in app/features/job-search/stages.ts). */
const MAX_ROUND = 10;

interface Reported {
  id: string;
  person_id: string;
  firm: string;
  role: string;
  /** created_at of an interview, reported_at of an offer. */
  at: string;
  interview_date: string | null;
  track: string | null;
}

interface Entry {
  id: string;
  at: string;
  to_stage: string;
  round: number | null;
  /** The reported row the entry is the move of; none for an entry the application had. */
  detail?: { table: "interviews" | "offers"; id: string };
}

const keyOf = (row: { person_id: string; firm: string; role: string }) =>
  JSON.stringify([row.person_id, row.firm.trim().toLowerCase(), row.role.trim().toLowerCase()]);

const later = (a: string, b: string) => (a > b ? a : b);

export async function linkReported(db: Kysely<unknown>) {
  const interviews = await sql<Reported>`
    select id, person_id, firm, role, created_at as at, interview_date, null as track
    from interviews where application_id is null
    order by interview_date, created_at, id`.execute(db);
  const offers = await sql<Reported>`
    select id, person_id, firm, role, reported_at as at, null as interview_date, track
    from offers where application_id is null
    order by reported_at, id`.execute(db);
  const people = sql`(select person_id from interviews where application_id is null
    union select person_id from offers where application_id is null)`;
  const applications = await sql<{ id: string; person_id: string; firm: string; role: string }>`
    select id, person_id, firm, role from job_applications
    where person_id in ${people} order by created_at, id`.execute(db);
  const moves = await sql<Entry & { application_id: string }>`
    select m.id, m.application_id, m.at, m.to_stage, m.round from job_application_moves m
    join job_applications a on a.id = m.application_id
    where a.person_id in ${people} order by m.at, m.is_current, m.id`.execute(db);

  const groups = new Map<string, { interviews: Reported[]; offers: Reported[] }>();
  const groupOf = (row: Reported) => {
    const key = keyOf(row);
    const group = groups.get(key) ?? { interviews: [], offers: [] };
    groups.set(key, group);
    return group;
  };
  for (const row of interviews.rows) groupOf(row).interviews.push(row);
  for (const row of offers.rows) groupOf(row).offers.push(row);
  // The latest created application of the same person, firm and role, when there is one.
  const found = new Map(applications.rows.map((row) => [keyOf(row), row.id]));

  for (const [key, group] of groups) {
    const first = group.interviews[0] ?? group.offers[0]!;
    const history = group.interviews.concat(group.offers);
    const applicationId =
      found.get(key) ?? (await createApplication(db, first, group.offers, history));
    const had = moves.rows.filter((move) => move.application_id === applicationId);
    let at = "";
    const added: Entry[] = history.map((row, i) => {
      at = later(row.at, at);
      const interview = i < group.interviews.length;
      return {
        id: randomUUID(),
        at,
        to_stage: interview ? "interview" : "offer",
        round: interview ? Math.min(i + 1, MAX_ROUND) : null,
        detail: { table: interview ? "interviews" : "offers", id: row.id },
      };
    });
    await writeHistory(db, applicationId, first.person_id, had, added);
  }
}

/** A new application for a group of reported rows: its firm and role as first written. */
async function createApplication(
  db: Kysely<unknown>,
  first: Reported,
  offers: readonly Reported[],
  history: readonly Reported[],
) {
  const id = randomUUID();
  const track = offers.find((offer) => offer.track !== "other")?.track ?? null;
  const created = history.map((row) => row.at).reduce((a, b) => (a < b ? a : b));
  const updated = history.map((row) => row.at).reduce(later);
  await sql`insert into job_applications
    (id, person_id, firm, role, track, url, location, deadline, source, contact, next_step, notes,
     created_at, updated_at)
    values (${id}, ${first.person_id}, ${first.firm}, ${first.role}, ${track}, null, null, null,
     'other', null, null, null, ${created}, ${updated})`.execute(db);
  return id;
}

/**
 * Writes the entries `added` into an application's history beside the ones it `had`, each coming
 * from the entry before it in time, and makes the latest one current (the one-current index
 * refuses two at once, so the old current entry is taken off first).
 */
async function writeHistory(
  db: Kysely<unknown>,
  applicationId: string,
  personId: string,
  had: readonly Entry[],
  added: readonly Entry[],
) {
  const timeline = [...had, ...added].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const current = timeline[timeline.length - 1]!;
  await sql`update job_application_moves set is_current = 0
    where application_id = ${applicationId}`.execute(db);
  for (const [i, entry] of timeline.entries()) {
    if (!entry.detail) continue;
    const from = timeline[i - 1]?.to_stage ?? null;
    await sql`insert into job_application_moves
      (id, application_id, at, from_stage, to_stage, round, note, by_role, by_id, is_current)
      values (${entry.id}, ${applicationId}, ${entry.at}, ${from}, ${entry.to_stage},
       ${entry.round}, null, 'student', ${personId}, 0)`.execute(db);
    const table = sql.table(entry.detail.table);
    await sql`update ${table} set application_id = ${applicationId}, move_id = ${entry.id}
      where id = ${entry.detail.id}`.execute(db);
  }
  await sql`update job_application_moves set is_current = 1
    where id = ${current.id}`.execute(db);
  await sql`update job_applications set updated_at = ${current.at}
    where id = ${applicationId} and updated_at < ${current.at}`.execute(db);
}

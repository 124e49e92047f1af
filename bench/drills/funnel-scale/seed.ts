import { sql } from "kysely";
import type { DB } from "../../../app/db/database.server";
import { newPerson } from "../../../app/features/people/people.server";
import type { EngineSetup } from "../../lib/engines";

export const VIEWS = 1_000_000;
const VISITORS = 300_000;
export const PEOPLE = 50_000;
const APPLICATIONS = 10_000;
const CHECKOUTS = 1_000;
export const PAID = 500;
export const DAYS = 90;
const CHUNK = 1000;

/** SQL for "day number n before today" and the touch of visitor number v, per engine. */
function dialect(engine: EngineSetup["name"], today: string) {
  const day = (n: string) =>
    engine === "postgres"
      ? `to_char(date '${today}' - ((${n}) % ${DAYS})::int, 'YYYY-MM-DD')`
      : `date('${today}', '-' || ((${n}) % ${DAYS}) || ' days')`;
  const text = (n: string) => (engine === "postgres" ? `(${n})::text` : `(${n})`);
  // 300 generated links (the tuple fixed per link, as the link generator writes them) and direct.
  const touch = (v: string) => {
    const k = `(${v}) % 300`;
    return `
    case when ${k} % 6 = 5 then '' else case ${k} % 5 when 0 then 'youtube' when 1 then 'linkedin' when 2 then 'instagram' when 3 then 'google' else 'tiktok' end end,
    case when ${k} % 6 = 5 then '' else case ${k} % 5 when 0 then 'video' when 1 then 'dm' else 'social' end end,
    case when ${k} % 6 = 5 then '' else 'campaign' || ${text(`${k} % 7`)} end,
    case when ${k} % 6 = 5 then '' else 'content' || ${text(`${k} % 3`)} end,
    case when ${k} % 6 = 5 then '' else 'term' || ${text(k)} end,
    case when ${k} % 5 = 0 and ${k} % 6 <> 5 then 'vid' || ${text(k)} else '' end`;
  };
  const series = (count: number, body: (n: string) => string) =>
    engine === "postgres"
      ? body(`g`).replace("FROM_SERIES", `from generate_series(0, ${count - 1}) as g`)
      : `with recursive s(g) as (select 0 union all select g + 1 from s where g < ${count - 1}) ${body("g").replace("FROM_SERIES", "from s")}`;
  return { day, text, touch, series };
}

/**
 * The database as a busy season leaves it: 1M views over 90 days, 300k browsers, 50k people who
 * each sent a form from one of those browsers (linked by the drill with the app's own code).
 */
export async function seedFunnel(
  db: DB,
  engine: EngineSetup["name"],
  today: string,
  cohortId: string,
) {
  const d = dialect(engine, today);
  const touchColumns = "source, medium, campaign, content, term, vid";
  const now = new Date().toISOString();
  for (let i = 0; i < PEOPLE; i += CHUNK) {
    const people = Array.from({ length: Math.min(CHUNK, PEOPLE - i) }, (_, k) =>
      newPerson(`funnel-${i + k}@example.com`, now, { id: `p${i + k}`, first_name: "Bench" }),
    );
    await db.insertInto("people").values(people).execute();
  }
  await sql
    .raw(
      d.series(
        VISITORS,
        (
          g,
        ) => `insert into visitors (id, first_seen_at, first_day, last_seen_at, person_id, ${touchColumns})
        select 'v' || ${d.text(g)}, ${d.day(g)} || 'T08:00:00.000Z', ${d.day(g)}, ${d.day(g)} || 'T20:00:00.000Z',
          null, ${d.touch(g)} FROM_SERIES`,
      ),
    )
    .execute(db);
  // Each view belongs to a browser (one in 20 asked not to be tracked) on that browser's first day.
  await sql
    .raw(
      d.series(
        VIEWS,
        (
          g,
        ) => `insert into page_views (at, day, path, visitor_id, entry, referrer_host, ${touchColumns})
        select ${d.day(`${g} % ${VISITORS}`)} || 'T12:00:00.000Z', ${d.day(`${g} % ${VISITORS}`)},
          case ${g} % 4 when 0 then '/' when 1 then '/apply' when 2 then '/resume-template' else '/resource-library' end,
          case when ${g} % 20 = 0 then null else 'v' || ${d.text(`${g} % ${VISITORS}`)} end,
          case when ${g} < ${VISITORS} then 1 else 0 end,
          case when ${g} < ${VISITORS} and ${g} % 5 = 0 then 'www.youtube.com' else null end,
          ${d.touch(`${g} % ${VISITORS}`)} FROM_SERIES`,
      ),
    )
    .execute(db);
  for (let i = 0; i < PEOPLE; i += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, PEOPLE - i) }, (_, k) => {
      const n = i + k;
      const application = n < APPLICATIONS;
      return {
        id: `s${n}`,
        person_id: `p${n}`,
        type: application ? ("application" as const) : ("lead_magnet" as const),
        form_data: "{}",
        status: application ? (n % 2 === 0 ? "qualified" : "waitlist") : "sent",
        source: "bench",
        utm: "{}",
        email: `funnel-${n}@example.com`,
        visitor_id: `v${n}`,
        fingerprint: `f${n}`,
        created_at: now,
      };
    });
    await db.insertInto("submissions").values(rows).execute();
  }
  const holds = Array.from({ length: CHECKOUTS }, (_, n) => ({
    id: `h${n}`,
    cohort_id: cohortId,
    kind: "checkout" as const,
    offer_token_hash: null,
    person_id: `p${n * 2}`,
    visitor_id: null,
    email: `funnel-${n * 2}@example.com`,
    status: n < PAID ? ("paid" as const) : ("released" as const),
    provider: "test",
    session_id: `cs_${n}`,
    expires_at: now,
    created_at: now,
    updated_at: now,
  }));
  await db.insertInto("seat_holds").values(holds).execute();
  const payments = holds.slice(0, PAID).map((hold, n) => ({
    id: `pay${n}`,
    cohort_id: cohortId,
    hold_id: hold.id,
    person_id: hold.person_id,
    provider: "test",
    session_id: hold.session_id,
    email: hold.email,
    amount_cents: 64_900,
    status: "paid" as const,
    refund_reason: null,
    refunded_at: null,
    created_at: now,
  }));
  await db.insertInto("payments").values(payments).execute();
}

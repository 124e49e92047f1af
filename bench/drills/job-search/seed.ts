import { randomUUID } from "node:crypto";
import type { Insertable } from "kysely";
import type { DB } from "../../../app/db/database.server";
import type { Database } from "../../../app/db/schema";
import { firstDates } from "../../../app/features/job-search/first-dates";
import type { Stage } from "../../../app/features/job-search/stages";

export const APPLICATIONS_PER_STUDENT = 500;
const DAY_MS = 86_400_000;
const FIRMS = [
  "Goldman Sachs",
  "Morgan Stanley",
  "J.P. Morgan",
  "Evercore",
  "Lazard",
  "Blackstone",
];
const TRACKS = ["Banking", "Capital Markets", "Wealth Management", "Consulting", null];
const SOURCES = ["posting", "referral", "networking", "career_fair", "other"] as const;

/** A path through the stages, as real searches go: most sent, some heard from, few offered. */
function pathOf(n: number): Stage[] {
  if (n % 10 === 0) return ["wishlist"];
  if (n % 50 === 1) return ["wishlist", "applied", "interview", "interview", "offer"];
  if (n % 7 === 0) return ["wishlist", "applied", "interview", "rejected"];
  if (n % 5 === 0) return ["applied", "ghosted"];
  return ["wishlist", "applied"];
}

/**
 * 500 applications for each student, sent over the cohort's six weeks, each with its dated
 * history (1 to 5 moves, the last one current): about 1,100 moves a student. Written in batches
 * straight to the tables, as the import writes them, the rows' first dates with them.
 */
export async function seedApplications(db: DB, personIds: string[], startDate: string) {
  const start = Date.parse(`${startDate}T14:00:00Z`);
  let moves = 0;
  for (const personId of personIds) {
    const applications: Insertable<Database["job_applications"]>[] = [];
    const history: Insertable<Database["job_application_moves"]>[] = [];
    for (let n = 0; n < APPLICATIONS_PER_STUDENT; n++) {
      const id = randomUUID();
      const sent = start + (n % 42) * DAY_MS + n * 60_000;
      const created = new Date(sent).toISOString();
      const stages = pathOf(n);
      let round = 0;
      const own = stages.map((stage, i) => {
        if (stage === "interview") round++;
        return {
          id: randomUUID(),
          application_id: id,
          at: new Date(sent + i * 3 * DAY_MS).toISOString(),
          from_stage: i === 0 ? null : stages[i - 1]!,
          to_stage: stage,
          round: stage === "interview" ? round : null,
          note: null,
          by_role: "student",
          by_id: personId,
          is_current: i === stages.length - 1 ? 1 : 0,
        };
      });
      history.push(...own);
      applications.push({
        id,
        person_id: personId,
        firm: FIRMS[n % FIRMS.length]!,
        role: `Analyst ${n}`,
        track: TRACKS[n % TRACKS.length] ?? null,
        url: `https://careers.example.com/${n}`,
        location: "New York, NY",
        deadline: null,
        source: SOURCES[n % SOURCES.length]!,
        contact: null,
        next_step: n % 3 === 0 ? "Follow up with the recruiter" : null,
        notes: null,
        // The row's first dates, kept from its history as every writer keeps them.
        ...firstDates(own.map((move) => ({ at: move.at, to: move.to_stage }))),
        created_at: created,
        updated_at: created,
      });
    }
    moves += history.length;
    for (let i = 0; i < applications.length; i += 100)
      await db
        .insertInto("job_applications")
        .values(applications.slice(i, i + 100))
        .execute();
    for (let i = 0; i < history.length; i += 100)
      await db
        .insertInto("job_application_moves")
        .values(history.slice(i, i + 100))
        .execute();
  }
  return { applications: personIds.length * APPLICATIONS_PER_STUDENT, moves };
}

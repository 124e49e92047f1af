import { randomUUID } from "node:crypto";
import type { Services } from "~/context";
import type { Db, Trx } from "~/db/database.server";
import { recordAudit } from "~/features/accounts/audit.server";
import { LIMITS, weekOpensAt, type WeekContent } from "./coursework";
import { currentProgram, ensureProgram } from "./program.server";
import type { AssignmentInput, WeekInput } from "./program-forms";

/**
 * The owner's edits of the program (issue 48, item 1, /admin/program): a week's material and its
 * assignments. Each change runs in one transaction that first freezes the week, as it stands, for
 * every cohort that has opened it (so a cohort that opened the week this morning keeps it even if
 * nobody has read it yet), then writes, then records the change in the audit log. A refusal (an
 * assignment gone, a full week) and a save that changes nothing write nothing at all.
 */

type EditServices = Pick<Services, "db" | "engine" | "clock" | "config">;

/** One week as the owner's list shows it. */
export interface WeekSummary {
  week: number;
  title: string;
  assignments: number;
  updatedAt: string;
}

/** The six weeks with their live assignments counted and their last edit. */
export async function programSummary(db: Db, now: Date): Promise<WeekSummary[]> {
  const program = await currentProgram(db, now);
  const rows = await db.selectFrom("program_weeks").select(["week", "updated_at"]).execute();
  const edited = new Map(rows.map((row) => [row.week, row.updated_at]));
  return program.map((week) => ({
    week: week.week,
    title: week.title,
    assignments: week.assignments.length,
    updatedAt: edited.get(week.week) ?? "",
  }));
}

/** A week as the owner has it now, with its last edit. */
export async function weekToEdit(
  db: Db,
  week: number,
  now: Date,
): Promise<WeekContent & { updatedAt: string }> {
  const content = (await currentProgram(db, now)).find((w) => w.week === week);
  if (!content) throw new Error(`week ${week} is not in the program`);
  const row = await db
    .selectFrom("program_weeks")
    .select("updated_at")
    .where("week", "=", week)
    .executeTakeFirstOrThrow();
  return { ...content, updatedAt: row.updated_at };
}

/**
 * Runs `change` in a transaction holding the week's row (PostgreSQL locks it; SQLite runs one
 * writing transaction at a time), so two edits of a week, or two added assignments racing for the
 * week's last place, take turns.
 */
async function inWeek<T>(
  services: EditServices,
  week: number,
  change: (trx: Trx, now: Date) => Promise<T>,
): Promise<T> {
  const now = services.clock.now();
  await ensureProgram(services.db, now);
  return services.db.transaction().execute(async (trx) => {
    let lock = trx.selectFrom("program_weeks").select("week").where("week", "=", week);
    if (services.engine === "postgres") lock = lock.forUpdate();
    await lock.executeTakeFirstOrThrow();
    return change(trx, now);
  });
}

/**
 * Keeps the week as it is now for each cohort that has opened it and has no copy yet: called just
 * before a change is written, so the change reaches only cohorts for which the week is still to
 * come. A copy already there (the cohort read the week, or an earlier edit froze it) is kept.
 */
async function freezeForOpenedCohorts(
  trx: Trx,
  week: number,
  now: Date,
  siteZone: string,
): Promise<void> {
  const cohorts = await trx
    .selectFrom("cohorts")
    .select(["id", "start_date"])
    .where("start_date", "is not", null)
    .execute();
  const opened = cohorts.filter((cohort) => {
    const opens = weekOpensAt(cohort.start_date, week, siteZone);
    return opens !== null && opens.getTime() <= now.getTime();
  });
  if (opened.length === 0) return;
  const content = (await currentProgram(trx, now)).find((w) => w.week === week);
  if (!content) return;
  for (const cohort of opened)
    await trx
      .insertInto("cohort_weeks")
      .values({
        cohort_id: cohort.id,
        week,
        content: JSON.stringify(content),
        taken_at: now.toISOString(),
      })
      .onConflict((oc) => oc.columns(["cohort_id", "week"]).doNothing())
      .execute();
}

/**
 * After a change to a week's assignments: the week marked edited now (the list's "last edit") and
 * the change in the audit log.
 */
async function assignmentChanged(
  trx: Trx,
  actor: Parameters<typeof recordAudit>[1],
  week: number,
  now: Date,
  action: string,
  detail: Record<string, unknown>,
) {
  await trx
    .updateTable("program_weeks")
    .set({ updated_at: now.toISOString() })
    .where("week", "=", week)
    .execute();
  await recordAudit(trx, actor, action, { week, ...detail }, now);
}

/** The names of the fields whose values differ. */
function changedFields<T extends Record<string, unknown>>(before: T, after: T): (keyof T)[] {
  return (Object.keys(after) as (keyof T)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}

/** Saves a week's title, material, video and downloads; "unchanged" when all are as stored. */
export async function saveWeek(
  services: EditServices,
  actor: string,
  week: number,
  input: Omit<WeekInput, "intent">,
): Promise<"saved" | "unchanged"> {
  const next = {
    title: input.title.slice(0, LIMITS.weekTitle),
    material: input.material.slice(0, LIMITS.material),
    videoUrl: input.videoUrl ? input.videoUrl.slice(0, LIMITS.url) : null,
    resources: input.resources.slice(0, LIMITS.resources),
  };
  return inWeek(services, week, async (trx, now) => {
    const { title, material, videoUrl, resources } = await weekToEdit(trx, week, now);
    const changed = changedFields({ title, material, videoUrl, resources }, next);
    if (changed.length === 0) return "unchanged";
    await freezeForOpenedCohorts(trx, week, now, services.config.siteTimeZone);
    await trx
      .updateTable("program_weeks")
      .set({
        title: next.title,
        material: next.material,
        video_url: next.videoUrl,
        resources: JSON.stringify(next.resources),
        updated_at: now.toISOString(),
      })
      .where("week", "=", week)
      .execute();
    await recordAudit(trx, actor, "program.week_edit", { week, changed, title: next.title }, now);
    return "saved";
  });
}

const bounded = (input: AssignmentInput) => ({
  title: input.title.slice(0, LIMITS.assignmentTitle),
  instructions: input.instructions.slice(0, LIMITS.instructions),
  dueDay: input.dueDay,
  kind: input.kind,
});

/** Adds an assignment at the end of the week; "full" when the week has as many as it may. */
export async function addAssignment(
  services: EditServices,
  actor: string,
  week: number,
  input: AssignmentInput,
): Promise<{ kind: "added"; id: string } | { kind: "full" }> {
  const values = bounded(input);
  return inWeek(services, week, async (trx, now) => {
    const rows = await trx
      .selectFrom("assignments")
      .select(["position", "archived_at"])
      .where("week", "=", week)
      .execute();
    if (rows.filter((row) => row.archived_at === null).length >= LIMITS.assignmentsPerWeek)
      return { kind: "full" as const };
    await freezeForOpenedCohorts(trx, week, now, services.config.siteTimeZone);
    const id = randomUUID();
    const at = now.toISOString();
    await trx
      .insertInto("assignments")
      .values({
        id,
        week,
        position: Math.max(-1, ...rows.map((row) => row.position)) + 1,
        title: values.title,
        instructions: values.instructions,
        due_day: values.dueDay,
        kind: values.kind,
        archived_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await assignmentChanged(trx, actor, week, now, "program.assignment_add", {
      assignmentId: id,
      title: values.title,
    });
    return { kind: "added" as const, id };
  });
}

/** A live assignment of the week, read inside the week's transaction. */
const liveAssignment = (trx: Trx, week: number, id: string) =>
  trx
    .selectFrom("assignments")
    .selectAll()
    .where("id", "=", id)
    .where("week", "=", week)
    .where("archived_at", "is", null)
    .executeTakeFirst();

/** Changes an assignment's words, due day or kind; "notFound" when it is gone or elsewhere. */
export async function editAssignment(
  services: EditServices,
  actor: string,
  week: number,
  id: string,
  input: AssignmentInput,
): Promise<"saved" | "unchanged" | "notFound"> {
  const next = bounded(input);
  return inWeek(services, week, async (trx, now) => {
    const row = await liveAssignment(trx, week, id);
    if (!row) return "notFound";
    const changed = changedFields(
      { title: row.title, instructions: row.instructions, dueDay: row.due_day, kind: row.kind },
      next,
    );
    if (changed.length === 0) return "unchanged";
    await freezeForOpenedCohorts(trx, week, now, services.config.siteTimeZone);
    await trx
      .updateTable("assignments")
      .set({
        title: next.title,
        instructions: next.instructions,
        due_day: next.dueDay,
        kind: next.kind,
        updated_at: now.toISOString(),
      })
      .where("id", "=", id)
      .execute();
    await assignmentChanged(trx, actor, week, now, "program.assignment_edit", {
      assignmentId: id,
      changed,
    });
    return "saved";
  });
}

/**
 * Removes an assignment from the week: archived, never deleted, so the submissions that point at
 * it (and their reviews) stay whole. Null when it is gone or belongs to another week.
 */
export async function removeAssignment(
  services: EditServices,
  actor: string,
  week: number,
  id: string,
): Promise<{ title: string } | null> {
  return inWeek(services, week, async (trx, now) => {
    const row = await liveAssignment(trx, week, id);
    if (!row) return null;
    await freezeForOpenedCohorts(trx, week, now, services.config.siteTimeZone);
    const at = now.toISOString();
    await trx
      .updateTable("assignments")
      .set({ archived_at: at, updated_at: at })
      .where("id", "=", id)
      .execute();
    await assignmentChanged(trx, actor, week, now, "program.assignment_remove", {
      assignmentId: id,
      title: row.title,
    });
    return { title: row.title };
  });
}

import { ERASED } from "~/features/people/privacy.server";
import type { Db, DB } from "~/db/database.server";
import type { Services } from "~/context";
import { dateInZone, zonedTimeToUtc } from "~/lib/time-zone";
import { importRowSchema, MAX_APPLICATIONS, type ImportRow } from "./job-search-forms";
import { countOf, insertApplication, listApplications, type Move } from "./job-search.server";
import { IMPORTED_NOTE, importText } from "./job-search.words";
import { checkXlsx, readSheet, type XlsxProblem } from "./tracker-file.server";
import { readTrackerRows, type ExportApplication, type ReadRow } from "./tracker-rows";

/**
 * The student's applications in and out of the tracker spreadsheet (issue 47, item 2), and in
 * the privacy export and erasure.
 */

/**
 * The history an imported row starts with: applied on the day the sheet says (noon in the
 * student's zone), then moved to its stage now; or simply its stage, now.
 */
function importedMoves(row: ImportRow, zone: string, now: Date): Move[] {
  const nowIso = now.toISOString();
  const imported = { at: nowIso, to: row.stage, round: row.round, note: IMPORTED_NOTE };
  if (!row.appliedOn || row.stage === "wishlist") return [{ ...imported, from: null }];
  const applied = zonedTimeToUtc(row.appliedOn, "12:00", zone);
  const at = (applied < now ? applied : now).toISOString();
  const first = { at, from: null, to: "applied" as const, round: null, note: IMPORTED_NOTE };
  return row.stage === "applied" ? [first] : [first, { ...imported, from: "applied" }];
}

/**
 * Brings in every row of a previewed spreadsheet, or none: one transaction, refused whole when
 * the rows would take the student past MAX_APPLICATIONS.
 */
export async function importApplications(
  services: Services,
  personId: string,
  rows: readonly ImportRow[],
  zone: string,
): Promise<{ kind: "saved"; count: number } | { kind: "over_cap"; room: number }> {
  const now = services.clock.now();
  return services.db.transaction().execute(async (trx) => {
    const room = MAX_APPLICATIONS - (await countOf(trx, personId));
    if (rows.length > room) return { kind: "over_cap" as const, room: Math.max(0, room) };
    for (const row of rows)
      await insertApplication(trx, personId, row, importedMoves(row, zone, now), now.toISOString());
    return { kind: "saved" as const, count: rows.length };
  });
}

/** The student's applications as the tracker's rows, oldest first; dates in `zone`. */
export async function exportApplications(
  db: DB,
  personId: string,
  zone: string,
): Promise<ExportApplication[]> {
  const [applications, applied] = await Promise.all([
    listApplications(db, personId),
    db
      .selectFrom("job_application_moves as m")
      .innerJoin("job_applications as a", "a.id", "m.application_id")
      .select(["m.application_id", (eb) => eb.fn.min("m.at").as("at")])
      .where("a.person_id", "=", personId)
      .where("m.to_stage", "=", "applied")
      .groupBy("m.application_id")
      .execute(),
  ]);
  const appliedAt = new Map(applied.map((row) => [row.application_id, row.at]));
  return applications.reverse().map((a) => {
    const at = appliedAt.get(a.id);
    return {
      firm: a.firm,
      role: a.role,
      track: a.track,
      url: a.url,
      location: a.location,
      deadline: a.deadline,
      source: a.source,
      contact: a.contact,
      nextStep: a.next_step,
      notes: a.notes,
      stage: a.stage,
      round: a.round,
      appliedOn: at ? dateInZone(new Date(at), zone) : null,
    };
  });
}

/** Every application of the person with its full history and notes, for the privacy export. */
export async function jobSearchExport(db: Db, personId: string) {
  const applications = await db
    .selectFrom("job_applications")
    .selectAll()
    .where("person_id", "=", personId)
    .orderBy("created_at")
    .execute();
  const moves = await db
    .selectFrom("job_application_moves as m")
    .innerJoin("job_applications as a", "a.id", "m.application_id")
    .select([
      "m.application_id",
      "m.at",
      "m.from_stage",
      "m.to_stage",
      "m.round",
      "m.note",
      "m.by_role",
      "m.is_current",
    ])
    .where("a.person_id", "=", personId)
    .orderBy("m.at")
    .execute();
  const notes = await db
    .selectFrom("job_application_notes as n")
    .innerJoin("job_applications as a", "a.id", "n.application_id")
    .select(["n.application_id", "n.at", "n.body", "n.by_role"])
    .where("a.person_id", "=", personId)
    .orderBy("n.at")
    .execute();
  return applications.map((application) => ({
    ...application,
    history: moves.filter((move) => move.application_id === application.id),
    notes: notes.filter((note) => note.application_id === application.id),
  }));
}

/**
 * Erasure: the person's applications go, with their history; one holding an interview or an offer
 * stays for the programme's counts (decision 0063), its words erased and its history's notes gone.
 * Every mentor's note on any of them goes (decision 0065).
 */
export async function eraseJobSearch(trx: Db, personId: string) {
  const all = trx.selectFrom("job_applications").select("id").where("person_id", "=", personId);
  await trx.deleteFrom("job_application_notes").where("application_id", "in", all).execute();
  const held = (table: "interviews" | "offers") =>
    trx
      .selectFrom(table)
      .select("application_id")
      .where("person_id", "=", personId)
      .where("application_id", "is not", null);
  const holding = held("interviews").union(held("offers"));
  await trx
    .updateTable("job_applications")
    .set({ firm: ERASED, role: ERASED, url: null, location: null, contact: null })
    .set({ next_step: null, notes: null })
    .where("id", "in", holding)
    .execute();
  await trx
    .updateTable("job_application_moves")
    .set({ note: null })
    .where("application_id", "in", holding)
    .execute();
  const ids = trx
    .selectFrom("job_applications")
    .select("id")
    .where("person_id", "=", personId)
    .where("id", "not in", holding);
  await trx.deleteFrom("job_application_moves").where("application_id", "in", ids).execute();
  await trx
    .deleteFrom("job_applications")
    .where("person_id", "=", personId)
    .where("id", "not in", holding)
    .execute();
}

export type ImportPreview =
  | { kind: "problem"; problem: XlsxProblem | "no_sheet" | "rows"; message?: string }
  | { kind: "preview"; rows: ReadRow[]; problems: string[]; skipped: number };

/**
 * Reads an uploaded tracker for its preview: the file checked by content, then its rows, each
 * read by the application's rules; a row past the student's room is a problem too. Writes nothing.
 */
export async function previewImport(
  services: Services,
  personId: string,
  bytes: Uint8Array,
): Promise<ImportPreview> {
  const problem = await checkXlsx(bytes);
  if (problem) return { kind: "problem", problem };
  let sheet;
  try {
    sheet = await readSheet(bytes, MAX_APPLICATIONS * 4);
  } catch {
    return { kind: "problem", problem: "not_xlsx" };
  }
  if (!sheet) return { kind: "problem", problem: "no_sheet" };
  if (sheet.beyond)
    return {
      kind: "problem",
      problem: "rows",
      message: importText.problems.tooManyRows(MAX_APPLICATIONS),
    };
  const reading = readTrackerRows(sheet.rows, MAX_APPLICATIONS);
  if (reading.kind === "problem")
    return { kind: "problem", problem: "rows", message: reading.message };
  const room = MAX_APPLICATIONS - (await countOf(services.db, personId));
  const problems =
    reading.rows.length > room
      ? [...reading.problems, importText.problems.overCap(room)]
      : reading.problems;
  return { kind: "preview", rows: reading.rows, problems, skipped: reading.skipped };
}

/** The rows a preview carried to its confirmation, read again by the same rules; null if any fails. */
export function confirmedRows(json: string): ImportRow[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > MAX_APPLICATIONS)
    return null;
  const rows: ImportRow[] = [];
  for (const raw of parsed) {
    const row = importRowSchema.safeParse(raw);
    if (!row.success) return null;
    rows.push(row.data);
  }
  return rows;
}

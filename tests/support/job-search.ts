import ExcelJS from "exceljs";
import type { Db } from "../../app/db/database.server";
import { firstDates, type FirstDates } from "../../app/features/job-search/first-dates";
import type { ApplicationFields } from "../../app/features/job-search/job-search-forms";
import { buildApplicationTrackerXlsx } from "../../app/features/resources/application-tracker.server";
import {
  trackerColumns,
  type TrackerColumn,
} from "../../app/features/resources/application-tracker.words";

/**
 * The tracker spreadsheet the site gives away, filled in by a student: its example rows kept (the
 * import skips them) and `rows` added under them, by column name.
 */
export async function filledTracker(
  rows: readonly Partial<Record<TrackerColumn, string | Date>>[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await buildApplicationTrackerXlsx()) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet("Applications")!;
  // Column keys are not kept in the file: cells go by the tracker's column order.
  for (const row of rows) sheet.addRow(trackerColumns.map((column) => row[column] ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A multipart post of `file` (and the form's other fields), as a browser sends an upload. */
export function uploadRequest(
  path: string,
  cookie: string,
  file: { bytes: Uint8Array; name: string; type?: string },
  fields: Record<string, string> = {},
): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "" }));
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body: form,
    headers: { cookie },
  });
}

/** An application's fields as the add form gives them: `firm`, an analyst role, nothing else said. */
export const applicationFields = (firm: string): ApplicationFields => ({
  firm,
  role: "Analyst",
  track: null,
  url: null,
  location: null,
  deadline: null,
  source: "posting",
  contact: null,
  nextStep: null,
  notes: null,
});

/**
 * Every application whose first dates (decision 0068) are not what its moves say, with both: none
 * when each writer of moves keeps its row's columns. Job-search database tests check it after each
 * test (jobSearchScene), so a writer that forgets them fails whichever test drives it.
 */
export async function firstDatesDrift(db: Db) {
  const [applications, moves] = await Promise.all([
    db
      .selectFrom("job_applications")
      .select(["id", "first_applied_at", "first_interview_at", "first_offer_at"])
      .execute(),
    db.selectFrom("job_application_moves").select(["application_id", "at", "to_stage"]).execute(),
  ]);
  return applications.flatMap(({ id, ...kept }) => {
    const history = moves
      .filter((m) => m.application_id === id)
      .map((m) => ({ at: m.at, to: m.to_stage }));
    const fromMoves: FirstDates = firstDates(history);
    const same = (Object.keys(fromMoves) as (keyof FirstDates)[]).every(
      (column) => kept[column] === fromMoves[column],
    );
    return same ? [] : [{ id, kept, fromMoves }];
  });
}

/**
 * Sets an application's first dates from its moves, as every writer keeps them: for a test that
 * writes or redates moves itself.
 */
export async function keepFirstDates(db: Db, applicationId: string) {
  const moves = await db
    .selectFrom("job_application_moves")
    .select(["at", "to_stage"])
    .where("application_id", "=", applicationId)
    .execute();
  await db
    .updateTable("job_applications")
    .set(firstDates(moves.map((m) => ({ at: m.at, to: m.to_stage }))))
    .where("id", "=", applicationId)
    .execute();
}

import ExcelJS from "exceljs";
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

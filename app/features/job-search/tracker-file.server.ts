import ExcelJS from "exceljs";
import type { Entry, ZipFile } from "yauzl";
import { ContentTypes } from "~/features/uploads/docx-content-types.server";
import {
  eachEntry,
  entryNames,
  isUnsafeName,
  openZip,
  readXml,
} from "~/features/uploads/zip-reader.server";
import { trackerSheetNames } from "~/features/resources/application-tracker.words";
import { EXPORT_COLUMNS, plainCell, type Cell, type ExportColumn } from "./tracker-rows";

/**
 * The tracker spreadsheet as a file (issue 47, item 2): an upload checked by its content with the
 * resume's zip machinery (app/features/uploads: zip magic, safe entry names, caps on entries and
 * inflated bytes, no macros, a spreadsheet main part declared in [Content_Types].xml), then read
 * by exceljs, the library that writes the tracker; and the student's applications written back.
 */

export const MAX_IMPORT_MB = 2;
export const MAX_IMPORT_BYTES = MAX_IMPORT_MB * 1024 * 1024;
const MAX_ENTRIES = 200;
// A tracker of 500 rows inflates to well under a megabyte; only a zip bomb gets near this.
const MAX_UNCOMPRESSED = 30 * 1024 * 1024;
const MACRO_PART = /(^|\/)vba[^/]*$/i;
const SPREADSHEET_MAIN_TYPES = [
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
];
export const XLSX_CONTENT_TYPE =
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export type XlsxProblem = "too_large" | "not_xlsx";

/** Null when `bytes` is a plain .xlsx workbook we may open; else why not. */
export async function checkXlsx(bytes: Uint8Array): Promise<XlsxProblem | null> {
  if (bytes.byteLength > MAX_IMPORT_BYTES) return "too_large";
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04))
    return "not_xlsx";
  let zip: ZipFile;
  try {
    zip = await openZip(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    return "not_xlsx";
  }
  try {
    return await inspect(zip);
  } catch {
    return "not_xlsx";
  } finally {
    zip.close();
  }
}

async function inspect(zip: ZipFile): Promise<XlsxProblem | null> {
  if (zip.entryCount > MAX_ENTRIES) return "not_xlsx";
  const parts = new Map<string, Entry>();
  let total = 0;
  const verdict = await eachEntry<XlsxProblem>(zip, (entry) => {
    const names = entryNames(entry);
    if (names.some(isUnsafeName) || names.some((name) => MACRO_PART.test(name))) return "not_xlsx";
    total += entry.uncompressedSize;
    if (total > MAX_UNCOMPRESSED) return "too_large";
    const key = names[0]!.toLowerCase();
    if (parts.has(key)) return "not_xlsx";
    parts.set(key, entry);
    return undefined;
  });
  if (verdict) return verdict;
  const contentTypesEntry = parts.get("[content_types].xml");
  if (!contentTypesEntry) return "not_xlsx";
  const types = new ContentTypes(parts, SPREADSHEET_MAIN_TYPES);
  if (await readXml(zip, contentTypesEntry, types.visitor, "not_xlsx")) return "not_xlsx";
  return types.hasMainPart ? null : "not_xlsx";
}

/**
 * The Applications sheet (or the first) of a checked workbook as plain cells, row 1 first; null
 * when it has no sheet. Rows past `lastRow` are not kept: `beyond` says a sheet had some, and
 * is refused as over the cap rather than read in part.
 */
export async function readSheet(
  bytes: Uint8Array,
  lastRow: number,
): Promise<{ rows: Cell[][]; beyond: boolean } | null> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const sheet =
    workbook.getWorksheet(trackerSheetNames.applications) ?? workbook.worksheets[0] ?? null;
  if (!sheet) return null;
  const rows: Cell[][] = [];
  let beyond = false;
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const values = Array.isArray(row.values) ? row.values.slice(1).map(plainCell) : [];
    if (!values.some((value) => value !== null && value !== "")) return;
    if (number > lastRow) {
      beyond = true;
      return;
    }
    while (rows.length < number - 1) rows.push([]);
    rows.push(values);
  });
  return { rows, beyond };
}

const DATE_COLUMNS: readonly ExportColumn[] = ["Deadline", "Date Applied"];

/** Rows in the tracker's columns (and Link, Source) as an .xlsx workbook, one sheet. */
export async function writeTrackerXlsx(
  rows: readonly Record<ExportColumn, string | null>[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(trackerSheetNames.applications, {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  sheet.columns = EXPORT_COLUMNS.map((header) => ({
    header,
    key: header,
    width: DATE_COLUMNS.includes(header) ? 14 : 24,
    style: DATE_COLUMNS.includes(header) ? { numFmt: "mmm d, yyyy" } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      Object.fromEntries(
        EXPORT_COLUMNS.map((column) => {
          const value = row[column];
          // Dates are real dates in the sheet, as the tracker's are; text is never a formula.
          return [
            column,
            value && DATE_COLUMNS.includes(column) ? new Date(`${value}T00:00:00Z`) : value,
          ];
        }),
      ),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

import ExcelJS from "exceljs";
import {
  trackerColumns,
  trackerExampleRows,
  trackerReferralOptions,
  trackerSheetNames,
  trackerStatuses,
  trackerSummary,
  type TrackerColumn,
} from "./application-tracker.words";
import { resourceBrand } from "./resources.words";

/** Rows 2..LAST_ROW get the dropdowns, formats and summary coverage. */
export const TRACKER_LAST_ROW = 500;

const columnWidths: Record<TrackerColumn, number> = {
  Firm: 34,
  Division: 28,
  Role: 18,
  Location: 16,
  Deadline: 13,
  "Date Applied": 14,
  Status: 22,
  Contact: 28,
  Referral: 10,
  "Next Step": 38,
  Notes: 50,
};

const dateColumns: readonly TrackerColumn[] = ["Deadline", "Date Applied"];
const DATE_FORMAT = "mmm d, yyyy";
const HEADER_FILL = "FF1E3A8A";
const FIXED_DATE = new Date(Date.UTC(2025, 0, 1));

// Excel list validations are written inline; quoting keeps "Superday / Final Round" one item.
const listFormula = (options: readonly string[]) => `"${options.join(",")}"`;

// exceljs 4.4 omits `dataValidations` from its types. Range keys are written as one sqref;
// per-cell validations would be squeezed into overlapping ranges (G10:G500 and G2:G500).
interface SheetWithValidations {
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
}

export async function buildApplicationTrackerXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = resourceBrand;
  workbook.lastModifiedBy = resourceBrand;
  workbook.created = FIXED_DATE;
  workbook.modified = FIXED_DATE;
  // Cached COUNTIF results only cover the example rows; make Excel recalculate on open.
  workbook.calcProperties.fullCalcOnLoad = true;

  const statusLetter = buildApplicationsSheet(workbook);
  buildSummarySheet(workbook, statusLetter);

  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function buildApplicationsSheet(workbook: ExcelJS.Workbook): string {
  const sheet = workbook.addWorksheet(trackerSheetNames.applications, {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  sheet.columns = trackerColumns.map((header) => ({
    header,
    key: header,
    width: columnWidths[header],
    style: dateColumns.includes(header) ? { numFmt: DATE_FORMAT } : {},
  }));

  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: "FFFFFFFF" } };
  header.fill = { type: "pattern", pattern: "solid", fgColor: { argb: HEADER_FILL } };
  header.alignment = { vertical: "middle" };
  header.height = 20;

  for (const example of trackerExampleRows) {
    const row = sheet.addRow({
      ...example,
      Deadline: example.Deadline ? isoDate(example.Deadline) : null,
      "Date Applied": example["Date Applied"] ? isoDate(example["Date Applied"]) : null,
    });
    row.font = { italic: true, color: { argb: "FF6B7280" } };
  }

  const letter = (column: TrackerColumn) => sheet.getColumn(column).letter;
  const status = letter("Status");
  const referral = letter("Referral");
  const lastLetter = letter(trackerColumns[trackerColumns.length - 1]!);

  const validations = (sheet as unknown as SheetWithValidations).dataValidations;
  const dropdown = (column: string, values: readonly string[], errorTitle: string, error: string) =>
    validations.add(`${column}2:${column}${TRACKER_LAST_ROW}`, {
      type: "list",
      allowBlank: true,
      formulae: [listFormula(values)],
      showErrorMessage: true,
      errorTitle,
      error,
    });
  dropdown(status, trackerStatuses, "Pick a status", "Choose a status from the dropdown list.");
  dropdown(referral, trackerReferralOptions, "Yes or No", "Choose Yes or No.");

  sheet.autoFilter = `A1:${lastLetter}${TRACKER_LAST_ROW}`;

  // Outcomes stand out at a glance without the user maintaining any colours by hand.
  sheet.addConditionalFormatting({
    ref: `A2:${lastLetter}${TRACKER_LAST_ROW}`,
    rules: [
      {
        type: "expression",
        priority: 1,
        formulae: [`$${status}2="Offer"`],
        style: { fill: { type: "pattern", pattern: "solid", bgColor: { argb: "FFD1FAE5" } } },
      },
      {
        type: "expression",
        priority: 2,
        formulae: [`OR($${status}2="Rejected",$${status}2="Withdrawn")`],
        style: { font: { color: { argb: "FF9CA3AF" } } },
      },
    ],
  });

  return status;
}

function buildSummarySheet(workbook: ExcelJS.Workbook, statusLetter: string) {
  const sheet = workbook.addWorksheet(trackerSheetNames.summary);
  sheet.columns = [
    { header: trackerSummary.statusHeader, key: "status", width: 26 },
    { header: trackerSummary.countHeader, key: "count", width: 10 },
  ];
  sheet.getRow(1).font = { bold: true };

  const range = `${trackerSheetNames.applications}!$${statusLetter}$2:$${statusLetter}$${TRACKER_LAST_ROW}`;
  trackerStatuses.forEach((status, i) => {
    const row = i + 2;
    const result = trackerExampleRows.filter((example) => example.Status === status).length;
    sheet.getCell(`A${row}`).value = status;
    sheet.getCell(`B${row}`).value = { formula: `COUNTIF(${range},A${row})`, result };
  });

  const totalRow = trackerStatuses.length + 2;
  sheet.getCell(`A${totalRow}`).value = trackerSummary.totalLabel;
  sheet.getCell(`B${totalRow}`).value = {
    formula: `SUM(B2:B${totalRow - 1})`,
    result: trackerExampleRows.length,
  };
  sheet.getRow(totalRow).font = { bold: true };
  sheet.getCell(`A${totalRow}`).border = { top: { style: "thin" } };
  sheet.getCell(`B${totalRow}`).border = { top: { style: "thin" } };

  const note = sheet.getCell(`A${totalRow + 2}`);
  note.value = trackerSummary.note;
  note.font = { italic: true, color: { argb: "FF6B7280" } };
}

function isoDate(value: string): Date {
  return new Date(`${value}T00:00:00Z`);
}

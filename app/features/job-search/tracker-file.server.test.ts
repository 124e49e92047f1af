import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { minimalDocx } from "../../../tests/support/docx-fixtures";
import { filledTracker } from "../../../tests/support/job-search";
import { checkXlsx, MAX_IMPORT_BYTES, readSheet, writeTrackerXlsx } from "./tracker-file.server";
import { EXPORT_COLUMNS } from "./tracker-rows";

const bytes = (buffer: Uint8Array | Buffer) => new Uint8Array(buffer);

describe("checkXlsx", () => {
  it("takes the tracker the site gives away", async () => {
    expect(await checkXlsx(bytes(await filledTracker([])))).toBeNull();
  });

  it("refuses by content, whatever the name: text, a Word document, a broken zip", async () => {
    expect(await checkXlsx(new TextEncoder().encode("Firm,Role\n"))).toBe("not_xlsx");
    expect(await checkXlsx(bytes(minimalDocx()))).toBe("not_xlsx");
    expect(await checkXlsx(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]))).toBe("not_xlsx");
  });

  it("refuses a file over the size cap before opening it", async () => {
    expect(await checkXlsx(new Uint8Array(MAX_IMPORT_BYTES + 1))).toBe("too_large");
  });
});

describe("readSheet", () => {
  it("reads the Applications sheet, and says when rows lie past the last it reads", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Applications");
    sheet.getCell("A1").value = "Firm";
    sheet.getCell("A3").value = "Acme";
    sheet.getCell("A9").value = "Late";
    const file = bytes(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(await readSheet(file, 10)).toEqual({
      rows: [["Firm"], [], ["Acme"], [], [], [], [], [], ["Late"]],
      beyond: false,
    });
    expect(await readSheet(file, 5)).toEqual({ rows: [["Firm"], [], ["Acme"]], beyond: true });
  });

  it("reads back what an export writes, dates as dates", async () => {
    const row = Object.fromEntries(EXPORT_COLUMNS.map((c) => [c, null])) as Record<
      (typeof EXPORT_COLUMNS)[number],
      string | null
    >;
    const file = await writeTrackerXlsx([{ ...row, Firm: "Acme", Deadline: "2026-10-15" }]);
    const read = await readSheet(bytes(file), 10);
    expect(read?.rows[0]).toEqual([...EXPORT_COLUMNS]);
    expect(read?.rows[1]?.[0]).toBe("Acme");
    expect(read?.rows[1]?.[4]).toEqual(new Date("2026-10-15T00:00:00Z"));
  });
});

import ExcelJS from "exceljs";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { trackerExampleRows, trackerStatuses } from "./application-tracker.words";
import { buildApplicationTrackerXlsx } from "./application-tracker.server";

describe("application tracker XLSX", () => {
  const load = async () => {
    const bytes = await buildApplicationTrackerXlsx();
    const workbook = new ExcelJS.Workbook();
    // exceljs declares its own `Buffer` (an ArrayBuffer), which Node's Buffer does not satisfy.
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    return { bytes, workbook };
  };

  it("has an Applications sheet with a frozen, bold, filterable header", async () => {
    const { workbook } = await load();
    expect(workbook.worksheets.map((s) => s.name)).toEqual(["Applications", "Summary"]);
    const sheet = workbook.getWorksheet("Applications")!;

    const header =
      "Firm|Division|Role|Location|Deadline|Date Applied|Status|Contact|Referral|Next Step|Notes";
    expect(sheet.getRow(1).values).toEqual([undefined, ...header.split("|")]);
    expect(sheet.getCell("A1").font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.autoFilter).toBe("A1:K500");
    for (let c = 1; c <= 11; c++) expect(sheet.getColumn(c).width).toBeGreaterThanOrEqual(10);
    expect(sheet.getColumn("E").numFmt).toMatch(/y/);
    expect(sheet.getColumn("F").numFmt).toMatch(/y/);
  });

  it("marks example rows and stores their dates as real dates", async () => {
    const { workbook } = await load();
    const sheet = workbook.getWorksheet("Applications")!;
    trackerExampleRows.forEach((_, i) => {
      expect(String(sheet.getCell(`A${i + 2}`).value)).toMatch(/^Example: /);
    });
    expect(sheet.getCell("E2").value).toEqual(new Date("2025-10-15T00:00:00Z"));
    expect(sheet.getCell("E2").numFmt).toMatch(/y/);
  });

  it("offers the status and referral dropdowns on rows 2 to 500", async () => {
    const { workbook } = await load();
    const sheet = workbook.getWorksheet("Applications")!;
    const statuses =
      "Researching,Networking,Applied,Online Assessment,First Round,Superday / Final Round,Offer,Rejected,Withdrawn";
    for (const address of ["G2", "G250", "G500"]) {
      const validation = sheet.getCell(address).dataValidation;
      expect(validation?.type).toBe("list");
      expect(validation?.formulae).toEqual([`"${statuses}"`]);
    }
    expect(sheet.getCell("G501").dataValidation).toBeUndefined();
    expect(sheet.getCell("I2").dataValidation?.formulae).toEqual(['"Yes,No"']);
    expect(sheet.getCell("I500").dataValidation?.formulae).toEqual(['"Yes,No"']);
  });

  it("writes each dropdown as a single, non-overlapping range", async () => {
    const { bytes } = await load();
    const xml = strFromU8(unzipSync(new Uint8Array(bytes))["xl/worksheets/sheet1.xml"]!);
    const ranges = [...xml.matchAll(/<dataValidation [^>]*sqref="([^"]+)"/g)].map((m) => m[1]);
    expect(ranges.sort()).toEqual(["G2:G500", "I2:I500"]);
  });

  it("summarises applications by status with COUNTIF formulas and a total", async () => {
    const { workbook } = await load();
    const summary = workbook.getWorksheet("Summary")!;
    trackerStatuses.forEach((status, i) => {
      const row = i + 2;
      expect(summary.getCell(`A${row}`).value).toBe(status);
      expect(summary.getCell(`B${row}`).formula).toBe(`COUNTIF(Applications!$G$2:$G$500,A${row})`);
    });
    const total = trackerStatuses.length + 2;
    expect(summary.getCell(`A${total}`).value).toBe("Total");
    expect(summary.getCell(`B${total}`).formula).toBe(`SUM(B2:B${total - 1})`);
  });
});

import ExcelJS from "exceljs";
import { strFromU8, unzipSync } from "fflate";
import { afterEach, describe, expect, it, vi } from "vitest";
import { countPdfPages, pdfText } from "../../tests/support/documents";
import {
  linkedInNoteLimit,
  outreachGuide,
  outreachScripts,
  resumeSectionTitles,
  resumeTemplate,
  trackerExampleRows,
  trackerStatuses,
} from "~/content/resources";
import { buildApplicationTrackerXlsx } from "./application-tracker.server";
import { formatSuffix, isResourceFileKey, resourcePath } from "./formats";
import { buildOutreachScriptsPdf } from "./outreach-scripts.server";
import { buildResumeTemplatePdf } from "./resume-template.server";

describe("resume template PDF", () => {
  it("is a single Letter page with every section", async () => {
    const pdf = await buildResumeTemplatePdf({ compress: false });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(countPdfPages(pdf)).toBe(1);
    expect(pdf.toString("latin1")).toContain("/MediaBox [0 0 612 792]");

    const text = pdfText(pdf);
    for (const title of Object.values(resumeSectionTitles)) {
      expect(text).toContain(title.toUpperCase());
    }
    expect(text).toContain(resumeTemplate.guidanceTitle);
    expect(text).toContain("Relevant Coursework: Corporate Finance");
  });

  it("is one page when compressed too, and byte-for-byte deterministic", async () => {
    const [a, b] = await Promise.all([buildResumeTemplatePdf(), buildResumeTemplatePdf()]);
    expect(countPdfPages(a)).toBe(1);
    expect(a.equals(b)).toBe(true);
    expect(a.toString("latin1")).toMatch(/obj\s*\(D:20250101000000Z\)/);
  });
});

describe("outreach scripts PDF", () => {
  it("has several pages with a heading and bookmark for every script", async () => {
    const pdf = await buildOutreachScriptsPdf({ compress: false });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(countPdfPages(pdf)).toBeGreaterThanOrEqual(2);

    const text = pdfText(pdf);
    expect(text).toContain("Cold Outreach Scripts");
    for (const script of outreachScripts) expect(text).toContain(script.title);
    expect(text).toContain("Subject: ");
  });

  it("is deterministic and keeps bookmarks when compressed", async () => {
    const [a, b] = await Promise.all([buildOutreachScriptsPdf(), buildOutreachScriptsPdf()]);
    expect(a.equals(b)).toBe(true);
    expect(a.toString("latin1")).toContain("/Title (1. Cold email to a professional)");
  });
});

describe("resource copy", () => {
  it("covers every script the programme promises", () => {
    const titles = outreachScripts.map((s) => s.title.toLowerCase());
    for (const expected of [
      "cold email",
      "linkedin",
      "follow-up #1",
      "follow-up #2",
      "informational call",
      "thank-you",
    ]) {
      expect(titles.some((t) => t.includes(expected))).toBe(true);
    }
  });

  it("keeps the LinkedIn note under LinkedIn's limit and gives emails a subject", () => {
    for (const script of outreachScripts) {
      if (script.title.includes("LinkedIn")) {
        expect(script.subject).toBeUndefined();
        expect(script.body.join("\n").length).toBeLessThan(linkedInNoteLimit);
      } else {
        expect(script.subject).toBeTruthy();
      }
    }
  });

  it("has 3-4 quantified bullets per experience role", () => {
    expect(resumeTemplate.experience.length).toBeGreaterThanOrEqual(2);
    for (const role of resumeTemplate.experience) {
      expect(role.bullets.length).toBeGreaterThanOrEqual(3);
      expect(role.bullets.length).toBeLessThanOrEqual(4);
      for (const bullet of role.bullets) expect(bullet).toMatch(/\d/);
    }
  });

  it("closes every [placeholder] so the PDFs can highlight it", () => {
    const strings = (value: unknown): string[] =>
      typeof value === "string"
        ? [value]
        : typeof value === "object" && value
          ? Object.values(value).flatMap(strings)
          : [];
    const unbalanced = strings([resumeTemplate, outreachGuide, outreachScripts]).filter(
      (s) => !/^[^[\]]*(\[[^[\]]*\][^[\]]*)*$/.test(s),
    );
    expect(unbalanced).toEqual([]);
  });
});

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

    expect(sheet.getRow(1).values).toEqual([
      undefined,
      "Firm",
      "Division",
      "Role",
      "Location",
      "Deadline",
      "Date Applied",
      "Status",
      "Contact",
      "Referral",
      "Next Step",
      "Notes",
    ]);
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
    const statuses = [
      "Researching",
      "Networking",
      "Applied",
      "Online Assessment",
      "First Round",
      "Superday / Final Round",
      "Offer",
      "Rejected",
      "Withdrawn",
    ];
    for (const address of ["G2", "G250", "G500"]) {
      const validation = sheet.getCell(address).dataValidation;
      expect(validation?.type).toBe("list");
      expect(validation?.formulae).toEqual([`"${statuses.join(",")}"`]);
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

describe("resource catalogue", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it("names and types each download, in every format of each file", async () => {
    const { allResourceFiles } = await import("./catalogue.server");
    expect(
      allResourceFiles().map(({ key, format, fileName, contentType }) => [
        key,
        format,
        fileName,
        contentType,
      ]),
    ).toEqual([
      ["resume-template", "pdf", "From-Scratch-to-Success-Resume-Template.pdf", "application/pdf"],
      [
        "resume-template",
        "docx",
        "From-Scratch-to-Success-Resume-Template.docx",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      ],
      [
        "outreach-scripts",
        "pdf",
        "From-Scratch-to-Success-Cold-Outreach-Scripts.pdf",
        "application/pdf",
      ],
      [
        "outreach-scripts",
        "docx",
        "From-Scratch-to-Success-Cold-Outreach-Scripts.docx",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      ],
      [
        "application-tracker",
        "xlsx",
        "From-Scratch-to-Success-Application-Tracker.xlsx",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      ],
    ]);
  });

  it("finds a file by key and format, the first format when none is named", async () => {
    const { findResourceFile } = await import("./catalogue.server");
    expect(findResourceFile("resume-template")?.format).toBe("pdf");
    expect(findResourceFile("resume-template", "docx")?.format).toBe("docx");
    expect(findResourceFile("application-tracker")?.format).toBe("xlsx");
    expect(findResourceFile("application-tracker", "docx")).toBeUndefined();
    expect(findResourceFile("resume-template", "xlsx")).toBeUndefined();
    expect(findResourceFile("resume-template", "toString")).toBeUndefined();
    expect(isResourceFileKey("resume-template")).toBe(true);
    expect(isResourceFileKey("toString")).toBe(false);
  });

  it("links the first format without a suffix, so links sent before Word copies still work", () => {
    expect(resourcePath("resume-template", "pdf")).toBe("/resources/resume-template");
    expect(resourcePath("resume-template", "docx")).toBe("/resources/resume-template/docx");
    expect(resourcePath("application-tracker", "xlsx")).toBe("/resources/application-tracker");
    expect(formatSuffix("outreach-scripts", "docx")).toBe("/docx");
  });

  it("builds each file once and serves it from memory, each format on its own", async () => {
    const { resourceFiles, getResourceFile } = await import("./catalogue.server");
    const pdf = vi.spyOn(resourceFiles["resume-template"].pdf, "build");
    const docx = vi.spyOn(resourceFiles["resume-template"].docx, "build");
    const [first, second] = await Promise.all([
      getResourceFile("resume-template"),
      getResourceFile("resume-template", "pdf"),
    ]);
    const third = await getResourceFile("resume-template");
    expect(pdf).toHaveBeenCalledTimes(1);
    expect(first.file.fileName).toBe("From-Scratch-to-Success-Resume-Template.pdf");
    expect(first.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(second.bytes).toBe(first.bytes);
    expect(third.bytes).toBe(first.bytes);

    const word = await getResourceFile("resume-template", "docx");
    expect(await getResourceFile("resume-template", "docx")).toEqual(word);
    expect(docx).toHaveBeenCalledTimes(1);
    expect(word.file.fileName).toBe("From-Scratch-to-Success-Resume-Template.docx");
    expect(word.bytes.subarray(0, 2).toString("latin1")).toBe("PK");
  });

  it("retries a build that failed instead of caching the failure", async () => {
    const { resourceFiles, getResourceFile } = await import("./catalogue.server");
    const build = vi
      .spyOn(resourceFiles["application-tracker"].xlsx, "build")
      .mockRejectedValueOnce(new Error("boom"));
    await expect(getResourceFile("application-tracker")).rejects.toThrow("boom");
    const { bytes } = await getResourceFile("application-tracker");
    expect(bytes.subarray(0, 2).toString("latin1")).toBe("PK");
    expect(build).toHaveBeenCalledTimes(2);
  });

  it("refuses a format a file does not come in", async () => {
    const { getResourceFile } = await import("./catalogue.server");
    await expect(getResourceFile("application-tracker", "pdf")).rejects.toThrow(
      "No pdf copy of application-tracker",
    );
  });
});

import { describe, expect, it } from "vitest";
import { countPdfPages, pdfText } from "../../../tests/support/documents";
import { outreachScripts } from "./outreach-scripts.words";
import { resumeLabels, resumeTemplate } from "./resume-template.words";
import { buildOutreachScriptsPdf } from "./outreach-scripts.server";
import { buildResumeTemplatePdf } from "./resume-template.server";

describe("resume template PDF", () => {
  it("is a single Letter page with every section", async () => {
    const pdf = await buildResumeTemplatePdf({ compress: false });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(countPdfPages(pdf)).toBe(1);
    expect(pdf.toString("latin1")).toContain("/MediaBox [0 0 612 792]");

    const text = pdfText(pdf);
    for (const title of Object.values(resumeLabels.sections)) {
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

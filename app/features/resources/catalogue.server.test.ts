import { afterEach, describe, expect, it, vi } from "vitest";
import { formatSuffix, isResourceFileKey, resourcePath } from "./formats";

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

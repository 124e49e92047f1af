import { randomBytes } from "node:crypto";
import { strToU8 } from "fflate";
import { describe, expect, it } from "vitest";
import {
  contentTypesXml,
  docxFiles,
  minimalDocx,
  zipOf,
  type ZipFiles,
} from "../../../tests/support/docx-fixtures";
import { checkDocx, MAX_RESUME_BYTES } from "./docx-check.server";

const MB = 1024 * 1024;

async function reasonFor(bytes: Uint8Array) {
  const result = await checkDocx(bytes);
  return result.ok ? "ok" : result.reason;
}

describe("checkDocx", () => {
  it("accepts a minimal real .docx", async () => {
    expect(await checkDocx(minimalDocx())).toEqual({ ok: true });
  });

  it("accepts a Word template", async () => {
    const template =
      "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml";
    const files = { ...docxFiles(), "[Content_Types].xml": contentTypesXml(template) };
    expect(await reasonFor(zipOf(files))).toBe("ok");
  });

  it("rejects oversized input before parsing", async () => {
    expect(await reasonFor(new Uint8Array(MAX_RESUME_BYTES + 1))).toBe("too_large");
  });

  it("rejects a renamed text file", async () => {
    expect(await reasonFor(strToU8("Jane Doe\nSoftware engineer\n"))).toBe("not_zip");
  });

  it("rejects a truncated zip", async () => {
    expect(await reasonFor(minimalDocx().subarray(0, 100))).toBe("not_zip");
  });

  it("rejects a zip without [Content_Types].xml", async () => {
    const files = docxFiles();
    delete files["[Content_Types].xml"];
    expect(await reasonFor(zipOf(files))).toBe("missing_content_types");
  });

  it("rejects a spreadsheet", async () => {
    const xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml";
    const files = { ...docxFiles(), "[Content_Types].xml": contentTypesXml(xlsx) };
    expect(await reasonFor(zipOf(files))).toBe("not_word_document");
  });

  it("rejects content types whose main part is missing", async () => {
    const files = docxFiles();
    delete files["word/document.xml"];
    expect(await reasonFor(zipOf(files))).toBe("not_word_document");
  });

  it("rejects a VBA project part", async () => {
    const files = { ...docxFiles(), "word/vbaProject.bin": new Uint8Array([1, 2, 3]) };
    expect(await reasonFor(zipOf(files))).toBe("macro_content");
  });

  it("rejects a macro-enabled main part", async () => {
    const docm = "application/vnd.ms-word.document.macroEnabled.main+xml";
    const files = { ...docxFiles(), "[Content_Types].xml": contentTypesXml(docm) };
    expect(await reasonFor(zipOf(files))).toBe("macro_content");
  });

  it.each(["../evil.txt", "word/../../evil.txt", "/etc/evil", "C:/evil.txt", "word\\evil.txt"])(
    "rejects the unsafe entry name %j",
    async (name) => {
      expect(await reasonFor(zipOf({ ...docxFiles(), [name]: "x" }))).toBe("unsafe_entry_name");
    },
  );

  it("rejects an entry that inflates past 20 MB", async () => {
    const files = { ...docxFiles(), "word/media/zeros.bin": new Uint8Array(30 * MB) };
    const bomb = zipOf(files, { level: 9 });
    expect(bomb.byteLength).toBeLessThan(100 * 1024);
    expect(await reasonFor(bomb)).toBe("too_much_data");
  });

  it("rejects a small entry with a bomb-like compression ratio", async () => {
    const files = { ...docxFiles(), "word/media/zeros.bin": new Uint8Array(2 * MB) };
    expect(await reasonFor(zipOf(files, { level: 9 }))).toBe("too_much_data");
  });

  it("rejects many entries that together inflate past 50 MB", async () => {
    const files: ZipFiles = docxFiles();
    const oneMb = new Uint8Array(MB); // exactly 1 MB: below the ratio check
    for (let i = 0; i < 51; i++) files[`word/media/part${i}.bin`] = oneMb;
    expect(await reasonFor(zipOf(files))).toBe("too_much_data");
  });

  it("refuses to inflate an oversized [Content_Types].xml", async () => {
    // Hex noise barely compresses, so only the content-types cap can catch this.
    const noise = randomBytes(MB / 2 + 1024).toString("hex");
    const xml = contentTypesXml().replace("</Types>", `<!-- ${noise} --></Types>`);
    const files = { ...docxFiles(), "[Content_Types].xml": xml };
    expect(await reasonFor(zipOf(files))).toBe("too_much_data");
  });

  it("rejects more than 1000 entries", async () => {
    const files: ZipFiles = docxFiles();
    for (let i = 0; i < 1001; i++) files[`word/media/${i}.txt`] = "x";
    expect(await reasonFor(zipOf(files))).toBe("too_many_entries");
  });
});

import { strToU8, zipSync, type ZipOptions } from "fflate";

/** Crafted .docx / .zip files for upload tests, built in memory so no binaries live in the repo. */

export const WORD_MAIN_CONTENT_TYPE =
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";

export type ZipFiles = Record<string, string | Uint8Array>;

/** Zips the files under exactly the names given (fflate does not normalise "../x"). */
export function zipOf(files: ZipFiles, options: ZipOptions = {}): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const [name, content] of Object.entries(files))
    entries[name] = typeof content === "string" ? strToU8(content) : content;
  return zipSync(entries, options);
}

/** [Content_Types].xml declaring `mainType` for /word/document.xml. */
export function contentTypesXml(mainType = WORD_MAIN_CONTENT_TYPE): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
  <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
  <Default Extension="xml" ContentType="application/xml"/>
  <Override PartName="/word/document.xml" ContentType="${mainType}"/>
</Types>`;
}

/** The parts of the smallest .docx Word opens; spread and override to craft variants. */
export function docxFiles(text = "Jane Doe, resume"): ZipFiles {
  return {
    "[Content_Types].xml": contentTypesXml(),
    "_rels/.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
  <Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`,
    "word/document.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
  <w:body><w:p><w:r><w:t>${escapeXml(text)}</w:t></w:r></w:p></w:body>
</w:document>`,
  };
}

export function minimalDocx(text?: string): Uint8Array {
  return zipOf(docxFiles(text));
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

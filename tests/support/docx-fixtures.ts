import { strToU8, zipSync, type ZipOptions } from "fflate";

/** Crafted .docx / .zip files for upload tests, built in memory so no binaries live in the repo. */

const WORD_MAIN_CONTENT_TYPE =
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";

export const WORDML_NAMESPACE = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const RELATIONSHIPS_NAMESPACE = "http://schemas.openxmlformats.org/package/2006/relationships";
const RELATIONSHIP_TYPES = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

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
    "_rels/.rels": relsXml([{ id: "rId1", type: "officeDocument", target: "word/document.xml" }]),
    "word/document.xml": documentXml(`<w:p><w:r><w:t>${escapeXml(text)}</w:t></w:r></w:p>`),
  };
}

/** A main document part around `body` (markup using the `w` prefix); `namespaces` adds more. */
export function documentXml(body: string, namespaces = ""): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="${WORDML_NAMESPACE}" ${namespaces}>
  <w:body>${body}</w:body>
</w:document>`;
}

export interface Relationship {
  id: string;
  /** The last segment of an officeDocument relationship type ("image"), or a full URI. */
  type: string;
  target: string;
  external?: boolean;
}

/** A relationships part (`*.rels`) listing `relationships`. */
export function relsXml(relationships: Relationship[]): string {
  const lines = relationships.map(({ id, type, target, external }) => {
    const uri = type.includes("/") ? type : `${RELATIONSHIP_TYPES}/${type}`;
    const mode = external ? ' TargetMode="External"' : "";
    return `  <Relationship Id="${id}" Type="${uri}" Target="${escapeXml(target)}"${mode}/>`;
  });
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="${RELATIONSHIPS_NAMESPACE}">
${lines.join("\n")}
</Relationships>`;
}

/** `xml` as UTF-16 with a byte order mark, its declaration saying so. */
export function utf16(xml: string, endian: "le" | "be" = "le"): Uint8Array {
  const bytes = Buffer.from(
    `\ufeff${xml.replace('encoding="UTF-8"', 'encoding="UTF-16"')}`,
    "utf16le",
  );
  if (endian === "be") bytes.swap16();
  return new Uint8Array(bytes);
}

export function minimalDocx(text?: string): Uint8Array {
  return zipOf(docxFiles(text));
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

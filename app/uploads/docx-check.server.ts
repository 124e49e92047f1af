import yauzl, { type Entry, type ZipFile } from "yauzl";

/**
 * Checks an uploaded resume is a plain Word document by looking at its content,
 * never at its name or declared MIME type. Nothing is extracted to disk; only
 * [Content_Types].xml is inflated, and that with a hard cap.
 */

export const MAX_RESUME_BYTES = 5 * 1024 * 1024;

export type DocxRejection =
  | "too_large"
  | "not_zip"
  | "missing_content_types"
  | "not_word_document"
  | "macro_content"
  | "unsafe_entry_name"
  | "too_many_entries"
  | "too_much_data";

export type DocxCheck = { ok: true } | { ok: false; reason: DocxRejection };

const MB = 1024 * 1024;
const MAX_ENTRIES = 1000;
const MAX_TOTAL_UNCOMPRESSED = 50 * MB;
const MAX_ENTRY_UNCOMPRESSED = 20 * MB;
// Real text/XML parts deflate maybe 10-20x; only zip bombs get near 200x.
const MAX_RATIO = 200;
const RATIO_CHECK_ABOVE = 1 * MB;
const MAX_CONTENT_TYPES_BYTES = 1 * MB;

const CONTENT_TYPES = "[content_types].xml";
const WORD_MAIN_TYPES = [
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml",
];
// Covers document.macroEnabled, template.macroEnabledTemplate, vbaProject and vbaData.
const MACRO_CONTENT_TYPE = /macroenabled|vbaproject|vbadata/;
// vbaProject.bin, vbaData.xml, vbaProjectSignature*.bin: wherever they are put.
const MACRO_PART = /(^|\/)vba[^/]*$/i;

type Verdict = DocxRejection | undefined;

const reject = (reason: DocxRejection): DocxCheck => ({ ok: false, reason });

export async function checkDocx(bytes: Uint8Array): Promise<DocxCheck> {
  if (bytes.byteLength > MAX_RESUME_BYTES) return reject("too_large");
  // A docx starts with a local file header; this also refuses polyglots with a prefix.
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04))
    return reject("not_zip");

  let zip: ZipFile;
  try {
    zip = await openZip(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    return reject("not_zip");
  }
  try {
    const verdict = await inspect(zip);
    return verdict ? reject(verdict) : { ok: true };
  } catch {
    // Corrupt central directory, bad deflate stream, size mismatch, encryption...
    return reject("not_zip");
  } finally {
    zip.close();
  }
}

function openZip(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      buffer,
      {
        lazyEntries: true,
        // Sizes declared in the central directory are enforced while inflating,
        // so the size limits below cannot be dodged by lying about them.
        validateEntrySizes: true,
        // We validate names ourselves to return a specific reason (yauzl would
        // only raise a generic error) and to see backslashes unconverted.
        decodeStrings: false,
        // We close it ourselves, after reading [Content_Types].xml.
        autoClose: false,
      },
      (err, zip) => (err ? reject(err) : resolve(zip)),
    );
  });
}

async function inspect(zip: ZipFile): Promise<Verdict> {
  // The count comes from the end-of-central-directory record, before any entry is read.
  if (zip.entryCount > MAX_ENTRIES) return "too_many_entries";

  const seen = new Set<string>();
  let total = 0;
  let contentTypes: Entry | undefined;

  const verdict = await eachEntry(zip, (entry) => {
    if (seen.size >= MAX_ENTRIES) return "too_many_entries";
    const names = entryNames(entry);
    if (names.some(isUnsafeName)) return "unsafe_entry_name";

    const { uncompressedSize: size, compressedSize } = entry;
    total += size;
    if (size > MAX_ENTRY_UNCOMPRESSED || total > MAX_TOTAL_UNCOMPRESSED) return "too_much_data";
    if (size > RATIO_CHECK_ABOVE && size / compressedSize > MAX_RATIO) return "too_much_data";

    if (names.some((name) => MACRO_PART.test(name))) return "macro_content";

    // OPC part names are case-insensitive and unique; duplicates let different
    // readers see different documents.
    const key = names[0]!.toLowerCase();
    if (seen.has(key)) return "not_word_document";
    seen.add(key);
    if (key === CONTENT_TYPES) contentTypes = entry;
    return undefined;
  });
  if (verdict) return verdict;

  if (!contentTypes) return "missing_content_types";
  if (contentTypes.uncompressedSize > MAX_CONTENT_TYPES_BYTES) return "too_much_data";
  const xml = await readBounded(zip, contentTypes, MAX_CONTENT_TYPES_BYTES);
  if (xml === undefined) return "too_much_data";
  return checkContentTypes(decodeXml(xml), seen);
}

/** Walks the central directory one entry at a time, stopping at the first verdict. */
function eachEntry(zip: ZipFile, visit: (entry: Entry) => Verdict): Promise<Verdict> {
  return new Promise((resolve, reject) => {
    zip.on("error", reject);
    zip.on("end", () => resolve(undefined));
    zip.on("entry", (entry: Entry) => {
      const verdict = visit(entry);
      if (verdict) resolve(verdict);
      else zip.readEntry();
    });
    zip.readEntry();
  });
}

/**
 * The raw name plus, if present, the Info-ZIP Unicode Path (0x7075) name that
 * yauzl and others prefer: an attacker could hide "../x" in either.
 */
function entryNames(entry: Entry): string[] {
  // With decodeStrings: false, yauzl hands over the raw bytes (typed as string).
  const raw = entry.fileName as unknown as Buffer;
  const utf8 = (entry.generalPurposeBitFlag & 0x800) !== 0;
  // Non-UTF-8 names are CP437, which agrees with latin1 on every ASCII character we check.
  const names = [raw.toString(utf8 ? "utf8" : "latin1")];
  for (const { id, data } of entry.extraFields) {
    if (id === 0x7075 && data.length > 5) names.push(data.subarray(5).toString("utf8"));
  }
  return names;
}

function isUnsafeName(name: string): boolean {
  return (
    name.includes("\\") ||
    name.includes("\0") ||
    name.startsWith("/") ||
    /(^|\/)[a-z]:/i.test(name) ||
    name.split("/").includes("..")
  );
}

/** Inflates at most `limit` bytes; undefined if the entry holds more. */
function readBounded(zip: ZipFile, entry: Entry, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err) return reject(err);
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          stream.destroy();
          resolve(undefined);
        } else chunks.push(chunk);
      });
      stream.on("error", reject);
      stream.on("end", () => resolve(Buffer.concat(chunks)));
    });
  });
}

// OPC allows [Content_Types].xml in UTF-8 or UTF-16; TextDecoder drops the BOM.
function decodeXml(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  return new TextDecoder("utf-8").decode(bytes);
}

function checkContentTypes(xml: string, entryNames: Set<string>): Verdict {
  // Content types are case-insensitive (RFC 2045), so compare lower-cased.
  const lower = xml.toLowerCase();
  if (MACRO_CONTENT_TYPE.test(lower)) return "macro_content";

  // The main document part must be declared by an <Override> and actually exist.
  for (const [, attrs = ""] of lower.matchAll(/<(?:[\w.-]+:)?override\b([^>]*)>/g)) {
    const type = attribute(attrs, "contenttype");
    const part = attribute(attrs, "partname");
    if (type && part && WORD_MAIN_TYPES.includes(type) && entryNames.has(part.replace(/^\//, "")))
      return undefined;
  }
  return "not_word_document";
}

function attribute(attrs: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attrs);
  return match ? (match[1] ?? match[2])?.trim() : undefined;
}

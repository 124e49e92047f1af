import yauzl, { type Entry, type ZipFile } from "yauzl";
import {
  ACTIVE_CONTENT_TYPE,
  ACTIVE_PART,
  relationshipsVisitor,
  wordPartVisitor,
} from "./docx-active-content.server";
import { attributeValues, XmlRefusal, xmlReader, type XmlVisitor } from "./xml-reader.server";

/**
 * Checks an uploaded resume is a plain Word document without active content, by looking at
 * its content, never at its name or declared MIME type. Nothing is extracted to disk; only
 * XML parts are inflated, streamed through a parser within hard caps.
 */

export const MAX_RESUME_BYTES = 5 * 1024 * 1024;

export type DocxRejection =
  | "too_large"
  | "not_zip"
  | "missing_content_types"
  | "not_word_document"
  | "macro_content"
  | "active_content"
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
// All XML parts parsed together; about half a second of parsing at worst.
const MAX_XML_BYTES = 10 * MB;

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

  // Lower-cased part name → entry.
  const parts = new Map<string, Entry>();
  let total = 0;

  const verdict = await eachEntry(zip, (entry) => {
    if (parts.size >= MAX_ENTRIES) return "too_many_entries";
    const names = entryNames(entry);
    if (names.some(isUnsafeName)) return "unsafe_entry_name";

    const { uncompressedSize: size, compressedSize } = entry;
    total += size;
    if (size > MAX_ENTRY_UNCOMPRESSED || total > MAX_TOTAL_UNCOMPRESSED) return "too_much_data";
    if (size > RATIO_CHECK_ABOVE && size / compressedSize > MAX_RATIO) return "too_much_data";

    if (names.some((name) => MACRO_PART.test(name))) return "macro_content";
    if (names.some((name) => ACTIVE_PART.test(name))) return "active_content";

    // OPC part names are case-insensitive and unique; duplicates let different
    // readers see different documents.
    const key = names[0]!.toLowerCase();
    if (parts.has(key)) return "not_word_document";
    parts.set(key, entry);
    return undefined;
  });
  if (verdict) return verdict;

  const contentTypesEntry = parts.get(CONTENT_TYPES);
  if (!contentTypesEntry) return "missing_content_types";
  if (contentTypesEntry.uncompressedSize > MAX_CONTENT_TYPES_BYTES) return "too_much_data";
  const contentTypes = new ContentTypes(parts);
  const typesVerdict = await readXml(zip, contentTypesEntry, contentTypes.visitor);
  if (typesVerdict) return typesVerdict;
  if (!contentTypes.hasWordMainPart) return "not_word_document";

  const relationships: [string, Entry][] = [];
  const others: [string, Entry][] = [];
  let xmlBytes = 0;
  for (const [name, entry] of parts) {
    const type = contentTypes.of(name);
    if (type && ACTIVE_CONTENT_TYPE.test(type)) return "active_content";
    if (name === CONTENT_TYPES) continue;
    if (name.endsWith(".rels")) relationships.push([name, entry]);
    else if (isXmlPart(name, type)) others.push([name, entry]);
    else continue;
    xmlBytes += entry.uncompressedSize;
  }
  // Parsing is the costly step; a resume's markup is well under a megabyte.
  if (xmlBytes > MAX_XML_BYTES) return "too_much_data";

  // Relationships first: they say which ids in each source part are external hyperlinks.
  const externalHyperlinks = new Map<string, Set<string>>();
  for (const [name, entry] of relationships) {
    const ids = new Set<string>();
    const relsVerdict = await readXml(
      zip,
      entry,
      relationshipsVisitor((id) => ids.add(id)),
    );
    if (relsVerdict) return relsVerdict;
    const source = sourcePartOf(name);
    if (source !== undefined) externalHyperlinks.set(source, ids);
  }
  for (const [name, entry] of others) {
    const ids = externalHyperlinks.get(name) ?? new Set<string>();
    const partVerdict = await readXml(zip, entry, wordPartVisitor(ids));
    if (partVerdict) return partVerdict;
  }
  return undefined;
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

/**
 * Streams one part through an XML visitor. yauzl enforces the declared sizes checked above while
 * inflating (validateEntrySizes), so no part is read past them. Malformed XML refuses the file:
 * Word would not open it either, and a reader that guesses might see markup we did not check.
 */
function readXml(zip: ZipFile, entry: Entry, visitor: XmlVisitor): Promise<Verdict> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err) return reject(err);
      const xml = xmlReader(visitor);
      let done = false;
      const finish = (verdict: Verdict) => {
        if (done) return;
        done = true;
        stream.destroy();
        resolve(verdict);
      };
      const verdictOf = (error: unknown): Verdict =>
        error instanceof XmlRefusal ? (error.reason as DocxRejection) : "not_word_document";
      stream.on("data", (chunk: Buffer) => {
        if (done) return;
        try {
          xml.write(chunk);
        } catch (error) {
          finish(verdictOf(error));
        }
      });
      stream.on("error", (error) => {
        if (!done) reject(error);
      });
      stream.on("end", () => {
        try {
          xml.end();
          finish(undefined);
        } catch (error) {
          finish(verdictOf(error));
        }
      });
    });
  });
}

/** [Content_Types].xml: what each part is, and whether a Word main part exists. */
class ContentTypes {
  hasWordMainPart = false;
  private readonly defaults = new Map<string, string>();
  private readonly overrides = new Map<string, string>();

  constructor(private readonly parts: ReadonlyMap<string, Entry>) {}

  /** The part's content type, lower-cased (RFC 2045 types are case-insensitive), no parameters. */
  of(part: string): string | undefined {
    const extension = /\.([^./]*)$/.exec(part)?.[1];
    return this.overrides.get(part) ?? (extension ? this.defaults.get(extension) : undefined);
  }

  readonly visitor: XmlVisitor = {
    open: (tag) => {
      for (const { value } of Object.values(tag.attributes))
        if (MACRO_CONTENT_TYPE.test(value.toLowerCase())) throw new XmlRefusal("macro_content");

      const [type] = attributeValues(tag, "contenttype").map((value) =>
        value.split(";")[0]!.trim().toLowerCase(),
      );
      if (!type) return;
      const element = tag.local.toLowerCase();
      if (element === "default") {
        for (const extension of attributeValues(tag, "extension"))
          this.declare(this.defaults, extension.toLowerCase(), type);
      } else if (element === "override") {
        for (const partName of attributeValues(tag, "partname")) {
          const part = partName.toLowerCase().replace(/^\//, "");
          this.declare(this.overrides, part, type);
          // The main document part must be declared by an <Override> and actually exist.
          if (WORD_MAIN_TYPES.includes(type) && this.parts.has(part)) this.hasWordMainPart = true;
        }
      }
    },
  };

  // Two different types for one part would let different readers see different documents.
  private declare(map: Map<string, string>, key: string, type: string) {
    if (map.has(key) && map.get(key) !== type) throw new XmlRefusal("not_word_document");
    map.set(key, type);
  }
}

/** Parts whose markup Word reads: any XML, except pictures (SVG). */
function isXmlPart(name: string, type: string | undefined): boolean {
  if (type === undefined) return name.endsWith(".xml");
  return /[+/]xml$/.test(type) && !type.startsWith("image/");
}

/** "word/_rels/document.xml.rels" → "word/document.xml"; undefined for the package's own. */
function sourcePartOf(relsPart: string): string | undefined {
  const match = /^((?:.*\/)?)_rels\/([^/]+)\.rels$/.exec(relsPart);
  return match ? `${match[1]}${match[2]}` : undefined;
}

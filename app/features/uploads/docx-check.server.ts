import type { Entry, ZipFile } from "yauzl";
import {
  ACTIVE_CONTENT_TYPE,
  ACTIVE_PART,
  relationshipsVisitor,
  wordPartVisitor,
} from "./docx-active-content.server";
import { ContentTypes, isXmlPart } from "./docx-content-types.server";
import { resumeFileMessages } from "~/features/leads/lead-magnets.words";
import { log } from "~/lib/logger.server";
import { problemOfRejection, type DocxRejection } from "./resume-upload";
import type { XmlVisitor } from "./xml-reader.server";
import { eachEntry, entryNames, isUnsafeName, openZip, readXml } from "./zip-reader.server";

/**
 * Checks an uploaded resume is a plain Word document without active content, by looking at
 * its content, never at its name or declared MIME type. Nothing is extracted to disk; only
 * XML parts are inflated, streamed through a parser within hard caps.
 */

export const MAX_RESUME_BYTES = 5 * 1024 * 1024;

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
// vbaProject.bin, vbaData.xml, vbaProjectSignature*.bin: wherever they are put.
const MACRO_PART = /(^|\/)vba[^/]*$/i;

type Verdict = DocxRejection | undefined;

const reject = (reason: DocxRejection): DocxCheck => ({ ok: false, reason });

/**
 * Malformed XML refuses the file: Word would not open it either, and a reader that guesses might
 * see markup we did not check.
 */
const readPart = (zip: ZipFile, entry: Entry, visitor: XmlVisitor): Promise<Verdict> =>
  readXml<DocxRejection>(zip, entry, visitor, "not_word_document");

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

async function inspect(zip: ZipFile): Promise<Verdict> {
  // The count comes from the end-of-central-directory record, before any entry is read.
  if (zip.entryCount > MAX_ENTRIES) return "too_many_entries";

  // Lower-cased part name → entry.
  const parts = new Map<string, Entry>();
  let total = 0;

  const verdict = await eachEntry<DocxRejection>(zip, (entry) => {
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
  const typesVerdict = await readPart(zip, contentTypesEntry, contentTypes.visitor);
  if (typesVerdict) return typesVerdict;
  if (!contentTypes.hasMainPart) return "not_word_document";

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
    const relsVerdict = await readPart(
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
    const partVerdict = await readPart(zip, entry, wordPartVisitor(ids));
    if (partVerdict) return partVerdict;
  }
  return undefined;
}

/** "word/_rels/document.xml.rels" → "word/document.xml"; undefined for the package's own. */
function sourcePartOf(relsPart: string): string | undefined {
  const match = /^((?:.*\/)?)_rels\/([^/]+)\.rels$/.exec(relsPart);
  return match ? `${match[1]}${match[2]}` : undefined;
}

/**
 * Why an uploaded Word file is refused, as its sender reads it (the resume upload's messages),
 * or null when it passes `checkDocx`. The reason goes to the log under `event`, never the file.
 */
export async function docxRefusal(bytes: Uint8Array, event: string): Promise<string | null> {
  const check = await checkDocx(bytes);
  if (check.ok) return null;
  log.warn(event, { reason: check.reason });
  return resumeFileMessages[problemOfRejection(check.reason)].description;
}

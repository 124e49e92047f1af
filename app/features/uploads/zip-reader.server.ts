import yauzl, { type Entry, type ZipFile } from "yauzl";
import { XmlRefusal, xmlReader, type XmlVisitor } from "./xml-reader.server";

/**
 * Reading an uploaded zip in memory without trusting it: entries one at a time, every name an
 * entry carries, and XML parts streamed through a parser, never extracted.
 */

export function openZip(buffer: Buffer): Promise<ZipFile> {
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

/** Walks the central directory one entry at a time, stopping at the first verdict. */
export function eachEntry<V extends string>(
  zip: ZipFile,
  visit: (entry: Entry) => V | undefined,
): Promise<V | undefined> {
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
export function entryNames(entry: Entry): string[] {
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

export function isUnsafeName(name: string): boolean {
  return (
    name.includes("\\") ||
    name.includes("\0") ||
    name.startsWith("/") ||
    /(^|\/)[a-z]:/i.test(name) ||
    name.split("/").includes("..")
  );
}

/**
 * Streams one part through an XML visitor: its refusal's reason, or `malformed` for XML that does
 * not parse. yauzl enforces the declared sizes while inflating (validateEntrySizes), so no part is
 * read past them.
 */
export function readXml<V extends string>(
  zip: ZipFile,
  entry: Entry,
  visitor: XmlVisitor,
  malformed: V,
): Promise<V | undefined> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err) return reject(err);
      const xml = xmlReader(visitor);
      let done = false;
      const finish = (verdict: V | undefined) => {
        if (done) return;
        done = true;
        stream.destroy();
        resolve(verdict);
      };
      const verdictOf = (error: unknown): V =>
        error instanceof XmlRefusal ? (error.reason as V) : malformed;
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

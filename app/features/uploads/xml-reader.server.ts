import { SaxesParser, type SaxesTagNS } from "saxes";

/**
 * Streams one XML part of an uploaded package through a namespace-aware parser, so checks see
 * what Word sees: decoded text, entity and character references resolved, any prefix bound to
 * its namespace. Nothing is fetched: DTDs are refused, so no external entity can be declared.
 */

export type XmlTag = SaxesTagNS;

export interface XmlVisitor {
  open?(tag: XmlTag): void;
  close?(tag: XmlTag): void;
  /** Character data, including CDATA sections, possibly in several pieces. */
  text?(text: string): void;
  end?(): void;
}

/** Thrown by a visitor to stop reading and refuse the file for `reason`. */
export class XmlRefusal<Reason extends string = string> extends Error {
  constructor(readonly reason: Reason) {
    super(reason);
  }
}

type Encoding = "utf-8" | "utf-16le" | "utf-16be";

// OPC allows only UTF-8 and UTF-16; a declaration naming anything else (UTF-7, EBCDIC, a legacy
// code page) could make another reader see different markup than we do.
const DECLARED: Record<Encoding, RegExp> = {
  "utf-8": /^utf-8$/i,
  "utf-16le": /^utf-16(le)?$/i,
  "utf-16be": /^utf-16(be)?$/i,
};

/**
 * A push reader: `write` each inflated chunk, then `end`. Malformed XML (including bytes that are
 * not valid in the detected encoding) throws an Error; a visitor's refusal throws its XmlRefusal.
 */
export function xmlReader(visitor: XmlVisitor) {
  const parser = new SaxesParser({ xmlns: true, position: false });
  let decoder: TextDecoder | undefined;
  let encoding: Encoding = "utf-8";
  let head = Buffer.alloc(0);

  parser.on("doctype", () => {
    throw new Error("DTDs are not allowed in OPC parts");
  });
  parser.on("xmldecl", (decl) => {
    if (decl.encoding !== undefined && !DECLARED[encoding].test(decl.encoding.trim()))
      throw new Error("declared encoding disagrees with the bytes");
  });
  if (visitor.open) parser.on("opentag", visitor.open);
  if (visitor.close) parser.on("closetag", visitor.close);
  if (visitor.text) {
    parser.on("text", visitor.text);
    parser.on("cdata", visitor.text);
  }

  // The encoding is known from the first four bytes (XML 1.0, appendix F).
  function start(bytes: Buffer) {
    encoding = detectEncoding(bytes);
    // fatal: invalid sequences are an error, not U+FFFD that hides what follows.
    decoder = new TextDecoder(encoding, { fatal: true });
  }

  return {
    write(chunk: Buffer) {
      if (!decoder) {
        head = Buffer.concat([head, chunk]);
        if (head.length < 4) return;
        start(head);
        chunk = head;
      }
      parser.write(decoder!.decode(chunk, { stream: true }));
    },
    end() {
      // An empty part holds nothing; it is still read, so its declared size is enforced.
      if (!decoder && head.length === 0) return;
      if (!decoder) {
        start(head);
        parser.write(decoder!.decode(head, { stream: true }));
      }
      parser.write(decoder!.decode());
      parser.close();
      visitor.end?.();
    },
  };
}

function detectEncoding(bytes: Buffer): Encoding {
  const [a, b, c, d] = bytes;
  if (a === 0xff && b === 0xfe) return "utf-16le";
  if (a === 0xfe && b === 0xff) return "utf-16be";
  // UTF-16 without a byte order mark, recognised by "<?".
  if (a === 0x3c && b === 0x00 && c === 0x3f && d === 0x00) return "utf-16le";
  if (a === 0x00 && b === 0x3c && c === 0x00 && d === 0x3f) return "utf-16be";
  return "utf-8";
}

/** Every value of the attributes named `local` (case-insensitive), whatever their namespace. */
export function attributeValues(tag: XmlTag, local: string): string[] {
  const values: string[] = [];
  for (const attribute of Object.values(tag.attributes))
    if (attribute.local.toLowerCase() === local) values.push(attribute.value.trim());
  return values;
}

import type { Entry } from "yauzl";
import { attributeValues, XmlRefusal, type XmlVisitor } from "./xml-reader.server";

const WORD_MAIN_TYPES = [
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml",
];
// Covers document.macroEnabled, template.macroEnabledTemplate, vbaProject and vbaData.
const MACRO_CONTENT_TYPE = /macroenabled|vbaproject|vbadata/;

/**
 * [Content_Types].xml: what each part is, and whether a main part of `mainTypes` (Word's by
 * default; a spreadsheet's for the job search's import) is declared and exists.
 */
export class ContentTypes {
  hasMainPart = false;
  private readonly defaults = new Map<string, string>();
  private readonly overrides = new Map<string, string>();

  constructor(
    private readonly parts: ReadonlyMap<string, Entry>,
    private readonly mainTypes: readonly string[] = WORD_MAIN_TYPES,
  ) {}

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
          if (this.mainTypes.includes(type) && this.parts.has(part)) this.hasMainPart = true;
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
export function isXmlPart(name: string, type: string | undefined): boolean {
  if (type === undefined) return name.endsWith(".xml");
  return /[+/]xml$/.test(type) && !type.startsWith("image/");
}

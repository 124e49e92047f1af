import { attributeValues, XmlRefusal, type XmlTag, type XmlVisitor } from "./xml-reader.server";

/**
 * What makes a Word document do something when opened, beyond showing text and pictures:
 * content fetched from elsewhere, embedded programs, foreign documents merged in, and fields that
 * run or pull in outside data. See docs/decisions/0020-docx-active-content.md for the reasoning.
 */

export type ActiveContentVerdict = "active_content" | "macro_content";

// Part folders Word uses for OLE objects and ActiveX controls, at any depth.
export const ACTIVE_PART = /(^|\/)(embeddings|activex)\//i;
// Parts typed as an OLE object or ActiveX control, wherever they are put.
export const ACTIVE_CONTENT_TYPE = /oleobject|activex/;

// Relationship types (last path segment, lower-cased) refused whatever their target: embedded
// OLE objects and packages, ActiveX controls, and alternative-format chunks merged into the text.
const ACTIVE_RELATIONSHIPS = new Set([
  "oleobject",
  "package",
  "control",
  "activexcontrol",
  "activexcontrolbinary",
  "afchunk",
]);

// Field keywords refused in any field code; why each one is in docs/decisions/0020.
const ACTIVE_FIELDS = new Set([
  "DDE",
  "DDEAUTO",
  "LINK",
  "INCLUDETEXT",
  "INCLUDE",
  "INCLUDEPICTURE",
  "IMPORT",
  "DATABASE",
]);

const WORDML = new Set([
  "http://schemas.openxmlformats.org/wordprocessingml/2006/main",
  "http://purl.oclc.org/ooxml/wordprocessingml/main",
]);
const RELATIONSHIP_REFERENCE = new Set([
  "http://schemas.openxmlformats.org/officedocument/2006/relationships",
  "http://purl.oclc.org/ooxml/officedocument/relationships",
]);
const VML_OFFICE = "urn:schemas-microsoft-com:office:office";

// WordprocessingML elements that embed or link foreign content.
const ACTIVE_ELEMENTS = new Set(["altchunk", "control", "objectembed", "objectlink"]);
// The only elements that may point at an external hyperlink relationship.
const HYPERLINK_ELEMENTS = new Set(["hyperlink", "hlinkclick", "hlinkhover", "hlinkmouseover"]);
// Only the keyword of a field code matters; this bounds what is kept of each code.
const MAX_FIELD_CODE = 256;

const refuse = (reason: ActiveContentVerdict = "active_content") => new XmlRefusal(reason);

/**
 * Checks a relationships part: `*.rels`, at any depth. External hyperlinks are fine (a resume
 * links to a portfolio); their ids go to `onExternalHyperlink` so the source part can be checked
 * to use them only as hyperlinks.
 */
export function relationshipsVisitor(onExternalHyperlink: (id: string) => void): XmlVisitor {
  return {
    open(tag) {
      if (tag.local.toLowerCase() !== "relationship") return;
      const types = attributeValues(tag, "type").map(relationshipType);
      const external =
        attributeValues(tag, "targetmode").some((mode) => mode.toLowerCase() === "external") ||
        attributeValues(tag, "target").some(isOutsideThePackage);

      if (types.some((type) => type.includes("vba"))) throw refuse("macro_content");
      if (types.some((type) => ACTIVE_RELATIONSHIPS.has(type))) throw refuse();
      if (!external) return;
      // An attached template, remote or UNC image, frame, subdocument, mail merge source...
      if (types.length === 0 || types.some((type) => type !== "hyperlink")) throw refuse();
      for (const id of attributeValues(tag, "id")) onExternalHyperlink(id);
    },
  };
}

/** "http://…/relationships/oleObject" → "oleobject" (transitional, strict and Microsoft URIs). */
function relationshipType(uri: string): string {
  return uri.toLowerCase().replace(/\/+$/, "").split("/").pop() ?? "";
}

/**
 * A target that names something outside the package even without TargetMode="External": a URL
 * or drive (any scheme), a network path (//host, \\host) or anything with a backslash.
 */
function isOutsideThePackage(target: string): boolean {
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    // Not percent-encoded UTF-8: the raw target is all there is to judge.
  }
  return [target, decoded].some(
    (t) => /^[a-z][a-z0-9+.-]*:/i.test(t) || t.startsWith("//") || t.includes("\\"),
  );
}

interface Field {
  /** The field code so far, normalised by `normaliseCode`, at most MAX_FIELD_CODE characters. */
  code: string;
  /** Still between fldChar begin and separate: text here is code, not result. */
  inCode: boolean;
  /** A nested field started before the keyword: the keyword is computed when updated. */
  computedKeyword: boolean;
  /** Opened by an instrText outside any field, evaluated when it closes. */
  stray: boolean;
}

/**
 * Checks any XML part other than relationships and content types. `externalHyperlinks` are the
 * ids of this part's external hyperlink relationships.
 */
export function wordPartVisitor(externalHyperlinks: ReadonlySet<string>): XmlVisitor {
  // Complex fields nest: { IF { MERGEFIELD x } = "y" … }.
  const fields: Field[] = [];
  let capture: Field | undefined;

  const top = () => fields.at(-1);
  const newField = (stray = false): Field => ({
    code: "",
    inCode: true,
    computedKeyword: false,
    stray,
  });

  function nest() {
    const outer = top();
    // { { QUOTE 68 68 69 } … } builds "DDE" when the fields are updated.
    if (outer?.inCode && fieldKeyword(outer.code) === "") outer.computedKeyword = true;
  }

  function checkField(field: Field) {
    if (field.computedKeyword || ACTIVE_FIELDS.has(fieldKeyword(field.code))) throw refuse();
  }

  function endCode(field: Field) {
    if (!field.inCode) return;
    field.inCode = false;
    checkField(field);
  }

  return {
    open(tag) {
      checkReferences(tag, externalHyperlinks);
      const local = tag.local.toLowerCase();
      if (tag.uri === VML_OFFICE && local === "oleobject") throw refuse();
      if (!WORDML.has(tag.uri.toLowerCase())) return;
      if (ACTIVE_ELEMENTS.has(local)) throw refuse();

      switch (local) {
        case "fldsimple":
          nest();
          for (const instr of attributeValues(tag, "instr"))
            checkField({ ...newField(), code: normaliseCode(instr) });
          break;
        case "fldchar":
          for (const type of attributeValues(tag, "fldchartype").map((t) => t.toLowerCase())) {
            const field = top();
            if (type === "begin") {
              nest();
              fields.push(newField());
            } else if (type === "separate" && field) endCode(field);
            else if (type === "end" && field) {
              endCode(field);
              fields.pop();
            }
          }
          break;
        case "instrtext":
        case "delinstrtext":
          if (!top()?.inCode) fields.push(newField(true));
          capture = top();
          break;
        // Text runs inside a field's code region still count as code.
        case "t":
        case "deltext":
          if (top()?.inCode) capture = top();
          break;
      }
    },
    text(text) {
      if (capture && capture.code.length < MAX_FIELD_CODE)
        capture.code = normaliseCode(capture.code + text);
    },
    close(tag) {
      if (!WORDML.has(tag.uri.toLowerCase())) return;
      const local = tag.local.toLowerCase();
      if (local === "instrtext" || local === "delinstrtext") {
        const field = top();
        if (field?.stray) {
          fields.pop();
          checkField(field);
        }
        capture = undefined;
      } else if (local === "t" || local === "deltext") capture = undefined;
    },
    // A field left open at the end of a part is still a field to Word.
    end() {
      for (const field of fields) if (field.inCode) checkField(field);
    },
  };
}

/** An external hyperlink used as anything but a hyperlink (say, as a picture) is a remote fetch. */
function checkReferences(tag: XmlTag, externalHyperlinks: ReadonlySet<string>) {
  if (externalHyperlinks.size === 0 || HYPERLINK_ELEMENTS.has(tag.local.toLowerCase())) return;
  for (const attribute of Object.values(tag.attributes)) {
    const reference =
      RELATIONSHIP_REFERENCE.has(attribute.uri.toLowerCase()) ||
      (attribute.uri === VML_OFFICE && attribute.local.toLowerCase() === "relid");
    if (reference && externalHyperlinks.has(attribute.value.trim())) throw refuse();
  }
}

/**
 * A field code with its keyword first: invisible format characters (zero-width space, soft
 * hyphen...) removed, leading blanks and quotes dropped and other blanks collapsed, so padding
 * cannot push the keyword past the bound.
 */
function normaliseCode(text: string): string {
  return text
    .replace(/\p{Cf}/gu, "")
    .replace(/^[\s"]+/, "")
    .replace(/\s+/g, " ")
    .slice(0, MAX_FIELD_CODE);
}

/** The field type: the first word of its code. */
function fieldKeyword(code: string): string {
  return /^[^\s"\\]*/.exec(code)![0].toUpperCase();
}

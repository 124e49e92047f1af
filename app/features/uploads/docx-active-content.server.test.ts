import { describe, expect, it } from "vitest";
import { docx, documentRels, MB, reasonFor, withBody } from "../../../tests/support/active-content";
import {
  contentTypesXml,
  docxFiles,
  documentXml,
  relsXml,
  utf16,
  WORDML_NAMESPACE,
  type ZipFiles,
} from "../../../tests/support/docx-fixtures";
import {
  DRAWING,
  fldChar,
  field,
  instrText,
  paragraph,
  picture,
  R,
  run,
  VML,
} from "../../../tests/support/wordml";

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

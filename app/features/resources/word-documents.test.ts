import { beforeAll, describe, expect, it } from "vitest";
import {
  convertToPdf,
  docxParts,
  onPath,
  pdfPageCount,
  pdfText,
  squash,
  stringsOf,
  wordParagraphs,
  wordRuns,
} from "../../../tests/support/documents";
import { outreachGuide, outreachScripts } from "./outreach-scripts.words";
import { resourceBrand } from "./resources.words";
import { resumeLabels, resumeTemplate } from "./resume-template.words";
import { checkDocx } from "~/features/uploads/docx-check.server";
import { documentColors } from "./document-style.server";
import { buildOutreachScriptsDocx } from "./outreach-scripts-word.server";
import { buildOutreachScriptsPdf } from "./outreach-scripts.server";
import { buildResumeTemplateDocx } from "./resume-template-word.server";
import { buildResumeTemplatePdf } from "./resume-template.server";

const placeholderColor = documentColors.placeholder.slice(1);
const placeholdersIn = (value: unknown) =>
  [...new Set(stringsOf(value).flatMap((s) => s.match(/\[[^\]]*\]/g) ?? []))].sort();

/** What the upload checker accepts, and nothing that runs, embeds or fetches anything. */
async function expectPlainWordDocument(bytes: Buffer) {
  expect(await checkDocx(bytes)).toEqual({ ok: true });
  const parts = docxParts(bytes);
  expect(Object.keys(parts)).toEqual(
    expect.arrayContaining(["[Content_Types].xml", "_rels/.rels", "word/document.xml"]),
  );
  for (const name of Object.keys(parts)) {
    expect(name).not.toMatch(/vba|activex|embeddings|\.bin$/i);
  }
  const all = Object.values(parts).join("\n");
  expect(all).not.toMatch(/macroEnabled|TargetMode="External"|<w:altChunk|<w:object|<o:OLEObject/i);
  const instructions = [...all.matchAll(/<w:instrText[^>]*>([^<]*)</g)].map((m) => m[1]!.trim());
  expect(instructions.every((field) => field === "PAGE" || field === "NUMPAGES")).toBe(true);
  return parts;
}

/**
 * Builds a document once for its describe block (`parts` fills in before the tests run) and
 * tests that it is a plain Word document with `title` in its properties.
 */
function useWordDocument(build: () => Promise<Buffer>, title: string) {
  let bytes: Buffer;
  const parts: Record<string, string> = {};
  beforeAll(async () => {
    bytes = await build();
    Object.assign(parts, docxParts(bytes));
  });
  it("is a plain Word document the upload checker accepts", async () => {
    await expectPlainWordDocument(bytes);
    expect(parts["docProps/core.xml"]).toContain(`<dc:title>${title}</dc:title>`);
  });
  return { parts };
}

describe("resume template Word document", () => {
  const { parts } = useWordDocument(buildResumeTemplateDocx, `${resourceBrand}: Resume Template`);

  it("has the PDF's page, sections and bullet lists", () => {
    const xml = parts["word/document.xml"]!;
    expect(xml).toContain('<w:pgSz w:w="12240" w:h="15840"');
    expect(xml).toMatch(/<w:pgMar w:top="800" w:right="800" w:bottom="800" w:left="800"/);

    const paragraphs = wordParagraphs(xml);
    expect(paragraphs.filter((p) => p.style === "Title").map((p) => p.text)).toEqual([
      resumeTemplate.name,
    ]);
    expect(paragraphs.filter((p) => p.style === "Heading1").map((p) => p.text)).toEqual(
      Object.values(resumeLabels.sections),
    );
    // Shown in capitals by the style, as the PDF prints them, but typed as written.
    expect(parts["word/styles.xml"]).toMatch(/w:styleId="Heading1".*?<w:caps\/>/s);

    const roles = [
      ...resumeTemplate.education,
      ...resumeTemplate.experience,
      ...resumeTemplate.leadership,
    ];
    const bullets = roles.flatMap((role) => role.bullets).length;
    expect(xml.match(/<w:numPr>/g)).toHaveLength(bullets + resumeTemplate.guidance.length);
    // Organization and location share a line, split by a right tab at the text's edge.
    expect(xml.match(/<w:tab w:val="right" w:pos="10640"\/>/g)).toHaveLength(roles.length * 2);
  });

  it("highlights every [placeholder] of the copy, as the PDF does", () => {
    const runs = wordRuns(parts["word/document.xml"]!);
    const highlighted = runs
      .filter((run) => run.properties.includes(`<w:color w:val="${placeholderColor}"/>`))
      .map((run) => run.text);
    // The how-to notes mention "[brackets]" as a word, not as a placeholder; neither copy colours it.
    const { name, contact, education, experience, leadership, skills } = resumeTemplate;
    expect(placeholdersIn(highlighted)).toEqual(
      placeholdersIn([name, contact, education, experience, leadership, skills]),
    );
    expect(highlighted.every((text) => /^\[[^\]]*\]$/.test(text))).toBe(true);
  });

  it("keeps the how-to notes in one shaded box, easy to delete", () => {
    const tables = parts["word/document.xml"]!.match(/<w:tbl>.*?<\/w:tbl>/gs) ?? [];
    expect(tables).toHaveLength(1);
    expect(tables[0]).toContain(`w:fill="${documentColors.panel.slice(1)}"`);
    const text = wordParagraphs(tables[0]!).map((p) => p.text);
    expect(text).toEqual([resumeTemplate.guidanceTitle, ...resumeTemplate.guidance]);
  });

  it("says exactly what the PDF says", async () => {
    const word = squash(
      wordRuns(parts["word/document.xml"]!)
        .map((r) => r.text)
        .join(""),
    );
    const pdf = squash(pdfText(await buildResumeTemplatePdf({ compress: false })));
    for (const text of stringsOf(resumeTemplate)) {
      expect(word).toContain(squash(text));
      expect(pdf).toContain(squash(text));
    }
  });
});

describe("outreach scripts Word document", () => {
  const { parts } = useWordDocument(
    buildOutreachScriptsDocx,
    `${resourceBrand}: ${outreachGuide.title}`,
  );

  it("has a heading for the guide, its two parts and every script, in order", () => {
    const paragraphs = wordParagraphs(parts["word/document.xml"]!);
    const styled = (style: string) =>
      paragraphs.filter((p) => p.style === style).map((p) => p.text);
    expect(styled("Title")).toEqual([outreachGuide.title]);
    expect(styled("Heading1")).toEqual([outreachGuide.rulesTitle, outreachGuide.cadenceTitle]);
    expect(styled("Heading2")).toEqual(outreachScripts.map((s) => s.title));
    const subjects = paragraphs.filter((p) =>
      p.text.startsWith(`${outreachGuide.labels.subject} `),
    );
    expect(subjects.map((p) => p.text)).toEqual(
      outreachScripts.flatMap((s) =>
        s.subject ? [`${outreachGuide.labels.subject} ${s.subject}`] : [],
      ),
    );
  });

  it("numbers its pages with fields in a footer that names the guide", () => {
    const footer = parts["word/footer1.xml"]!;
    expect(footer).toContain(`${resourceBrand}  ·  ${outreachGuide.title}`);
    expect(footer).toMatch(/PAGE<\/w:instrText>.*NUMPAGES<\/w:instrText>/s);
  });

  it("highlights every [placeholder] and says exactly what the PDF says", async () => {
    const runs = wordRuns(parts["word/document.xml"]!);
    const highlighted = runs
      .filter((run) => run.properties.includes(`<w:color w:val="${placeholderColor}"/>`))
      .map((run) => run.text);
    expect(placeholdersIn(highlighted)).toEqual(placeholdersIn([outreachGuide, outreachScripts]));

    const word = squash(runs.map((r) => r.text).join(""));
    const pdf = squash(pdfText(await buildOutreachScriptsPdf({ compress: false })));
    // The page number's {page} and {pages} become numbers; every other label is printed as is.
    const { labels: printed, ...guide } = outreachGuide;
    const labels = [printed.whenToUse, printed.subject, printed.tips];
    for (const text of stringsOf([guide, outreachScripts, labels])) {
      expect(word).toContain(squash(text));
      expect(pdf).toContain(squash(text));
    }
  });
});

const soffice = onPath("libreoffice", "soffice");
const withLibreOffice = soffice ? describe : describe.skip;

withLibreOffice(
  soffice
    ? "Word documents rendered by LibreOffice"
    : "Word documents rendered by LibreOffice (SKIPPED: neither libreoffice nor soffice is on PATH)",
  () => {
    it(
      "opens both, and the resume template is exactly one page",
      { timeout: 180_000 },
      async () => {
        const pdfs = await convertToPdf(soffice!, {
          "resume.docx": await buildResumeTemplateDocx(),
          "outreach.docx": await buildOutreachScriptsDocx(),
        });
        expect(await pdfPageCount(pdfs["resume.docx"]!)).toBe(1);
        expect(await pdfPageCount(pdfs["outreach.docx"]!)).toBeGreaterThanOrEqual(2);
      },
    );
  },
);

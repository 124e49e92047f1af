import {
  AlignmentType,
  BorderStyle,
  HeadingLevel,
  Paragraph,
  ShadingType,
  Tab,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TabStopType,
  TextRun,
  WidthType,
} from "docx";
import {
  resumeContactSeparator,
  resumeDocumentTitle,
  resumeSectionTitles,
  resumeTemplate,
  type ResumeEntry,
} from "~/content/resources";
import { resumeLayout as layout } from "./document-style.server";
import {
  bulletList,
  createWordDocument,
  halfPoints,
  letterSize,
  NO_BORDER,
  placeholderRuns,
  textWidth,
  twips,
  WORD_FONT,
  wordColors,
  wordToBuffer,
} from "./word.server";

const TEXT_WIDTH = textWidth(layout.margin);
const GUIDANCE_PADDING = 7;
const GUIDANCE_INDENT = 9;

/**
 * The resume template as a Word document a student edits in place: the PDF's one-page layout,
 * with real headings, tab-aligned dates and bullet lists, built from the same copy.
 */
export async function buildResumeTemplateDocx(): Promise<Buffer> {
  const t = resumeTemplate;
  const doc = createWordDocument(resumeDocumentTitle, {
    description: t.guidanceTitle,
    styles: {
      default: {
        document: {
          run: { font: WORD_FONT, size: halfPoints(layout.bodySize), color: wordColors.text },
          paragraph: { spacing: { before: 0, after: 0 } },
        },
        title: {
          run: {
            font: WORD_FONT,
            size: halfPoints(layout.nameSize),
            bold: true,
            color: wordColors.text,
          },
          paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 0, after: 0 } },
        },
        heading1: {
          run: {
            font: WORD_FONT,
            size: halfPoints(layout.sectionSize),
            bold: true,
            allCaps: true,
            characterSpacing: twips(0.6),
            color: wordColors.text,
          },
          paragraph: {
            keepNext: true,
            spacing: { before: twips(8), after: twips(4) },
            border: {
              bottom: { style: BorderStyle.SINGLE, size: 6, color: wordColors.rule, space: 1 },
            },
          },
        },
      },
    },
    numbering: {
      config: [
        bulletList("resume-bullets", layout.bulletIndent, layout.bulletIndent - 4),
        bulletList("guidance-bullets", GUIDANCE_INDENT, GUIDANCE_INDENT),
      ],
    },
    sections: [
      {
        properties: {
          page: {
            size: letterSize,
            margin: {
              top: twips(layout.margin),
              bottom: twips(layout.margin),
              left: twips(layout.margin),
              right: twips(layout.margin),
              header: twips(layout.margin / 2),
              footer: twips(layout.margin / 2),
            },
          },
        },
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: placeholderRuns(t.name) }),
          new Paragraph({
            alignment: AlignmentType.CENTER,
            children: placeholderRuns(t.contact.join(resumeContactSeparator), {
              size: halfPoints(layout.contactSize),
            }),
          }),
          section(resumeSectionTitles.education),
          ...entries(t.education),
          section(resumeSectionTitles.experience),
          ...entries(t.experience),
          section(resumeSectionTitles.leadership),
          ...entries(t.leadership),
          section(resumeSectionTitles.skills),
          ...t.skills.map(
            (line, i) =>
              new Paragraph({
                // The gap above the notes box, which the PDF pins to the foot of the page.
                spacing: { after: i === t.skills.length - 1 ? twips(12) : 0 },
                children: [
                  new TextRun({ text: `${line.label}: `, bold: true }),
                  ...placeholderRuns(line.text),
                ],
              }),
          ),
          guidance(),
          // Word always ends a document with a paragraph; a tiny one cannot push onto page two.
          new Paragraph({ children: [new TextRun({ text: "", size: 2 })] }),
        ],
      },
    ],
  });
  return wordToBuffer(doc);
}

function section(title: string) {
  return new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(title)] });
}

/** Organization and location, then title and dates, each pair split by a right tab stop. */
function entries(items: readonly ResumeEntry[]) {
  const tabStops = [{ type: TabStopType.RIGHT, position: TEXT_WIDTH }];
  return items.flatMap((entry, i) => [
    new Paragraph({
      tabStops,
      keepNext: true,
      spacing: { before: i === 0 ? 0 : twips(4) },
      children: [
        ...placeholderRuns(entry.organization, { bold: true }),
        new TextRun({ children: [new Tab()] }),
        ...placeholderRuns(entry.location),
      ],
    }),
    new Paragraph({
      tabStops,
      keepNext: true,
      children: [
        ...placeholderRuns(entry.title, { italics: true }),
        new TextRun({ children: [new Tab()], italics: true }),
        ...placeholderRuns(entry.dates, { italics: true }),
      ],
    }),
    ...entry.bullets.map(
      (bullet) =>
        new Paragraph({
          numbering: { reference: "resume-bullets", level: 0 },
          children: placeholderRuns(bullet),
        }),
    ),
  ]);
}

/** The "how to use" notes in a shaded box: one table cell, so one click deletes it. */
function guidance() {
  const size = halfPoints(layout.guidanceSize);
  const padding = twips(GUIDANCE_PADDING);
  return new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    columnWidths: [TEXT_WIDTH],
    layout: TableLayoutType.FIXED,
    borders: { top: NO_BORDER, bottom: NO_BORDER, left: NO_BORDER, right: NO_BORDER },
    rows: [
      new TableRow({
        cantSplit: true,
        children: [
          new TableCell({
            width: { size: TEXT_WIDTH, type: WidthType.DXA },
            shading: { type: ShadingType.CLEAR, fill: wordColors.panel, color: "auto" },
            margins: { top: padding, bottom: padding, left: padding, right: padding },
            children: [
              new Paragraph({
                spacing: { after: twips(2) },
                children: [
                  new TextRun({
                    text: resumeTemplate.guidanceTitle,
                    bold: true,
                    size,
                    color: wordColors.muted,
                  }),
                ],
              }),
              ...resumeTemplate.guidance.map(
                (item) =>
                  new Paragraph({
                    numbering: { reference: "guidance-bullets", level: 0 },
                    run: { size, color: wordColors.muted },
                    children: [new TextRun({ text: item, size, color: wordColors.muted })],
                  }),
              ),
            ],
          }),
        ],
      }),
    ],
  });
}

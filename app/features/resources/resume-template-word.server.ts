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
import { resumeLabels, resumeTemplate, type ResumeEntry } from "./resume-template.words";
import { resumeLayout as layout } from "./document-style.server";
import * as word from "./word.server";

const TEXT_WIDTH = word.textWidth(layout.margin);
const GUIDANCE_PADDING = 7;
const GUIDANCE_INDENT = 9;

/**
 * The resume template as a Word document a student edits in place: the PDF's one-page layout,
 * with real headings, tab-aligned dates and bullet lists, built from the same copy.
 */
export async function buildResumeTemplateDocx(): Promise<Buffer> {
  const t = resumeTemplate;
  return word.letterDocx({
    title: resumeLabels.documentTitle,
    description: t.guidanceTitle,
    margin: layout.margin,
    bodySize: layout.bodySize,
    headings: {
      title: word.headingStyle(layout.nameSize, word.colors.text, {
        alignment: AlignmentType.CENTER,
        spacing: { before: 0, after: 0 },
      }),
      heading1: word.headingStyle(
        layout.sectionSize,
        word.colors.text,
        {
          keepNext: true,
          spacing: { before: word.twips(8), after: word.twips(4) },
          border: {
            bottom: { style: BorderStyle.SINGLE, size: 6, color: word.colors.rule, space: 1 },
          },
        },
        { allCaps: true, characterSpacing: word.twips(0.6) },
      ),
    },
    bullets: [
      word.bulletList("resume-bullets", layout.bulletIndent, layout.bulletIndent - 4),
      word.bulletList("guidance-bullets", GUIDANCE_INDENT, GUIDANCE_INDENT),
    ],
    children: [
      new Paragraph({ heading: HeadingLevel.TITLE, children: word.placeholderRuns(t.name) }),
      new Paragraph({
        alignment: AlignmentType.CENTER,
        children: word.placeholderRuns(t.contact.join(resumeLabels.contactSeparator), {
          size: word.halfPoints(layout.contactSize),
        }),
      }),
      section(resumeLabels.sections.education),
      ...entries(t.education),
      section(resumeLabels.sections.experience),
      ...entries(t.experience),
      section(resumeLabels.sections.leadership),
      ...entries(t.leadership),
      section(resumeLabels.sections.skills),
      ...t.skills.map(
        (line, i) =>
          new Paragraph({
            // The gap above the notes box, which the PDF pins to the foot of the page.
            spacing: { after: i === t.skills.length - 1 ? word.twips(12) : 0 },
            children: [
              new TextRun({ text: `${line.label}: `, bold: true }),
              ...word.placeholderRuns(line.text),
            ],
          }),
      ),
      guidance(),
      // Word always ends a document with a paragraph; a tiny one cannot push onto page two.
      new Paragraph({ children: [new TextRun({ text: "", size: 2 })] }),
    ],
  });
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
      spacing: { before: i === 0 ? 0 : word.twips(4) },
      children: [
        ...word.placeholderRuns(entry.organization, { bold: true }),
        new TextRun({ children: [new Tab()] }),
        ...word.placeholderRuns(entry.location),
      ],
    }),
    new Paragraph({
      tabStops,
      keepNext: true,
      children: [
        ...word.placeholderRuns(entry.title, { italics: true }),
        new TextRun({ children: [new Tab()], italics: true }),
        ...word.placeholderRuns(entry.dates, { italics: true }),
      ],
    }),
    ...entry.bullets.map(
      (bullet) =>
        new Paragraph({
          numbering: { reference: "resume-bullets", level: 0 },
          children: word.placeholderRuns(bullet),
        }),
    ),
  ]);
}

/** The "how to use" notes in a shaded box: one table cell, so one click deletes it. */
function guidance() {
  const size = word.halfPoints(layout.guidanceSize);
  const padding = word.twips(GUIDANCE_PADDING);
  return new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    columnWidths: [TEXT_WIDTH],
    layout: TableLayoutType.FIXED,
    borders: {
      top: word.NO_BORDER,
      bottom: word.NO_BORDER,
      left: word.NO_BORDER,
      right: word.NO_BORDER,
    },
    rows: [
      new TableRow({
        cantSplit: true,
        children: [
          new TableCell({
            width: { size: TEXT_WIDTH, type: WidthType.DXA },
            shading: { type: ShadingType.CLEAR, fill: word.colors.panel, color: "auto" },
            margins: { top: padding, bottom: padding, left: padding, right: padding },
            children: [
              new Paragraph({
                spacing: { after: word.twips(2) },
                children: [
                  new TextRun({
                    text: resumeTemplate.guidanceTitle,
                    bold: true,
                    size,
                    color: word.colors.muted,
                  }),
                ],
              }),
              ...resumeTemplate.guidance.map(
                (item) =>
                  new Paragraph({
                    numbering: { reference: "guidance-bullets", level: 0 },
                    run: { size, color: word.colors.muted },
                    children: [new TextRun({ text: item, size, color: word.colors.muted })],
                  }),
              ),
            ],
          }),
        ],
      }),
    ],
  });
}

import {
  BorderStyle,
  HeadingLevel,
  Paragraph,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  WidthType,
  type IBorderOptions,
} from "docx";
import { outreachGuide, outreachScripts, type OutreachScript } from "./outreach-scripts.words";
import { resourceBrand } from "./resources.words";
import { outreachLayout as layout } from "./document-style.server";
import * as word from "./word.server";

const labels = outreachGuide.labels;
const TEXT_WIDTH = word.textWidth(layout.margin);
/** The PDF's 1.5pt line gap, as a share of single spacing (240). */
const LINE = { line: 270 } as const;

/**
 * The cold outreach scripts as a Word document, so students can copy and adapt a script where
 * they write. Same copy and order as the PDF; each script is kept together on a page.
 */
export async function buildOutreachScriptsDocx(): Promise<Buffer> {
  return word.letterDocx({
    title: outreachGuide.title,
    description: outreachGuide.subtitle,
    margin: layout.margin,
    bodySize: layout.bodySize,
    headings: {
      title: word.headingStyle(layout.titleSize, word.colors.accent, {
        spacing: { before: word.twips(6), after: 0 },
      }),
      heading1: word.headingStyle(layout.headingSize, word.colors.accent, {
        keepNext: true,
        spacing: { before: word.twips(12), after: word.twips(4) },
      }),
      heading2: word.headingStyle(layout.scriptTitleSize, word.colors.accent, {
        keepNext: true,
        keepLines: true,
        spacing: { before: word.twips(18), after: word.twips(4) },
      }),
    },
    paragraphStyles: [
      {
        id: "Footer",
        name: "footer",
        basedOn: "Normal",
        run: { size: word.halfPoints(layout.footerSize), color: word.colors.muted },
      },
    ],
    bullets: [word.bulletList("bullets", 14, 12)],
    footer: {
      content: word.pageNumberFooter(
        `${resourceBrand}  ·  ${outreachGuide.title}`,
        labels.pageNumber,
        TEXT_WIDTH,
      ),
      distance: layout.margin - 16 - layout.footerSize,
    },
    children: [...intro(), ...outreachScripts.flatMap(script)],
  });
}

function intro() {
  return [
    new Paragraph({
      children: [
        new TextRun({
          text: resourceBrand,
          allCaps: true,
          bold: true,
          size: word.halfPoints(layout.brandSize),
          characterSpacing: word.twips(1),
          color: word.colors.muted,
        }),
      ],
    }),
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(outreachGuide.title)] }),
    new Paragraph({
      spacing: { after: word.twips(14) },
      border: {
        bottom: { style: BorderStyle.SINGLE, size: 8, color: word.colors.rule, space: 10 },
      },
      children: [
        new TextRun({
          text: outreachGuide.subtitle,
          size: word.halfPoints(layout.subtitleSize),
          color: word.colors.muted,
        }),
      ],
    }),
    ...outreachGuide.intro.map(
      (paragraph) =>
        new Paragraph({
          spacing: { ...LINE, after: word.twips(8) },
          children: word.placeholderRuns(paragraph),
        }),
    ),
    new Paragraph({
      heading: HeadingLevel.HEADING_1,
      spacing: { before: word.twips(6) },
      children: [new TextRun(outreachGuide.rulesTitle)],
    }),
    ...outreachGuide.rules.map((rule) => bullet(rule)),
    new Paragraph({
      heading: HeadingLevel.HEADING_1,
      children: [new TextRun(outreachGuide.cadenceTitle)],
    }),
    cadence(),
  ];
}

/** The cadence as a two-column table with the PDF's hairlines between the steps. */
function cadence() {
  const whenWidth = word.twips(layout.cadenceWhenWidth);
  const line: IBorderOptions = { style: BorderStyle.SINGLE, size: 4, color: word.colors.divider };
  const cell = (width: number, children: TextRun[]) =>
    new TableCell({
      width: { size: width, type: WidthType.DXA },
      margins: { top: 0, bottom: word.twips(5), left: 0, right: word.twips(4) },
      children: [new Paragraph({ children })],
    });
  return new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    columnWidths: [whenWidth, TEXT_WIDTH - whenWidth],
    layout: TableLayoutType.FIXED,
    borders: {
      top: word.NO_BORDER,
      left: word.NO_BORDER,
      right: word.NO_BORDER,
      insideVertical: word.NO_BORDER,
      bottom: line,
      insideHorizontal: line,
    },
    rows: outreachGuide.cadence.map(
      (step) =>
        new TableRow({
          cantSplit: true,
          children: [
            cell(whenWidth, [new TextRun({ text: step.when, bold: true })]),
            cell(TEXT_WIDTH - whenWidth, [new TextRun(step.action)]),
          ],
        }),
    ),
  });
}

/**
 * One script. Every paragraph but the last keeps with the next, so Word moves a script that
 * would straddle a page break onto the next page, as the PDF does.
 */
function script(s: OutreachScript): Paragraph[] {
  const note = word.halfPoints(layout.noteSize);
  const bar = {
    left: { style: BorderStyle.SINGLE, size: 24, color: word.colors.accent, space: 8 },
  } as const;
  const message = (children: TextRun[], after: number) =>
    new Paragraph({
      keepNext: true,
      keepLines: true,
      indent: { left: word.twips(layout.messageIndent) },
      border: bar,
      spacing: { ...LINE, after: word.twips(after) },
      children,
    });
  return [
    new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(s.title)] }),
    new Paragraph({
      keepNext: true,
      keepLines: true,
      spacing: { ...LINE, after: word.twips(10) },
      children: [
        new TextRun({
          text: `${labels.whenToUse} ${s.whenToUse}`,
          italics: true,
          size: note,
          color: word.colors.muted,
        }),
      ],
    }),
    ...(s.subject
      ? [
          message(
            [
              new TextRun({ text: `${labels.subject} `, bold: true }),
              ...word.placeholderRuns(s.subject),
            ],
            8,
          ),
        ]
      : []),
    ...s.body.map((paragraph) => message(word.placeholderRuns(paragraph), 7)),
    new Paragraph({
      keepNext: true,
      spacing: { before: word.twips(4), after: word.twips(2) },
      children: [new TextRun({ text: labels.tips, bold: true, size: note })],
    }),
    ...s.tips.map((tip, i) => bullet(tip, note, i < s.tips.length - 1)),
  ];
}

function bullet(text: string, size?: number, keepNext = false) {
  return new Paragraph({
    numbering: { reference: "bullets", level: 0 },
    keepNext,
    spacing: { ...LINE, after: word.twips(3) },
    ...(size ? { run: { size } } : {}),
    children: word.placeholderRuns(text, size ? { size } : {}),
  });
}

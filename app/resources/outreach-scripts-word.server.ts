import {
  BorderStyle,
  Footer,
  HeadingLevel,
  PageNumber,
  Paragraph,
  Tab,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TabStopType,
  TextRun,
  WidthType,
  type IBorderOptions,
} from "docx";
import {
  outreachGuide,
  outreachScriptLabels as labels,
  outreachScripts,
  resourceBrand,
  type OutreachScript,
} from "~/content/resources";
import { outreachLayout as layout } from "./document-style.server";
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
/** The PDF's 1.5pt line gap, as a share of single spacing (240). */
const LINE = { line: 270 } as const;

/**
 * The cold outreach scripts as a Word document, so students can copy and adapt a script where
 * they write. Same copy and order as the PDF; each script is kept together on a page.
 */
export async function buildOutreachScriptsDocx(): Promise<Buffer> {
  const doc = createWordDocument(outreachGuide.title, {
    description: outreachGuide.subtitle,
    styles: {
      default: {
        document: {
          run: { font: WORD_FONT, size: halfPoints(layout.bodySize), color: wordColors.text },
          paragraph: { spacing: { before: 0, after: 0 } },
        },
        title: {
          run: {
            font: WORD_FONT,
            size: halfPoints(layout.titleSize),
            bold: true,
            color: wordColors.accent,
          },
          paragraph: { spacing: { before: twips(6), after: 0 } },
        },
        heading1: {
          run: {
            font: WORD_FONT,
            size: halfPoints(layout.headingSize),
            bold: true,
            color: wordColors.accent,
          },
          paragraph: { keepNext: true, spacing: { before: twips(12), after: twips(4) } },
        },
        heading2: {
          run: {
            font: WORD_FONT,
            size: halfPoints(layout.scriptTitleSize),
            bold: true,
            color: wordColors.accent,
          },
          paragraph: {
            keepNext: true,
            keepLines: true,
            spacing: { before: twips(18), after: twips(4) },
          },
        },
      },
      paragraphStyles: [
        {
          id: "Footer",
          name: "footer",
          basedOn: "Normal",
          run: { size: halfPoints(layout.footerSize), color: wordColors.muted },
        },
      ],
    },
    numbering: { config: [bulletList("bullets", 14, 12)] },
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
              footer: twips(layout.margin - 16 - layout.footerSize),
            },
          },
        },
        footers: { default: footer() },
        children: [...intro(), ...outreachScripts.flatMap(script)],
      },
    ],
  });
  return wordToBuffer(doc);
}

function intro() {
  return [
    new Paragraph({
      children: [
        new TextRun({
          text: resourceBrand,
          allCaps: true,
          bold: true,
          size: halfPoints(layout.brandSize),
          characterSpacing: twips(1),
          color: wordColors.muted,
        }),
      ],
    }),
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(outreachGuide.title)] }),
    new Paragraph({
      spacing: { after: twips(14) },
      border: { bottom: { style: BorderStyle.SINGLE, size: 8, color: wordColors.rule, space: 10 } },
      children: [
        new TextRun({
          text: outreachGuide.subtitle,
          size: halfPoints(layout.subtitleSize),
          color: wordColors.muted,
        }),
      ],
    }),
    ...outreachGuide.intro.map(
      (paragraph) =>
        new Paragraph({
          spacing: { ...LINE, after: twips(8) },
          children: placeholderRuns(paragraph),
        }),
    ),
    new Paragraph({
      heading: HeadingLevel.HEADING_1,
      spacing: { before: twips(6) },
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
  const whenWidth = twips(layout.cadenceWhenWidth);
  const line: IBorderOptions = { style: BorderStyle.SINGLE, size: 4, color: wordColors.divider };
  const cell = (width: number, children: TextRun[]) =>
    new TableCell({
      width: { size: width, type: WidthType.DXA },
      margins: { top: 0, bottom: twips(5), left: 0, right: twips(4) },
      children: [new Paragraph({ children })],
    });
  return new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    columnWidths: [whenWidth, TEXT_WIDTH - whenWidth],
    layout: TableLayoutType.FIXED,
    borders: {
      top: NO_BORDER,
      left: NO_BORDER,
      right: NO_BORDER,
      insideVertical: NO_BORDER,
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
  const note = halfPoints(layout.noteSize);
  const bar = {
    left: { style: BorderStyle.SINGLE, size: 24, color: wordColors.accent, space: 8 },
  } as const;
  const message = (children: TextRun[], after: number) =>
    new Paragraph({
      keepNext: true,
      keepLines: true,
      indent: { left: twips(layout.messageIndent) },
      border: bar,
      spacing: { ...LINE, after: twips(after) },
      children,
    });
  return [
    new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(s.title)] }),
    new Paragraph({
      keepNext: true,
      keepLines: true,
      spacing: { ...LINE, after: twips(10) },
      children: [
        new TextRun({
          text: `${labels.whenToUse} ${s.whenToUse}`,
          italics: true,
          size: note,
          color: wordColors.muted,
        }),
      ],
    }),
    ...(s.subject
      ? [
          message(
            [
              new TextRun({ text: `${labels.subject} `, bold: true }),
              ...placeholderRuns(s.subject),
            ],
            8,
          ),
        ]
      : []),
    ...s.body.map((paragraph) => message(placeholderRuns(paragraph), 7)),
    new Paragraph({
      keepNext: true,
      spacing: { before: twips(4), after: twips(2) },
      children: [new TextRun({ text: labels.tips, bold: true, size: note })],
    }),
    ...s.tips.map((tip, i) => bullet(tip, note, i < s.tips.length - 1)),
  ];
}

function bullet(text: string, size?: number, keepNext = false) {
  return new Paragraph({
    numbering: { reference: "bullets", level: 0 },
    keepNext,
    spacing: { ...LINE, after: twips(3) },
    ...(size ? { run: { size } } : {}),
    children: placeholderRuns(text, size ? { size } : {}),
  });
}

/** Brand and title on the left, "Page n of N" on the right as fields Word keeps current. */
function footer() {
  const fields: Record<string, (typeof PageNumber)[keyof typeof PageNumber]> = {
    "{page}": PageNumber.CURRENT,
    "{pages}": PageNumber.TOTAL_PAGES,
  };
  const pageNumber = labels.pageNumber
    .split(/(\{pages?\})/)
    .filter((part) => part !== "")
    .map((part) => fields[part] ?? part);
  return new Footer({
    children: [
      new Paragraph({
        tabStops: [{ type: TabStopType.RIGHT, position: TEXT_WIDTH }],
        // Writer formats a page-number field like the paragraph's style, not like its run.
        style: "Footer",
        children: [
          new TextRun(`${resourceBrand}  ·  ${outreachGuide.title}`),
          new TextRun({ children: [new Tab(), ...pageNumber] }),
        ],
      }),
    ],
  });
}

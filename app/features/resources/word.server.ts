import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  LevelFormat,
  Packer,
  PageNumber,
  Paragraph,
  Tab,
  TabStopType,
  TextRun,
  type IBorderOptions,
  type FileChild,
  type INumberingOptions,
  type IParagraphStyleOptions,
  type IParagraphStylePropertiesOptions,
  type IRunOptions,
  type IRunStylePropertiesOptions,
} from "docx";
import { resourceBrand } from "./resources.words";
import { documentColors, letterPage, placeholderSegments } from "./document-style.server";

/** Points in twentieths of a point (twips), Word's unit for lengths. */
export const twips = (points: number) => Math.round(points * 20);

/** Points in half-points, Word's unit for font sizes. */
export const halfPoints = (points: number) => Math.round(points * 2);

/** Word writes colours as bare hex. */
const wordColor = (color: string) => color.replace(/^#/, "");

/**
 * Arial has Helvetica's metrics (the PDFs' font), ships with Word everywhere, and LibreOffice
 * substitutes the metric-compatible Liberation Sans, so lines break in the same places.
 */
const WORD_FONT = "Arial";

export const colors = {
  text: wordColor(documentColors.text),
  muted: wordColor(documentColors.muted),
  placeholder: wordColor(documentColors.placeholder),
  rule: wordColor(documentColors.rule),
  panel: wordColor(documentColors.panel),
  accent: wordColor(documentColors.accent),
  divider: wordColor(documentColors.divider),
} as const;

const letterSize = { width: twips(letterPage.width), height: twips(letterPage.height) };

/** The width between a Letter page's margins, in twips. */
export const textWidth = (margin: number) => twips(letterPage.width - margin * 2);

/** A Letter page with `margin` all round: the header half a margin down, the footer at `footer`. */
function letterPageProperties(margin: number, footer = margin / 2) {
  return {
    page: {
      size: letterSize,
      margin: {
        top: twips(margin),
        bottom: twips(margin),
        left: twips(margin),
        right: twips(margin),
        header: twips(margin / 2),
        footer: twips(footer),
      },
    },
  };
}

/** The document's default style: the font at `size` points in the text colour, no paragraph gaps. */
function documentStyle(size: number) {
  return {
    run: { font: WORD_FONT, size: halfPoints(size), color: colors.text },
    paragraph: { spacing: { before: 0, after: 0 } },
  };
}

/** A bold title or heading style in the document's font; `run` adds to the letters' look. */
export function headingStyle(
  size: number,
  color: string,
  paragraph: IParagraphStylePropertiesOptions,
  run: IRunStylePropertiesOptions = {},
) {
  return { run: { font: WORD_FONT, size: halfPoints(size), bold: true, color, ...run }, paragraph };
}

/** A border that draws nothing (table cells that only lay text out). */
export const NO_BORDER: IBorderOptions = { style: BorderStyle.NONE, size: 0, color: "auto" };

type RunStyle = Omit<IRunOptions, "text" | "children" | "break">;

/**
 * Runs for a piece of copy with its [placeholders] in their own colour, as in the PDFs. Line
 * breaks in the copy (sign-offs) become line breaks inside the paragraph.
 */
export function placeholderRuns(text: string, style: RunStyle = {}): TextRun[] {
  return text.split("\n").flatMap((line, lineIndex) =>
    placeholderSegments(line).map(
      (segment, i) =>
        new TextRun({
          ...style,
          text: segment.text,
          ...(segment.placeholder ? { color: colors.placeholder } : {}),
          ...(lineIndex > 0 && i === 0 ? { break: 1 } : {}),
        }),
    ),
  );
}

/** A real Word bullet list (Enter continues it), the bullet at `left - hanging` points. */
export function bulletList(
  reference: string,
  left: number,
  hanging: number,
): INumberingOptions["config"][number] {
  return {
    reference,
    levels: [
      {
        level: 0,
        format: LevelFormat.BULLET,
        text: "•",
        alignment: AlignmentType.LEFT,
        style: {
          paragraph: { indent: { left: twips(left), hanging: twips(hanging) } },
          run: { font: WORD_FONT },
        },
      },
    ],
  };
}

type HeadingStyle = ReturnType<typeof headingStyle>;

export interface LetterDocxOptions {
  title: string;
  description: string;
  /** Points: the margin all round the page, and the size of the body text. */
  margin: number;
  bodySize: number;
  /** The title and heading styles, made with headingStyle. */
  headings: { title: HeadingStyle; heading1: HeadingStyle; heading2?: HeadingStyle };
  paragraphStyles?: IParagraphStyleOptions[];
  bullets: INumberingOptions["config"];
  /** A footer, and how far its text stands above the page's foot in points. */
  footer?: { content: Footer; distance: number };
  children: FileChild[];
}

/**
 * A one-section Letter document with the brand's metadata, as a .docx file. Nothing in it runs
 * code or reaches the network.
 */
export function letterDocx(options: LetterDocxOptions): Promise<Buffer> {
  const { footer } = options;
  const doc = new Document({
    description: options.description,
    styles: {
      default: { document: documentStyle(options.bodySize), ...options.headings },
      ...(options.paragraphStyles ? { paragraphStyles: options.paragraphStyles } : {}),
    },
    numbering: { config: options.bullets },
    sections: [
      {
        properties: letterPageProperties(options.margin, footer?.distance),
        ...(footer ? { footers: { default: footer.content } } : {}),
        children: options.children,
      },
    ],
    title: `${resourceBrand}: ${options.title}`,
    creator: resourceBrand,
    lastModifiedBy: resourceBrand,
  });
  return Packer.toBuffer(doc);
}

/**
 * A footer with `text` on the left and `pageNumber` on the right, at the tab stop `right`; its
 * {page} and {pages} become fields Word keeps current.
 */
export function pageNumberFooter(text: string, pageNumber: string, right: number): Footer {
  const fields: Record<string, (typeof PageNumber)[keyof typeof PageNumber]> = {
    "{page}": PageNumber.CURRENT,
    "{pages}": PageNumber.TOTAL_PAGES,
  };
  const parts = pageNumber
    .split(/(\{pages?\})/)
    .filter((part) => part !== "")
    .map((part) => fields[part] ?? part);
  return new Footer({
    children: [
      new Paragraph({
        tabStops: [{ type: TabStopType.RIGHT, position: right }],
        // Writer formats a page-number field like the paragraph's style, not like its run.
        style: "Footer",
        children: [new TextRun(text), new TextRun({ children: [new Tab(), ...parts] })],
      }),
    ],
  });
}

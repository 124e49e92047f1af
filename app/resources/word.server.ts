import {
  AlignmentType,
  BorderStyle,
  Document,
  LevelFormat,
  Packer,
  TextRun,
  type IBorderOptions,
  type INumberingOptions,
  type IPropertiesOptions,
  type IRunOptions,
} from "docx";
import { resourceBrand } from "~/content/resources";
import { documentColors, letterPage, placeholderSegments } from "./document-style.server";

/** Points in twentieths of a point (twips), Word's unit for lengths. */
export const twips = (points: number) => Math.round(points * 20);

/** Points in half-points, Word's unit for font sizes. */
export const halfPoints = (points: number) => Math.round(points * 2);

/** Word writes colours as bare hex. */
export const wordColor = (color: string) => color.replace(/^#/, "");

/**
 * Arial has Helvetica's metrics (the PDFs' font), ships with Word everywhere, and LibreOffice
 * substitutes the metric-compatible Liberation Sans, so lines break in the same places.
 */
export const WORD_FONT = "Arial";

export const wordColors = {
  text: wordColor(documentColors.text),
  muted: wordColor(documentColors.muted),
  placeholder: wordColor(documentColors.placeholder),
  rule: wordColor(documentColors.rule),
  panel: wordColor(documentColors.panel),
  accent: wordColor(documentColors.accent),
  divider: wordColor(documentColors.divider),
} as const;

export const letterSize = { width: twips(letterPage.width), height: twips(letterPage.height) };

/** The width between a Letter page's margins, in twips. */
export const textWidth = (margin: number) => twips(letterPage.width - margin * 2);

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
          ...(segment.placeholder ? { color: wordColors.placeholder } : {}),
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

/** A document with the brand's metadata; nothing in it runs code or reaches the network. */
export function createWordDocument(
  title: string,
  options: Omit<IPropertiesOptions, "title" | "creator" | "lastModifiedBy">,
): Document {
  return new Document({
    ...options,
    title: `${resourceBrand}: ${title}`,
    creator: resourceBrand,
    lastModifiedBy: resourceBrand,
  });
}

export function wordToBuffer(doc: Document): Promise<Buffer> {
  return Packer.toBuffer(doc);
}

import PDFDocument from "pdfkit";
import { resourceBrand } from "./resources.words";
import { documentColors, placeholderSegments } from "./document-style.server";

/** What the PDF builders share: the document with the brand's metadata, and placeholder text. */

export interface BuildOptions {
  /** Tests turn compression off so the content streams can be searched for text. */
  compress?: boolean;
}

// A fixed date keeps the bytes (and the PDF file ID derived from the info dictionary)
// identical between builds, so cached downloads and ETags stay stable across deploys.
const CREATION_DATE = new Date(Date.UTC(2025, 0, 1));

export function createDocument(title: string, options: BuildOptions, margin: number) {
  return new PDFDocument({
    size: "LETTER",
    margin,
    compress: options.compress ?? true,
    bufferPages: true,
    info: {
      Title: `${resourceBrand}: ${title}`,
      Author: resourceBrand,
      Creator: resourceBrand,
      Producer: resourceBrand,
      CreationDate: CREATION_DATE,
      ModDate: CREATION_DATE,
    },
  });
}

/** Ends the document and resolves with its bytes. */
export function toBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}

/** Wrapping text at the current position, with placeholders highlighted. */
export function writeWithPlaceholders(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  options: PDFKit.Mixins.TextOptions,
) {
  const segments = placeholderSegments(text);
  segments.forEach((segment, i) => {
    doc.fillColor(segment.placeholder ? documentColors.placeholder : documentColors.text);
    const continued = i < segments.length - 1;
    if (i === 0) doc.text(segment.text, x, y, { ...options, continued });
    else doc.text(segment.text, { continued });
  });
  doc.fillColor(documentColors.text);
}

/** Continues a `continued: true` text run, with placeholders highlighted. */
export function continueWithPlaceholders(doc: PDFKit.PDFDocument, text: string) {
  placeholderSegments(text).forEach((segment, i, all) => {
    doc.fillColor(segment.placeholder ? documentColors.placeholder : documentColors.text);
    doc.text(segment.text, { continued: i < all.length - 1 });
  });
  doc.fillColor(documentColors.text);
}

/** Single-line text ending at `right` (or starting at `left`), with placeholders highlighted. */
export function writeInline(
  doc: PDFKit.PDFDocument,
  text: string,
  y: number,
  at: { left: number } | { right: number },
) {
  const segments = placeholderSegments(text);
  const width = segments.reduce((sum, s) => sum + doc.widthOfString(s.text), 0);
  let x = "left" in at ? at.left : at.right - width;
  for (const segment of segments) {
    doc.fillColor(segment.placeholder ? documentColors.placeholder : documentColors.text);
    doc.text(segment.text, x, y, { lineBreak: false });
    x += doc.widthOfString(segment.text);
  }
  doc.fillColor(documentColors.text);
}

import PDFDocument from "pdfkit";
import {
  resourceBrand,
  resumeContactSeparator,
  resumeDocumentTitle,
  resumeSectionTitles,
  resumeTemplate,
  type ResumeEntry,
} from "~/content/resources";
import { documentColors, placeholderSegments, resumeLayout } from "./document-style.server";

export interface PdfBuildOptions {
  /** Tests turn compression off so the content streams can be searched for text. */
  compress?: boolean;
}

// A fixed date keeps the bytes (and the PDF file ID derived from the info dictionary)
// identical between builds, so cached downloads and ETags stay stable across deploys.
export const PDF_CREATION_DATE = new Date(Date.UTC(2025, 0, 1));

export function createPdf(title: string, options: PdfBuildOptions, margin: number) {
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
      CreationDate: PDF_CREATION_DATE,
      ModDate: PDF_CREATION_DATE,
    },
  });
}

/** Ends the document and resolves with its bytes. */
export function pdfToBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
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
function writeInline(
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

const MARGIN = resumeLayout.margin;
const BULLET_INDENT = resumeLayout.bulletIndent;
const BODY_SIZE = resumeLayout.bodySize;

export async function buildResumeTemplatePdf(options: PdfBuildOptions = {}): Promise<Buffer> {
  const doc = createPdf(resumeDocumentTitle, options, MARGIN);
  const left = MARGIN;
  const right = doc.page.width - MARGIN;
  const width = right - left;
  const t = resumeTemplate;

  doc.font("Helvetica-Bold").fontSize(resumeLayout.nameSize).fillColor(documentColors.placeholder);
  doc.text(t.name, left, MARGIN, { width, align: "center" });
  doc.font("Helvetica").fontSize(resumeLayout.contactSize).fillColor(documentColors.placeholder);
  doc.text(t.contact.join(resumeContactSeparator), { width, align: "center" });

  const section = (title: string) => {
    const y = doc.y + 8;
    doc.font("Helvetica-Bold").fontSize(resumeLayout.sectionSize).fillColor(documentColors.text);
    doc.text(title.toUpperCase(), left, y, { width, characterSpacing: 0.6 });
    const ruleY = doc.y + 1;
    doc.moveTo(left, ruleY).lineTo(right, ruleY).lineWidth(0.75).stroke(documentColors.rule);
    doc.y = ruleY + 4;
  };

  const bullets = (items: readonly string[]) => {
    doc.font("Helvetica").fontSize(BODY_SIZE);
    for (const item of items) {
      const y = doc.y;
      doc.fillColor(documentColors.text).text("•", left + 4, y, { lineBreak: false });
      writeWithPlaceholders(doc, item, left + BULLET_INDENT, y, {
        width: width - BULLET_INDENT,
        lineGap: 0.6,
      });
    }
  };

  const entries = (items: readonly ResumeEntry[]) => {
    items.forEach((entry, i) => {
      const top = doc.y + (i === 0 ? 0 : 4);
      doc.font("Helvetica-Bold").fontSize(BODY_SIZE);
      writeInline(doc, entry.organization, top, { left });
      doc.font("Helvetica");
      writeInline(doc, entry.location, top, { right });
      const second = top + 12;
      doc.font("Helvetica-Oblique").fontSize(BODY_SIZE);
      writeInline(doc, entry.title, second, { left });
      writeInline(doc, entry.dates, second, { right });
      doc.y = second + 13;
      bullets(entry.bullets);
    });
  };

  section(resumeSectionTitles.education);
  entries(t.education);
  section(resumeSectionTitles.experience);
  entries(t.experience);
  section(resumeSectionTitles.leadership);
  entries(t.leadership);
  section(resumeSectionTitles.skills);
  for (const line of t.skills) {
    doc.font("Helvetica-Bold").fontSize(BODY_SIZE).fillColor(documentColors.text);
    doc.text(`${line.label}: `, left, doc.y, { continued: true, lineGap: 0.6, width });
    continueWithPlaceholders(doc.font("Helvetica"), line.text);
  }

  drawGuidance(doc, left, width);

  // The template promises one page; fail loudly rather than ship a spill-over page.
  const pages = doc.bufferedPageRange().count;
  if (pages !== 1) throw new Error(`Resume template overflowed to ${pages} pages`);
  return pdfToBuffer(doc);
}

function drawGuidance(doc: PDFKit.PDFDocument, left: number, width: number) {
  const pad = 7;
  const size = resumeLayout.guidanceSize;
  const indent = 9;
  const textWidth = width - pad * 2 - indent;
  const lineGap = 0.4;
  const items = resumeTemplate.guidance;
  doc.font("Helvetica").fontSize(size);
  const itemsHeight = items.reduce(
    (sum, item) => sum + doc.heightOfString(item, { width: textWidth, lineGap }),
    0,
  );
  const height = pad * 2 + size + 4 + itemsHeight;
  // Pinned to the foot of the page so the notes read as an annotation, not resume content.
  const top = doc.page.height - MARGIN - height;
  if (top < doc.y + 6) throw new Error("Resume template guidance overlaps the resume");

  doc.rect(left, top, width, height).fill(documentColors.panel);
  doc.font("Helvetica-Bold").fillColor(documentColors.muted);
  doc.text(resumeTemplate.guidanceTitle, left + pad, top + pad, { width: width - pad * 2 });
  doc.font("Helvetica");
  let y = doc.y + 2;
  for (const item of items) {
    doc.text("•", left + pad, y, { lineBreak: false });
    doc.text(item, left + pad + indent, y, { width: textWidth, lineGap });
    y = doc.y;
  }
  doc.fillColor(documentColors.text);
}

import { outreachGuide, outreachScripts, type OutreachScript } from "./outreach-scripts.words";
import { resourceBrand } from "./resources.words";
import { documentColors as pdfColors, outreachLayout as layout } from "./document-style.server";
import * as pdf from "./pdf.server";

const labels = outreachGuide.labels;
const MARGIN = layout.margin;
const ACCENT = pdfColors.accent;
const BODY = layout.bodySize;
const NOTE = layout.noteSize;
const LINE_GAP = 1.5;
const MESSAGE_INDENT = layout.messageIndent;

export async function buildOutreachScriptsPdf(options: pdf.BuildOptions = {}): Promise<Buffer> {
  const doc = pdf.createDocument(outreachGuide.title, options, MARGIN);
  const left = MARGIN;
  const width = doc.page.width - MARGIN * 2;

  drawIntro(doc, left, width);
  for (const script of outreachScripts) {
    // Keep each script on one page so it can be read (and copied) without flipping.
    if (doc.y + measureScript(doc, script, width) > doc.page.maxY()) doc.addPage();
    else doc.y += 18;
    drawScript(doc, script, left, width);
  }
  drawFooters(doc, left, width);
  return pdf.toBuffer(doc);
}

function drawIntro(doc: PDFKit.PDFDocument, left: number, width: number) {
  doc.font("Helvetica-Bold").fontSize(layout.brandSize).fillColor(pdfColors.muted);
  doc.text(resourceBrand.toUpperCase(), left, MARGIN, { width, characterSpacing: 1 });
  doc.font("Helvetica-Bold").fontSize(layout.titleSize).fillColor(ACCENT);
  doc.text(outreachGuide.title, left, doc.y + 6, { width });
  doc.font("Helvetica").fontSize(layout.subtitleSize).fillColor(pdfColors.muted);
  doc.text(outreachGuide.subtitle, { width });
  const ruleY = doc.y + 10;
  doc
    .moveTo(left, ruleY)
    .lineTo(left + width, ruleY)
    .lineWidth(1)
    .stroke(pdfColors.rule);

  doc.font("Helvetica").fontSize(BODY).fillColor(pdfColors.text);
  doc.y = ruleY + 14;
  for (const paragraph of outreachGuide.intro) {
    pdf.writeWithPlaceholders(doc, paragraph, left, doc.y, { width, lineGap: LINE_GAP });
    doc.y += 8;
  }

  heading(doc, outreachGuide.rulesTitle, left, doc.y + 6, width, layout.headingSize);
  doc.font("Helvetica").fontSize(BODY);
  bullets(doc, outreachGuide.rules, left, width);

  heading(doc, outreachGuide.cadenceTitle, left, doc.y + 12, width, layout.headingSize);
  const whenWidth = layout.cadenceWhenWidth;
  for (const step of outreachGuide.cadence) {
    const y = doc.y;
    doc.font("Helvetica-Bold").fontSize(BODY).fillColor(pdfColors.text);
    doc.text(step.when, left, y, { width: whenWidth });
    const whenBottom = doc.y;
    doc.font("Helvetica").text(step.action, left + whenWidth, y, { width: width - whenWidth });
    doc.y = Math.max(doc.y, whenBottom) + 5;
    doc
      .moveTo(left, doc.y - 2.5)
      .lineTo(left + width, doc.y - 2.5)
      .lineWidth(0.5)
      .stroke(pdfColors.divider);
  }
}

function heading(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  size: number,
) {
  doc.font("Helvetica-Bold").fontSize(size).fillColor(ACCENT);
  doc.text(text, x, y, { width });
  doc.outline.addItem(text);
  doc.y += 4;
  doc.fillColor(pdfColors.text);
}

function bullets(doc: PDFKit.PDFDocument, items: readonly string[], left: number, width: number) {
  for (const item of items) {
    const y = doc.y;
    doc.fillColor(pdfColors.text).text("•", left + 2, y, { lineBreak: false });
    pdf.writeWithPlaceholders(doc, item, left + 14, y, { width: width - 14, lineGap: LINE_GAP });
    doc.y += 3;
  }
}

function measureScript(doc: PDFKit.PDFDocument, script: OutreachScript, width: number) {
  const measure = (font: string, size: number, text: string, w = width) =>
    doc.font(font).fontSize(size).heightOfString(text, { width: w, lineGap: LINE_GAP });
  const messageWidth = width - MESSAGE_INDENT;
  return (
    measure("Helvetica-Bold", layout.scriptTitleSize, script.title) +
    measure("Helvetica-Oblique", NOTE, `${labels.whenToUse} ${script.whenToUse}`) +
    (script.subject ? measure("Helvetica", BODY, `${labels.subject} ${script.subject}`) + 6 : 0) +
    script.body.reduce((h, p) => h + measure("Helvetica", BODY, p, messageWidth) + 7, 24) +
    script.tips.reduce((h, tip) => h + measure("Helvetica", NOTE, tip, width - 14) + 3, 16) +
    // Slack for wrapping differences between measured and placeholder-split text.
    24
  );
}

function drawScript(doc: PDFKit.PDFDocument, script: OutreachScript, left: number, width: number) {
  heading(doc, script.title, left, doc.y, width, layout.scriptTitleSize);

  doc.font("Helvetica-Oblique").fontSize(NOTE).fillColor(pdfColors.muted);
  doc.text(`${labels.whenToUse} ${script.whenToUse}`, left, doc.y, { width, lineGap: LINE_GAP });
  doc.y += 10;

  const top = doc.y;
  const messageLeft = left + MESSAGE_INDENT;
  const messageWidth = width - MESSAGE_INDENT;
  if (script.subject) {
    doc.font("Helvetica-Bold").fontSize(BODY).fillColor(pdfColors.text);
    doc.text(`${labels.subject} `, messageLeft, doc.y, { continued: true, width: messageWidth });
    pdf.continueWithPlaceholders(doc.font("Helvetica"), script.subject);
    doc.y += 8;
  }
  doc.font("Helvetica").fontSize(BODY);
  for (const paragraph of script.body) {
    // Continued text runs drop line breaks, so sign-off lines are written one by one.
    for (const line of paragraph.split("\n")) {
      pdf.writeWithPlaceholders(doc, line, messageLeft, doc.y, {
        width: messageWidth,
        lineGap: LINE_GAP,
      });
    }
    doc.y += 7;
  }
  // An accent bar beside the message marks the copyable part without a measured box.
  doc.rect(left, top - 2, 3, doc.y - top - 3).fill(ACCENT);

  doc.font("Helvetica-Bold").fontSize(NOTE).fillColor(pdfColors.text);
  doc.text(labels.tips, left, doc.y + 4, { width });
  doc.y += 2;
  doc.font("Helvetica").fontSize(NOTE);
  bullets(doc, script.tips, left, width);
}

function drawFooters(doc: PDFKit.PDFDocument, left: number, width: number) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - MARGIN + 16;
    // Writing inside the bottom margin would otherwise make pdfkit start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font("Helvetica").fontSize(layout.footerSize).fillColor(pdfColors.muted);
    doc.text(`${resourceBrand}  ·  ${outreachGuide.title}`, left, y, { lineBreak: false });
    const pageNumber = labels.pageNumber
      .replace("{page}", String(i + 1))
      .replace("{pages}", String(count));
    doc.text(pageNumber, left, y, { width, align: "right", lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

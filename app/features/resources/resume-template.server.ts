import { resumeLabels, resumeTemplate, type ResumeEntry } from "./resume-template.words";
import { documentColors, resumeLayout } from "./document-style.server";
import * as pdf from "./pdf.server";

const MARGIN = resumeLayout.margin;
const BULLET_INDENT = resumeLayout.bulletIndent;
const BODY_SIZE = resumeLayout.bodySize;

export async function buildResumeTemplatePdf(options: pdf.BuildOptions = {}): Promise<Buffer> {
  const doc = pdf.createDocument(resumeLabels.documentTitle, options, MARGIN);
  const left = MARGIN;
  const right = doc.page.width - MARGIN;
  const width = right - left;
  const t = resumeTemplate;

  doc.font("Helvetica-Bold").fontSize(resumeLayout.nameSize).fillColor(documentColors.placeholder);
  doc.text(t.name, left, MARGIN, { width, align: "center" });
  doc.font("Helvetica").fontSize(resumeLayout.contactSize).fillColor(documentColors.placeholder);
  doc.text(t.contact.join(resumeLabels.contactSeparator), { width, align: "center" });

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
      pdf.writeWithPlaceholders(doc, item, left + BULLET_INDENT, y, {
        width: width - BULLET_INDENT,
        lineGap: 0.6,
      });
    }
  };

  const entries = (items: readonly ResumeEntry[]) => {
    items.forEach((entry, i) => {
      const top = doc.y + (i === 0 ? 0 : 4);
      doc.font("Helvetica-Bold").fontSize(BODY_SIZE);
      pdf.writeInline(doc, entry.organization, top, { left });
      doc.font("Helvetica");
      pdf.writeInline(doc, entry.location, top, { right });
      const second = top + 12;
      doc.font("Helvetica-Oblique").fontSize(BODY_SIZE);
      pdf.writeInline(doc, entry.title, second, { left });
      pdf.writeInline(doc, entry.dates, second, { right });
      doc.y = second + 13;
      bullets(entry.bullets);
    });
  };

  section(resumeLabels.sections.education);
  entries(t.education);
  section(resumeLabels.sections.experience);
  entries(t.experience);
  section(resumeLabels.sections.leadership);
  entries(t.leadership);
  section(resumeLabels.sections.skills);
  for (const line of t.skills) {
    doc.font("Helvetica-Bold").fontSize(BODY_SIZE).fillColor(documentColors.text);
    doc.text(`${line.label}: `, left, doc.y, { continued: true, lineGap: 0.6, width });
    pdf.continueWithPlaceholders(doc.font("Helvetica"), line.text);
  }

  drawGuidance(doc, left, width);

  // The template promises one page; fail loudly rather than ship a spill-over page.
  const pages = doc.bufferedPageRange().count;
  if (pages !== 1) throw new Error(`Resume template overflowed to ${pages} pages`);
  return pdf.toBuffer(doc);
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

import PDFDocument from "pdfkit";
import { documentColors } from "~/features/resources/document-style.server";
import { toBuffer, type BuildOptions } from "~/features/resources/pdf.server";
import type { Receipt } from "./receipt";
import { receiptText as t } from "./receipts.words";

/**
 * A receipt as a one-page US Letter PDF (decision 0069), with pdfkit like the site's other PDFs:
 * the seller at the top, then the receipt's lines, label beside value, as the page prints them.
 */

const MARGIN = 54;
const LABEL_WIDTH = 150;
const GAP = 14;
const SIZE = { seller: 16, title: 22, body: 10.5, note: 9 } as const;

// pdfkit's built-in Helvetica writes WinAnsi (Latin-1 and a few more); anything else would print
// as garbage, so it prints as "?" (the page in the browser shows every script).
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

/**
 * Text the PDF's font can print: precomposed accents kept, Unicode's thin spaces as spaces, any
 * other character as "?".
 */
export function winAnsiSafe(text: string): string {
  // Intl may put a narrow no-break space before "PM": a plain space prints the same.
  return [...text.normalize("NFC").replace(/[\u2000-\u200a\u202f\u205f]/g, " ")]
    .map((char) => {
      const code = char.codePointAt(0)!;
      const printable =
        (code >= 0x20 && code <= 0x7e) ||
        (code >= 0xa0 && code <= 0xff) ||
        WIN_ANSI_EXTRA.has(char);
      return printable ? char : "?";
    })
    .join("");
}

export async function receiptPdf(receipt: Receipt, options: BuildOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    compress: options.compress ?? true,
    info: {
      Title: t.pdfTitle(receipt.number),
      Author: winAnsiSafe(receipt.seller.name),
      Creator: winAnsiSafe(receipt.seller.name),
      Producer: winAnsiSafe(receipt.seller.name),
    },
  });
  const width = doc.page.width - MARGIN * 2;
  const write = (
    text: string,
    size: number,
    font = "Helvetica",
    color: string = documentColors.text,
  ) => doc.font(font).fontSize(size).fillColor(color).text(winAnsiSafe(text), { width });

  write(receipt.seller.name, SIZE.seller, "Helvetica-Bold");
  for (const line of [...receipt.seller.address, receipt.seller.email])
    write(line, SIZE.body, "Helvetica", documentColors.muted);
  doc.moveDown(1.5);
  write(t.title, SIZE.title, "Helvetica-Bold", documentColors.accent);
  doc.moveDown(0.5);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .strokeColor(documentColors.divider)
    .stroke();
  doc.moveDown(0.8);

  const valueX = MARGIN + LABEL_WIDTH + GAP;
  const valueWidth = width - LABEL_WIDTH - GAP;
  for (const row of receipt.rows) {
    const top = doc.y;
    doc.font("Helvetica-Bold").fontSize(SIZE.body).fillColor(documentColors.muted);
    doc.text(winAnsiSafe(row.label), MARGIN, top, { width: LABEL_WIDTH });
    const labelBottom = doc.y;
    doc.font("Helvetica").fillColor(documentColors.text);
    doc.text(row.lines.map(winAnsiSafe).join("\n"), valueX, top, { width: valueWidth });
    doc.x = MARGIN;
    doc.y = Math.max(labelBottom, doc.y) + 6;
  }
  if (receipt.testPayment) {
    doc.moveDown(1);
    write(t.testNote, SIZE.note, "Helvetica-Oblique", documentColors.muted);
  }
  return toBuffer(doc);
}

/** The PDF as a download named after the receipt, never cached. */
export async function receiptPdfResponse(receipt: Receipt): Promise<Response> {
  const bytes = await receiptPdf(receipt);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${t.pdfFileName(receipt.number)}"`,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}

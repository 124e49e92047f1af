import { execFile } from "node:child_process";
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { inflateSync } from "node:zlib";
import { strFromU8, unzipSync } from "fflate";

/** Reading the generated resources back in tests: PDF text, Word parts, LibreOffice renders. */

const run = promisify(execFile);

/** Text with every space and line break removed: wrapping and run splits differ by format. */
export const squash = (text: string) => text.replace(/\s+/g, "");

/** Every string inside a piece of content (objects, arrays), in order. */
export function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "object" && value) return Object.values(value).flatMap(stringsOf);
  return [];
}

/* PDF ------------------------------------------------------------------------------------ */

/** Page objects of a PDF written without object streams (pdfkit's and LibreOffice's are). */
export const countPdfPages = (pdf: Buffer) =>
  pdf.toString("latin1").match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;

// The WinAnsi codes pdfkit uses for punctuation in the copy; the rest match Latin-1.
const winAnsi: Record<number, string> = {
  0x91: "‘",
  0x92: "’",
  0x93: "“",
  0x94: "”",
  0x95: "•",
  0x96: "–",
  0x97: "—",
};

/** Text shown by an uncompressed pdfkit PDF: one line per TJ operator, hex glyphs decoded. */
export function pdfText(pdf: Buffer): string {
  const ops = pdf.toString("latin1").match(/\[[^\]]*\] TJ/g) ?? [];
  const decode = (hex: string) =>
    [...Buffer.from(hex, "hex")].map((c) => winAnsi[c] ?? String.fromCharCode(c)).join("");
  return ops
    .map((op) => [...op.matchAll(/<([0-9a-f]*)>/g)].map((m) => decode(m[1]!)).join(""))
    .join("\n");
}

/**
 * The PDF as it would be written uncompressed: every Flate stream inflated in place, so
 * `pdfText` reads a PDF as served (compressed) too.
 */
export function inflatePdf(pdf: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (const match of pdf.toString("latin1").matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = pdf.indexOf("endstream", start);
    if (start < at || end < 0) continue;
    let data: Buffer;
    try {
      data = inflateSync(pdf.subarray(start, end));
    } catch {
      continue;
    }
    parts.push(pdf.subarray(at, start), data, Buffer.from("\n"));
    at = end;
  }
  parts.push(pdf.subarray(at));
  return Buffer.concat(parts);
}

/* Word ----------------------------------------------------------------------------------- */

/** The parts of a .docx by name, as text. */
export function docxParts(bytes: Uint8Array): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const [name, data] of Object.entries(unzipSync(bytes))) parts[name] = strFromU8(data);
  return parts;
}

const unescapeXml = (text: string) =>
  text
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&apos;", "'")
    .replaceAll("&amp;", "&");

/** The text of each run (w:r) of a WordprocessingML part, with the run's properties. */
export function wordRuns(xml: string): { text: string; properties: string }[] {
  return [...xml.matchAll(/<w:r>(?:<w:rPr>(.*?)<\/w:rPr>)?(.*?)<\/w:r>/g)].map((m) => ({
    properties: m[1] ?? "",
    text: unescapeXml(
      [...m[2]!.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(""),
    ),
  }));
}

/** Each paragraph (w:p) of a part: its style id, if any, and its text. */
export function wordParagraphs(xml: string): { style?: string; text: string }[] {
  return [...xml.matchAll(/<w:p>(.*?)<\/w:p>/g)].map((m) => ({
    style: /<w:pStyle w:val="([^"]+)"\/>/.exec(m[1]!)?.[1],
    text: wordRuns(m[1]!)
      .map((r) => r.text)
      .join(""),
  }));
}

/* LibreOffice ---------------------------------------------------------------------------- */

/** The first of these commands found on PATH. */
export function onPath(...commands: string[]): string | undefined {
  for (const command of commands) {
    for (const dir of (process.env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
      const candidate = path.join(dir, command);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here; keep looking
      }
    }
  }
  return undefined;
}

/**
 * Converts documents to PDF with LibreOffice. Each call gets a profile of its own, so runs in
 * parallel (or a LibreOffice the developer has open) never hand the work to one another.
 */
export async function convertToPdf(
  soffice: string,
  files: Record<string, Uint8Array>,
): Promise<Record<string, Buffer>> {
  const dir = mkdtempSync(path.join(tmpdir(), "fsts-libreoffice-"));
  try {
    const inputs = Object.entries(files).map(([name, bytes]) => {
      const file = path.join(dir, name);
      writeFileSync(file, bytes);
      return file;
    });
    await run(
      soffice,
      [
        `-env:UserInstallation=${pathToFileURL(path.join(dir, "profile")).href}`,
        "--headless",
        "--norestore",
        "--convert-to",
        "pdf",
        "--outdir",
        dir,
        ...inputs,
      ],
      { timeout: 120_000 },
    );
    return Object.fromEntries(
      Object.keys(files).map((name) => [
        name,
        readFileSync(path.join(dir, name.replace(/\.[^.]+$/, ".pdf"))),
      ]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Pages of a PDF: by pdfinfo where poppler is installed, else by counting page objects. */
export async function pdfPageCount(pdf: Buffer): Promise<number> {
  const pdfinfo = onPath("pdfinfo");
  if (!pdfinfo) return countPdfPages(pdf);
  const dir = mkdtempSync(path.join(tmpdir(), "fsts-pdfinfo-"));
  try {
    const file = path.join(dir, "document.pdf");
    writeFileSync(file, pdf);
    const { stdout } = await run(pdfinfo, [file]);
    return Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

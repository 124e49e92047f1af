import { checkDocx } from "../../app/features/uploads/docx-check.server";
import {
  docxFiles,
  documentXml,
  relsXml,
  zipOf,
  type Relationship,
  type ZipFiles,
} from "./docx-fixtures";

/** Documents crafted around a piece of markup, and what checkDocx says about them. */

export const MB = 1024 * 1024;

/** What checkDocx says about the zipped `files`: "ok" or the reason it refuses them. */
export async function reasonFor(files: ZipFiles) {
  const result = await checkDocx(zipOf(files));
  return result.ok ? "ok" : result.reason;
}

/** The minimal document plus `parts` (replacing any of the same name). */
export const docx = (parts: ZipFiles): ZipFiles => ({ ...docxFiles(), ...parts });
export const withBody = (body: string, parts: ZipFiles = {}, namespaces = "") =>
  docx({ "word/document.xml": documentXml(body, namespaces), ...parts });
export const documentRels = (...relationships: Relationship[]) => ({
  "word/_rels/document.xml.rels": relsXml(relationships),
});

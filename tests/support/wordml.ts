/** WordprocessingML snippets: runs, fields, paragraphs, pictures and the namespaces they use. */

export const R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
export const DRAWING = `xmlns:r="${R}" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"`;
export const VML = `xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:r="${R}"`;

export const run = (inner: string) => `<w:r>${inner}</w:r>`;
export const fldChar = (type: "begin" | "separate" | "end") =>
  run(`<w:fldChar w:fldCharType="${type}"/>`);
export const instrText = (code: string) =>
  run(`<w:instrText xml:space="preserve">${code}</w:instrText>`);
/** A complex field whose code is split over one instrText run per piece. */
export const field = (...code: string[]) =>
  fldChar("begin") +
  code.map(instrText).join("") +
  fldChar("separate") +
  run("<w:t>1</w:t>") +
  fldChar("end");
export const paragraph = (inner: string) => `<w:p>${inner}</w:p>`;

/** An inline picture whose blip carries `attribute` (r:embed or r:link). */
export const picture = (attribute: string) =>
  run(
    `<w:drawing><wp:inline><wp:extent cx="1" cy="1"/><wp:docPr id="1" name="Picture 1"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="photo.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip ${attribute}/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing>`,
  );

// Which free files exist and in which formats: shared by the server, which builds and serves
// them, and the pages and emails, which link to them. No I/O, so the browser may import it.

export const resourceFormats = {
  "resume-template": ["pdf", "docx"],
  "outreach-scripts": ["pdf", "docx"],
  "application-tracker": ["xlsx"],
} as const satisfies Record<string, readonly [ResourceFormat, ...ResourceFormat[]]>;

export type ResourceFormat = "pdf" | "docx" | "xlsx";

export type ResourceFileKey = keyof typeof resourceFormats;

export function isResourceFileKey(value: string): value is ResourceFileKey {
  return Object.hasOwn(resourceFormats, value);
}

/**
 * The format a link asks for: its own format segment, or the file's first format when it has
 * none (links sent before the Word copies existed have none). Undefined for a format the file
 * does not come in.
 */
export function resourceFormatOf(
  key: ResourceFileKey,
  requested?: string,
): ResourceFormat | undefined {
  const formats: readonly ResourceFormat[] = resourceFormats[key];
  if (requested === undefined) return formats[0];
  return formats.find((format) => format === requested);
}

/** The path suffix naming a format: none for a file's first format, so older links still match. */
export function formatSuffix(key: ResourceFileKey, format: ResourceFormat): string {
  return format === resourceFormats[key][0] ? "" : `/${format}`;
}

/** Where the resource library serves a file to everyone. */
export function resourcePath(key: ResourceFileKey, format: ResourceFormat): string {
  return `/resources/${key}${formatSuffix(key, format)}`;
}

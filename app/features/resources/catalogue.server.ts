import { buildApplicationTrackerXlsx } from "./application-tracker.server";
import {
  resourceFormatOf,
  resourceFormats,
  type ResourceFileKey,
  type ResourceFormat,
} from "./formats";
import { buildOutreachScriptsDocx } from "./outreach-scripts-word.server";
import { buildOutreachScriptsPdf } from "./outreach-scripts.server";
import { buildResumeTemplateDocx } from "./resume-template-word.server";
import { buildResumeTemplatePdf } from "./resume-template.server";

export interface ResourceFile {
  key: ResourceFileKey;
  format: ResourceFormat;
  fileName: string;
  contentType: string;
  build(): Promise<Buffer>;
}

const contentTypes: Record<ResourceFormat, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

const file = (
  key: ResourceFileKey,
  format: ResourceFormat,
  name: string,
  build: () => Promise<Buffer>,
): ResourceFile => ({
  key,
  format,
  fileName: `From-Scratch-to-Success-${name}.${format}`,
  contentType: contentTypes[format],
  build,
});

/** Every file in every format that resourceFormats lists: the type makes a missing one an error. */
export const resourceFiles: {
  [K in ResourceFileKey]: Record<(typeof resourceFormats)[K][number], ResourceFile>;
} = {
  "resume-template": {
    pdf: file("resume-template", "pdf", "Resume-Template", () => buildResumeTemplatePdf()),
    docx: file("resume-template", "docx", "Resume-Template", () => buildResumeTemplateDocx()),
  },
  "outreach-scripts": {
    pdf: file("outreach-scripts", "pdf", "Cold-Outreach-Scripts", () => buildOutreachScriptsPdf()),
    docx: file("outreach-scripts", "docx", "Cold-Outreach-Scripts", () =>
      buildOutreachScriptsDocx(),
    ),
  },
  "application-tracker": {
    xlsx: file("application-tracker", "xlsx", "Application-Tracker", () =>
      buildApplicationTrackerXlsx(),
    ),
  },
};

/** The file a link names: its key and, optionally, a format it comes in. */
export function findResourceFile(key: ResourceFileKey, format?: string): ResourceFile | undefined {
  const found = resourceFormatOf(key, format);
  if (!found) return undefined;
  return (resourceFiles[key] as Partial<Record<ResourceFormat, ResourceFile>>)[found];
}

/** Every file in the order the library lists them. */
export function allResourceFiles(): ResourceFile[] {
  return (Object.keys(resourceFormats) as ResourceFileKey[]).flatMap((key) =>
    resourceFormats[key].map((format) => findResourceFile(key, format)!),
  );
}

// The files only change on deploy, so each is built once per process. Caching the promise
// means concurrent first requests share one build; a failed build is dropped so it can retry.
const cache = new Map<ResourceFile, Promise<Buffer>>();

/** A file's bytes; without a format, the file's first one (the PDF where there is one). */
export async function getResourceFile(
  key: ResourceFileKey,
  format?: ResourceFormat,
): Promise<{ file: ResourceFile; bytes: Buffer }> {
  const file = findResourceFile(key, format);
  if (!file) throw new Error(`No ${format} copy of ${key}`);
  let bytes = cache.get(file);
  if (!bytes) {
    bytes = file.build();
    cache.set(file, bytes);
    bytes.catch(() => cache.delete(file));
  }
  return { file, bytes: await bytes };
}

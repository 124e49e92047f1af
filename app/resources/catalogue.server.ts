import { buildApplicationTrackerXlsx } from "./application-tracker.server";
import { buildOutreachScriptsPdf } from "./outreach-scripts.server";
import { buildResumeTemplatePdf } from "./resume-template.server";

export type ResourceFileKey = "resume-template" | "outreach-scripts" | "application-tracker";

export interface ResourceFile {
  key: ResourceFileKey;
  fileName: string;
  contentType: string;
  build(): Promise<Buffer>;
}

const PDF = "application/pdf";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const resourceFiles: Record<ResourceFileKey, ResourceFile> = {
  "resume-template": {
    key: "resume-template",
    fileName: "From-Scratch-to-Success-Resume-Template.pdf",
    contentType: PDF,
    build: () => buildResumeTemplatePdf(),
  },
  "outreach-scripts": {
    key: "outreach-scripts",
    fileName: "From-Scratch-to-Success-Cold-Outreach-Scripts.pdf",
    contentType: PDF,
    build: () => buildOutreachScriptsPdf(),
  },
  "application-tracker": {
    key: "application-tracker",
    fileName: "From-Scratch-to-Success-Application-Tracker.xlsx",
    contentType: XLSX,
    build: () => buildApplicationTrackerXlsx(),
  },
};

// The files only change on deploy, so each is built once per process. Caching the promise
// means concurrent first requests share one build; a failed build is dropped so it can retry.
const cache = new Map<ResourceFileKey, Promise<Buffer>>();

export async function getResourceFile(
  key: ResourceFileKey,
): Promise<{ file: ResourceFile; bytes: Buffer }> {
  const file = resourceFiles[key];
  let bytes = cache.get(key);
  if (!bytes) {
    bytes = file.build();
    cache.set(key, bytes);
    bytes.catch(() => cache.delete(key));
  }
  return { file, bytes: await bytes };
}

export function isResourceFileKey(value: string): value is ResourceFileKey {
  return Object.hasOwn(resourceFiles, value);
}

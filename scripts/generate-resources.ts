/**
 * Writes the three free resources to public/resources/ (gitignored) for anyone who wants static
 * copies. The site itself serves them from /resources/:key and the emailed download links.
 * Usage: npm run resources
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  getResourceFile,
  resourceFiles,
  type ResourceFileKey,
} from "../app/resources/catalogue.server";

export const DEFAULT_OUT_DIR = path.resolve(import.meta.dirname, "../public/resources");

export async function generateResources(outDir = DEFAULT_OUT_DIR): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const written: string[] = [];
  for (const key of Object.keys(resourceFiles) as ResourceFileKey[]) {
    const { file, bytes } = await getResourceFile(key);
    const target = path.join(outDir, file.fileName);
    await writeFile(target, bytes);
    written.push(target);
  }
  return written;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const written = await generateResources();
  for (const file of written) console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

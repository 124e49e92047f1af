/**
 * Writes the free resources, every format of each (PDF, Word, Excel), to public/resources/
 * (gitignored) for anyone who wants static copies. The site itself serves them from
 * /resources/:key[/:format] and the emailed download links.
 * Usage: npm run resources
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { allResourceFiles, getResourceFile } from "../app/features/resources/catalogue.server";

export const DEFAULT_OUT_DIR = path.resolve(import.meta.dirname, "../public/resources");

export async function generateResources(outDir = DEFAULT_OUT_DIR): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const written: string[] = [];
  for (const { key, format } of allResourceFiles()) {
    const { file, bytes } = await getResourceFile(key, format);
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

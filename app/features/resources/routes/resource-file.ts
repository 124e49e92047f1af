import { notFound } from "~/lib/or-not-found";
import { findResourceFile, getResourceFile } from "~/features/resources/catalogue.server";
import { isResourceFileKey } from "~/features/resources/formats";
import type { Route } from "./+types/resource-file";

/**
 * The public copies the resource library opens in a new tab: PDFs inline so the browser shows
 * them, the Word documents and the spreadsheet as attachments since browsers cannot display them.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const found = isResourceFileKey(params.key) && findResourceFile(params.key, params.format);
  if (!found) notFound();
  const { file, bytes } = await getResourceFile(found.key, found.format);
  const disposition = file.contentType === "application/pdf" ? "inline" : "attachment";
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `${disposition}; filename="${file.fileName}"`,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "public, max-age=3600",
    },
  });
}

import { data } from "react-router";
import { getResourceFile, isResourceFileKey } from "~/resources/catalogue.server";
import type { Route } from "./+types/resource-file";

/**
 * The public copies the resource library opens in a new tab: PDFs inline so the browser shows
 * them, the spreadsheet as an attachment since browsers cannot display it.
 */
export async function loader({ params }: Route.LoaderArgs) {
  if (!isResourceFileKey(params.key)) throw data(null, { status: 404 });
  const { file, bytes } = await getResourceFile(params.key);
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

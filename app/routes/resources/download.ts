import { downloadErrors } from "~/content/lead-magnets";
import { redeemDownload } from "~/leads/downloads.server";
import { getResourceFile } from "~/resources/catalogue.server";
import type { Route } from "./+types/download";

/** The personal links of the delivery emails: the real file, as an attachment. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, clock } = context.services;
  const key = await redeemDownload(db, params.token, clock.now());
  if (!key) {
    return new Response(downloadErrors.notFound, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const { file, bytes } = await getResourceFile(key);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}

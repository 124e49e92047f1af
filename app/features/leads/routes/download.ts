import { plainNotFound } from "~/lib/or-not-found";
import { downloadErrors } from "~/features/leads/lead-magnets.words";
import { redeemDownload } from "~/features/leads/downloads.server";
import { getResourceFile } from "~/features/resources/catalogue.server";
import type { Route } from "./+types/download";

/** The delivery emails' personal links: the real file, in the link's format, as an attachment. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, clock } = context.services;
  const found = await redeemDownload(db, params.token, clock.now(), params.format);
  if (!found) return plainNotFound(downloadErrors.notFound);
  const { file, bytes } = await getResourceFile(found.key, found.format);
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

import { etagMatches, photoEtag } from "~/features/outcomes/testimonial-photo";
import { orNotFound } from "~/lib/or-not-found";
import { publishedPhoto } from "~/features/outcomes/testimonial-publishing.server";
import type { Route } from "./+types/testimonial-photo";

/** A cache keeps the photo but asks again every time: a withdrawal answers 404 at once. */
export const PHOTO_CACHE_CONTROL = "no-cache";

/**
 * /testimonials/:id/photo: a published testimonial's photo (approved, consent "full", not
 * withdrawn), else 404. Its stored type (sniffing is off for every response: the server's
 * baseline headers send `X-Content-Type-Options: nosniff`, server/security.ts). Every request is
 * checked against the database (`no-cache`); a cache that holds the same photo (If-None-Match
 * names its ETag) gets 304 without the bytes.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const photo = orNotFound(await publishedPhoto(context.services.db, params.id));
  const etag = photoEtag(photo.sha256);
  const headers = { "Cache-Control": PHOTO_CACHE_CONTROL, ETag: etag };
  if (etagMatches(request.headers.get("If-None-Match"), etag))
    return new Response(null, { status: 304, headers });
  return new Response(Buffer.from(photo.data), {
    headers: {
      ...headers,
      "Content-Type": photo.content_type,
      "Content-Length": String(photo.size),
    },
  });
}

import { orNotFound } from "~/lib/or-not-found";
import { publishedPhoto } from "~/outcomes/testimonials.server";
import type { Route } from "./+types/testimonial-photo";

/** A testimonial's photo may sit in a cache this long after consent is withdrawn (5 minutes). */
export const PHOTO_CACHE_SECONDS = 300;

/**
 * /testimonials/:id/photo: a published testimonial's photo (approved, consent "full", not
 * withdrawn), else 404. Its stored type (sniffing is off for every response: the server's
 * baseline headers send `X-Content-Type-Options: nosniff`, server/security.ts), and a short
 * public cache so a withdrawal or removal takes effect within minutes everywhere.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const photo = orNotFound(await publishedPhoto(context.services.db, params.id));
  return new Response(Buffer.from(photo.data), {
    headers: {
      "Content-Type": photo.content_type,
      "Content-Length": String(photo.size),
      "Cache-Control": `public, max-age=${PHOTO_CACHE_SECONDS}`,
    },
  });
}

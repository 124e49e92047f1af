import { requireAdmin } from "~/accounts/sessions.server";
import { uploadFile } from "~/resume-reviews/resume-queue.server";
import type { Route } from "./+types/upload";
import { orNotFound } from "~/lib/or-not-found";

/** Uploaded resumes are served only to admins, always as a download. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const file = orNotFound(await uploadFile(context.services.db, params.id));
  return new Response(Buffer.from(file.data), {
    headers: {
      "Content-Type": file.content_type,
      "Content-Length": String(file.size),
      "Content-Disposition": `attachment; filename="${file.name.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

import { data } from "react-router";
import { requireAdmin } from "~/admin/sessions.server";
import { uploadFile } from "~/console/resume-queue.server";
import type { Route } from "./+types/upload";

/** Uploaded resumes are served only to admins, always as a download. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const file = await uploadFile(context.services.db, params.id);
  if (!file) throw data(null, { status: 404 });
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

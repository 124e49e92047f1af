import { requireAdmin } from "~/features/accounts/sessions.server";
import { uploadFile } from "~/features/resume-reviews/resume-queue.server";
import { attachmentResponse } from "~/features/uploads/attachment.server";
import type { Route } from "./+types/upload";
import { orNotFound } from "~/lib/or-not-found";

/** Uploaded resumes are served only to admins, always as a download. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return attachmentResponse(orNotFound(await uploadFile(context.services.db, params.id)));
}

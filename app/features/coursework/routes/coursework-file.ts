import { requirePortal } from "~/features/portal/session.server";
import { attachmentResponse } from "~/features/uploads/attachment.server";
import { orNotFound } from "~/lib/or-not-found";
import { readableFile } from "../reviews.server";
import type { Route } from "./+types/coursework-file";

/**
 * /portal/files/:id: a coursework file (a student's .docx, or their mentor's annotated copy) as a
 * download, never cached, for the student it belongs to and their current mentor; 404 for anyone
 * else, as for a file that does not exist.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePortal(request, context, "courseworkFile");
  const file = await readableFile(context.services.db, user, params.id);
  return attachmentResponse(orNotFound(file));
}

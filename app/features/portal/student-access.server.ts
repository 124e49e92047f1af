import { data } from "react-router";
import type { AppContext } from "~/context";
import { portalSignIn } from "./portal.words";
import type { PortalPage } from "./portal";
import type { PortalUser } from "./portal-users.server";
import { requirePortal } from "./session.server";

export type PortalStudent = Extract<PortalUser, { role: "student" }>;

/**
 * The guard of a student's page (PORTAL_ACCESS lets only students open it): `requirePortal`, with
 * the signed-in user narrowed to a student.
 */
export async function requireStudent(
  request: Request,
  context: AppContext,
  page: PortalPage,
): Promise<PortalStudent> {
  const user = await requirePortal(request, context, page);
  if (user.role !== "student") throw data(portalSignIn.forbidden, { status: 403 });
  return user;
}

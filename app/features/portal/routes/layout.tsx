import { Outlet } from "react-router";
import { PortalShell } from "~/components/portal-shell";
import { getPortalUser } from "~/features/portal/session.server";
import type { Route } from "./+types/layout";

/**
 * Every /portal page sits under this layout: it finds the signed-in student or mentor once for
 * the page and frames the page with their navigation. Who may open which page is decided by
 * `requirePortal` in each page's loader and action (PORTAL_ACCESS). Portal pages hydrate like the
 * console (Conform and the one toaster), every form still works without JavaScript, and they are
 * kept out of caches and search engines.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getPortalUser(request, context);
  return {
    user: user
      ? { role: user.role, name: user.role === "student" ? user.firstName : user.name }
      : null,
  };
}

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
});

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <meta name="robots" content="noindex" />
      {loaderData.user ? (
        <PortalShell>
          <Outlet />
        </PortalShell>
      ) : (
        <Outlet />
      )}
    </>
  );
}

import { Outlet } from "react-router";
import { ADMIN_LOGIN_PATH } from "~/features/accounts/paths";
import { getAdmin, requireAdmin } from "~/features/accounts/sessions.server";
import { AdminShell } from "~/components/admin-shell";
import type { Route } from "./+types/layout";

/**
 * Every /admin page sits under this layout: it checks the admin once for the page, renders the
 * console shell (the root renders its header, ConsoleHeader), and keeps the console out of caches and search engines. The login gate at
 * /admin/cohort-settings is the one page shown without an admin (it shows the login form).
 * Actions still call requireAdmin themselves: a form post runs the action before any loader.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const onGate = new URL(request.url).pathname === ADMIN_LOGIN_PATH;
  const admin = onGate ? await getAdmin(request, context) : await requireAdmin(request, context);
  return { admin };
}

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
});

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <meta name="robots" content="noindex" />
      {loaderData.admin ? (
        <AdminShell>
          <Outlet />
        </AdminShell>
      ) : (
        <Outlet />
      )}
    </>
  );
}

import { data } from "react-router";
import { requireAdmin } from "~/admin/sessions.server";
import { exportPerson } from "~/console/privacy.server";
import type { Route } from "./+types/person-export";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const exported = await exportPerson(
    context.services.db,
    params.id,
    admin.email,
    context.services.clock.now(),
  );
  if (!exported) throw data(null, { status: 404 });
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="person-${params.id}.json"`,
      "Cache-Control": "no-store",
    },
  });
}

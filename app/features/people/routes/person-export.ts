import { requireAdmin } from "~/features/accounts/sessions.server";
import { exportPerson } from "~/features/people/privacy.server";
import type { Route } from "./+types/person-export";
import { orNotFound } from "~/lib/or-not-found";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const exported = orNotFound(
    await exportPerson(context.services.db, params.id, admin.email, context.services.clock.now()),
  );
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="person-${params.id}.json"`,
      "Cache-Control": "no-store",
    },
  });
}

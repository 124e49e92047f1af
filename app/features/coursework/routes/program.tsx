import { requireAdmin } from "~/features/accounts/sessions.server";
import { AdminPage } from "~/components/admin-shell";
import { WeekTable } from "~/features/coursework/program-editor";
import { programSummary } from "~/features/coursework/program-edit.server";
import { programConsole as t } from "~/features/coursework/program.words";
import { formatWhen } from "~/lib/time-zone";
import { adminMeta } from "~/lib/meta";
import type { Route } from "./+types/program";

export const meta: Route.MetaFunction = () => adminMeta(t.title);

/** /admin/program: the six weeks, each with its assignments counted and its last edit. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, clock, config } = context.services;
  const now = clock.now();
  const weeks = await programSummary(db, now);
  return {
    weeks: weeks.map(({ updatedAt, ...week }) => ({
      ...week,
      lastEdit: formatWhen(new Date(updatedAt), config.siteTimeZone, now),
    })),
  };
}

export default function Program({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title={t.title}>
      <p className="max-w-3xl text-slate-700">{t.intro}</p>
      <WeekTable weeks={loaderData.weeks} />
    </AdminPage>
  );
}

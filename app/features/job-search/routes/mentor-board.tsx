import { PortalPageHeading } from "~/components/portal-shell";
import { mentorZoneOf } from "~/features/bookings/availability.server";
import { requireMentor } from "~/features/mentors/mentor-students.server";
import { portalMeta } from "~/features/portal/portal.words";
import { pageMeta } from "~/lib/meta";
import { staticPage } from "~/lib/page-handle";
import { MentorBoard, SortLinks } from "../mentor-board";
import { mentorBoard } from "../mentor-board.server";
import { boardText as t } from "../mentor-board.words";
import { sortKeyOf } from "../pipeline";
import type { Route } from "./+types/mentor-board";

export const meta: Route.MetaFunction = () => pageMeta(t.title, portalMeta.description);
export const handle = staticPage;

/**
 * /portal/mentor/board: the signed-in mentor's students' job search at a glance, sorted by the
 * `sort` query (flags, activity, week or name; flags when missing or unknown).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const mentor = await requireMentor(request, context, "mentorBoard");
  const { services } = context;
  const sort = sortKeyOf(new URL(request.url).searchParams.get("sort"));
  const zone = await mentorZoneOf(services.db, mentor.mentorId, services.config.siteTimeZone);
  const rows = await mentorBoard(services, mentor.mentorId, sort, zone);
  return { sort, rows, zone };
}

export default function MentorBoardPage({ loaderData }: Route.ComponentProps) {
  const { sort, rows } = loaderData;
  return (
    <div className="space-y-6">
      <PortalPageHeading title={t.title}>
        <p className="mt-3 text-slate-700">{t.intro}</p>
      </PortalPageHeading>
      <SortLinks sort={sort} />
      <MentorBoard rows={rows} />
    </div>
  );
}

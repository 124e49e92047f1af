import { Link } from "react-router";
import { PortalPageHeading } from "~/components/portal-shell";
import { linkVariants } from "~/components/ui/link";
import { mentorZoneOf } from "~/features/bookings/availability.server";
import { mentorPortal } from "~/features/mentors/mentors.words";
import { requireMentor } from "~/features/mentors/mentor-students.server";
import { portalMeta } from "~/features/portal/portal.words";
import { pageMeta } from "~/lib/meta";
import { staticPage } from "~/lib/page-handle";
import { ReviewQueue } from "../review-views";
import { reviewQueue } from "../reviews.server";
import { reviewQueueText as t } from "../reviews.words";
import type { Route } from "./+types/mentor-reviews";

export const meta: Route.MetaFunction = () => pageMeta(t.title, portalMeta.description);
export const handle = staticPage;

/**
 * /portal/mentor/reviews: the versions of the mentor's own students' work waiting for their
 * review, the longest waiting first, sent times in the mentor's zone.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const mentor = await requireMentor(request, context, "mentorReviews");
  const { db, clock, config } = context.services;
  const zone = await mentorZoneOf(db, mentor.mentorId, config.siteTimeZone);
  return { zone, items: await reviewQueue(db, mentor.mentorId, zone, clock.now()) };
}

export default function MentorReviews({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <div>
        <Link to="/portal/mentor" className={linkVariants({ size: "sm" })}>
          {mentorPortal.backToList}
        </Link>
        <PortalPageHeading title={t.title}>
          <p className="mt-3 text-slate-700">{t.intro}</p>
          <p className="mt-2 text-sm text-slate-600">{t.zone(loaderData.zone)}</p>
        </PortalPageHeading>
      </div>
      <ReviewQueue items={loaderData.items} />
    </div>
  );
}

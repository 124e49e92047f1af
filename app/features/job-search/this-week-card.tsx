import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import { monthDayDisplay } from "~/features/cohort/cohort";
import { thisWeekText as t } from "./networking.words";
import type { WeekProgress } from "./networking.server";

const count = (n: number, target: number | null) =>
  target === null ? t.noTarget(n) : t.ofTarget(n, target);

/** The student's week against their targets: applications sent, conversations, follow-ups due. */
export function ThisWeekCard({ week }: { week: WeekProgress }) {
  const noTargets = week.applicationsTarget === null && week.conversationsTarget === null;
  return (
    <Card data-this-week="">
      <h2 className="text-xl font-semibold text-brand-900">{t.title}</h2>
      <p className="text-sm text-slate-700">
        {t.range(monthDayDisplay(week.window.startsOn), monthDayDisplay(week.window.endsOn))}
      </p>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-medium text-slate-700">{t.applications}</dt>
          <dd className="text-lg font-semibold text-slate-900" data-applications-week="">
            {count(week.applicationsSent, week.applicationsTarget)}
          </dd>
          <dd>
            <Link to="/portal/applications" className={linkVariants({ size: "sm" })}>
              {t.applicationsLink}
            </Link>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-700">{t.conversations}</dt>
          <dd className="text-lg font-semibold text-slate-900" data-conversations-week="">
            {count(week.conversations, week.conversationsTarget)}
          </dd>
          <dd>
            <Link to="/portal/networking" className={linkVariants({ size: "sm" })}>
              {t.networkingLink}
            </Link>
          </dd>
        </div>
      </dl>
      {week.followUpsDue > 0 && (
        <p className="mt-3 font-medium text-slate-900">{t.followUpsDue(week.followUpsDue)}</p>
      )}
      {noTargets && <p className="mt-3 text-sm text-slate-700">{t.noTargets}</p>}
    </Card>
  );
}

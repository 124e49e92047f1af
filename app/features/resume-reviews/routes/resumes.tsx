import { requireAdmin } from "~/features/accounts/sessions.server";
import { AdminPage } from "~/components/admin-shell";
import { FilterTabs } from "~/components/admin/filter-tabs";
import { RowAction } from "~/components/admin/row-action";
import { ScheduleReviewForm } from "~/features/resume-reviews/schedule-review-form";
import { When } from "~/components/admin/when";
import { cardVariants } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { linkVariants } from "~/components/ui/link";
import { adminMeta } from "~/lib/meta";
import {
  cancelReview,
  markReviewed,
  resumeQueue,
  scheduleReview,
} from "~/features/resume-reviews/resume-queue.server";
import type { ReviewStatus } from "~/db/schema";
import { consoleText } from "~/content/console";
import { livestreamSlot } from "~/features/resume-reviews/livestream";
import { resumesFormSchema } from "~/features/resume-reviews/resume-forms";
import { parseForm, refuse } from "~/lib/form.server";
import { success } from "~/lib/toast";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import type { Route } from "./+types/resumes";

export const meta: Route.MetaFunction = () => adminMeta(consoleText.resumesTitle);

/** The review queue's states; a student's portal resume (`profile`) is not in the queue. */
const TABS = ["waiting", "scheduled", "reviewed"] as const satisfies readonly ReviewStatus[];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const requested = new URL(request.url).searchParams.get("status");
  const status = TABS.find((tab) => tab === requested) ?? "waiting";
  const { db, clock, config } = context.services;
  const zone = config.siteTimeZone;
  // A review happens at the livestream's time on its date: shown as an instant, zone named.
  const resumes = (await resumeQueue(db, status)).map((resume) => ({
    ...resume,
    livestreamAt: resume.scheduled_for
      ? livestreamSlot(resume.scheduled_for, config.livestreamTime, zone).start.toISOString()
      : null,
  }));
  return { status, resumes, clock: { zone, now: clock.now().toISOString() } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { db, clock, config } = context.services;
  const submission = await parseForm(request, resumesFormSchema);
  if (submission.status !== "success") return refuse(submission);
  const form = submission.value;
  const done = (message: string) => redirectWithToast(context, samePage(request), success(message));
  switch (form.intent) {
    case "schedule": {
      const ok = await scheduleReview(db, form.id, form.date, admin.email, clock.now(), config);
      if (ok) return done(consoleText.scheduled);
      return refuse(submission, { message: consoleText.invalidDate, field: "date" });
    }
    case "cancel": {
      const ok = await cancelReview(db, form.id, admin.email, clock.now(), config);
      return ok
        ? done(consoleText.reviewCancelled)
        : refuse(submission, { message: consoleText.notScheduled });
    }
    case "reviewed": {
      const ok = await markReviewed(db, form.id, admin.email, clock.now());
      return ok
        ? done(consoleText.reviewed)
        : refuse(submission, { message: consoleText.notFound });
    }
  }
}

const t = consoleText.resumes;

export default function Resumes({ loaderData }: Route.ComponentProps) {
  const { resumes, status, clock } = loaderData;
  return (
    <AdminPage title={consoleText.resumesTitle}>
      <FilterTabs
        label={consoleText.reviewStateLabel}
        tabs={TABS.map((tab) => ({
          key: tab,
          to: `?status=${tab}`,
          label: t.tabs[tab],
          current: tab === status,
        }))}
      />
      {resumes.length === 0 ? (
        <p className="mt-6 text-slate-700">{t.empty}</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {resumes.map((resume) => (
            <li
              key={resume.id}
              className={cn(
                cardVariants({ padding: "sm", flat: true }),
                "flex flex-wrap items-end gap-4",
              )}
              data-testid="resume-row"
            >
              <div className="min-w-0 flex-1 basis-56">
                <a href={`/admin/people/${resume.person_id}`} className={linkVariants()}>
                  {`${resume.first_name} ${resume.last_name}`.trim() || resume.email}
                </a>
                <p className="text-sm text-slate-700 wrap-anywhere">
                  {resume.email} · {t.sent} <When at={resume.created_at} clock={clock} />
                  {resume.livestreamAt ? (
                    <>
                      {" "}
                      · {t.livestream} <When at={resume.livestreamAt} clock={clock} />
                    </>
                  ) : null}
                </p>
                <a
                  href={`/admin/uploads/${resume.id}`}
                  className={linkVariants({ weight: "medium", size: "sm" })}
                >
                  {t.download}
                </a>
              </div>
              {status !== "reviewed" && (
                <ScheduleReviewForm id={resume.id} scheduledFor={resume.scheduled_for} />
              )}
              {status === "scheduled" && (
                <RowAction id={resume.id} intent="cancel" label={t.cancel} />
              )}
              {status !== "reviewed" && (
                <RowAction id={resume.id} intent="reviewed" label={t.markReviewed} />
              )}
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}

import { data, Form, NavLink } from "react-router";
import "~/lib/zod-jitless";
import { z } from "zod";
import { requireAdmin } from "~/admin/sessions.server";
import { AdminPage } from "~/components/admin-shell";
import { adminMeta } from "~/lib/meta";
import {
  markReviewed,
  resumeQueue,
  scheduleReview,
  type ReviewStatus,
} from "~/console/resume-queue.server";
import { consoleText } from "~/content/console";
import { errorToast, success, useActionToast } from "~/lib/toast";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import type { Route } from "./+types/resumes";

export const meta: Route.MetaFunction = () => adminMeta(consoleText.resumesTitle);

const TABS: ReviewStatus[] = ["waiting", "scheduled", "reviewed"];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const requested = new URL(request.url).searchParams.get("status");
  const status = TABS.find((tab) => tab === requested) ?? "waiting";
  return { status, resumes: await resumeQueue(context.services.db, status) };
}

const Action = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("schedule"), id: z.string().min(1), date: z.string() }),
  z.object({ intent: z.literal("reviewed"), id: z.string().min(1) }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { db, clock } = context.services;
  const parsed = Action.safeParse(Object.fromEntries(await request.formData()));
  const error = (description: string) => data({ toast: errorToast(description) }, { status: 400 });
  if (!parsed.success) return error(consoleText.notFound);
  if (parsed.data.intent === "schedule") {
    const ok = await scheduleReview(db, parsed.data.id, parsed.data.date, admin.email, clock.now());
    return ok
      ? redirectWithToast(context, samePage(request), success(consoleText.scheduled))
      : error(consoleText.invalidDate);
  }
  const ok = await markReviewed(db, parsed.data.id, admin.email, clock.now());
  return ok
    ? redirectWithToast(context, samePage(request), success(consoleText.reviewed))
    : error(consoleText.notFound);
}

const t = consoleText.resumes;

export default function Resumes({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const { resumes, status } = loaderData;
  return (
    <AdminPage title={consoleText.resumesTitle}>
      <nav aria-label={consoleText.reviewStateLabel} className="flex gap-2">
        {TABS.map((tab) => (
          <NavLink
            key={tab}
            to={`?status=${tab}`}
            className={() =>
              `rounded-md px-3 py-1.5 text-sm font-medium ${tab === status ? "bg-brand-700 text-white" : "border border-slate-300"}`
            }
            aria-current={tab === status ? "page" : undefined}
          >
            {t.tabs[tab]}
          </NavLink>
        ))}
      </nav>
      {resumes.length === 0 ? (
        <p className="mt-6 text-slate-700">{t.empty}</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {resumes.map((resume) => (
            <li
              key={resume.id}
              className="flex flex-wrap items-end gap-4 rounded-xl border border-slate-200 bg-white p-4"
              data-testid="resume-row"
            >
              <div className="min-w-56 flex-1">
                <a
                  href={`/admin/people/${resume.person_id}`}
                  className="font-semibold text-brand-700 underline"
                >
                  {`${resume.first_name} ${resume.last_name}`.trim() || resume.email}
                </a>
                <p className="text-sm text-slate-700">
                  {resume.email} · {resume.created_at.slice(0, 16).replace("T", " ")}
                  {resume.scheduled_for ? ` · ${resume.scheduled_for}` : ""}
                </p>
                <a
                  href={`/admin/uploads/${resume.id}`}
                  className="text-sm font-medium text-brand-700 underline"
                >
                  {t.download}
                </a>
              </div>
              {status !== "reviewed" && (
                <Form method="post" className="flex items-end gap-2">
                  <input type="hidden" name="intent" value="schedule" />
                  <input type="hidden" name="id" value={resume.id} />
                  <label className="text-sm font-medium">
                    {t.scheduleFor}
                    <input
                      type="date"
                      name="date"
                      required
                      defaultValue={resume.scheduled_for ?? ""}
                      className="mt-1 block rounded-md border border-slate-300 px-2 py-1.5 text-sm"
                    />
                  </label>
                  <button
                    type="submit"
                    className="rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white"
                  >
                    {t.schedule}
                  </button>
                </Form>
              )}
              {status !== "reviewed" && (
                <Form method="post">
                  <input type="hidden" name="intent" value="reviewed" />
                  <input type="hidden" name="id" value={resume.id} />
                  <button
                    type="submit"
                    className="rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold"
                  >
                    {t.markReviewed}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}

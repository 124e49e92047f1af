import { data, Form, Link } from "react-router";
import "~/lib/zod-jitless";
import { z } from "zod";
import { requireAdmin } from "~/admin/sessions.server";
import { AdminPage, Pager } from "~/components/admin-shell";
import { DataTable } from "~/components/ui/table";
import { adminMeta } from "~/lib/meta";
import { recordAudit } from "~/console/audit.server";
import { emailLog, retryEmail } from "~/console/email-log.server";
import { consoleText } from "~/content/console";
import { errorToast, success, useActionToast } from "~/lib/toast";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import type { Route } from "./+types/emails";

export const meta: Route.MetaFunction = () => adminMeta(consoleText.emailsTitle);

const STATES = ["pending", "sent", "failed"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const status = z
    .enum(STATES)
    .optional()
    .catch(undefined)
    .parse(params.get("status") ?? undefined);
  const page = z.coerce
    .number()
    .int()
    .min(1)
    .catch(1)
    .parse(params.get("page") ?? 1);
  return { status, log: await emailLog(context.services.db, { status, page }) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const id = String((await request.formData()).get("id") ?? "");
  const now = context.services.clock.now();
  if (!(await retryEmail(context.services.db, id, now))) {
    return data({ toast: errorToast(consoleText.notFound) }, { status: 400 });
  }
  await recordAudit(context.services.db, admin.email, "email.retry", { id }, now);
  return redirectWithToast(context, samePage(request), success(consoleText.retried));
}

const t = consoleText.emails;

export default function Emails({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const { log, status } = loaderData;
  const query = new URLSearchParams(status ? { status } : {});
  return (
    <AdminPage title={consoleText.emailsTitle}>
      <nav aria-label={consoleText.deliveryStateLabel} className="flex gap-2">
        {[undefined, ...STATES].map((state) => (
          <Link
            key={state ?? "all"}
            to={state ? `?status=${state}` : "?"}
            aria-current={state === status ? "page" : undefined}
            className={`rounded-md px-3 py-1.5 text-sm font-medium ${state === status ? "bg-brand-700 text-white" : "border border-slate-300"}`}
          >
            {state ?? t.all}
          </Link>
        ))}
      </nav>
      {log.rows.length === 0 ? (
        <p className="mt-6 text-slate-700">{t.empty}</p>
      ) : (
        <DataTable columns={[...t.columns, t.retry]}>
          {log.rows.map((email) => (
            <tr key={email.id} className="border-t border-slate-100" data-testid="email-row">
              <td className="px-3 py-2 whitespace-nowrap">
                {email.created_at.slice(0, 16).replace("T", " ")}
              </td>
              <td className="px-3 py-2">{email.to_address}</td>
              <td className="px-3 py-2">
                <Link to={`/admin/emails/${email.id}`} className="text-brand-700 underline">
                  {email.subject}
                </Link>
              </td>
              <td className="px-3 py-2">{email.kind}</td>
              <td className="px-3 py-2">{email.status}</td>
              <td className="px-3 py-2">{email.attempts}</td>
              <td className="max-w-64 truncate px-3 py-2" title={email.last_error ?? ""}>
                {email.last_error}
              </td>
              <td className="px-3 py-2">
                {email.status === "failed" && (
                  <Form method="post">
                    <input type="hidden" name="id" value={email.id} />
                    <button
                      type="submit"
                      className="rounded-md border border-slate-300 px-2 py-1 text-xs font-semibold"
                    >
                      {t.retry}
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager page={log.page} pages={log.pages} query={query} />
    </AdminPage>
  );
}

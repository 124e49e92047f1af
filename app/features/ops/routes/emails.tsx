import { Link } from "react-router";
import { z } from "~/lib/zod";
import { requireAdmin } from "~/features/accounts/sessions.server";
import { AdminPage, Pager } from "~/components/admin-shell";
import { FilterTabs } from "~/components/admin/filter-tabs";
import { RowAction } from "~/components/admin/row-action";
import { linkVariants } from "~/components/ui/link";
import { Cell, DataTable, Row } from "~/components/ui/table";
import { adminMeta } from "~/lib/meta";
import { recordAudit } from "~/features/accounts/audit.server";
import { emailLog, retryEmail } from "~/mail/email-log.server";
import { When } from "~/components/admin/when";
import { consoleText } from "~/content/console";
import { emailKindWords, outboxStateWord } from "~/content/console-words";
import { emailsFormSchema } from "~/features/ops/email-forms";
import { parseForm, refuse } from "~/lib/form.server";
import { success } from "~/lib/toast";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import type { Route } from "./+types/emails";

export const meta: Route.MetaFunction = () => adminMeta(consoleText.emailsTitle);

const STATES = ["pending", "sent", "failed", "suppressed"] as const;

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
  const { db, clock, config } = context.services;
  return {
    status,
    log: await emailLog(db, { status, page }),
    clock: { zone: config.siteTimeZone, now: clock.now().toISOString() },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = await parseForm(request, emailsFormSchema);
  if (submission.status !== "success") return refuse(submission);
  const { id } = submission.value;
  const now = context.services.clock.now();
  if (!(await retryEmail(context.services.db, id, now)))
    return refuse(submission, { message: consoleText.notFound });
  await recordAudit(context.services.db, admin.email, "email.retry", { id }, now);
  return redirectWithToast(context, samePage(request), success(consoleText.retried));
}

const t = consoleText.emails;

export default function Emails({ loaderData }: Route.ComponentProps) {
  const { log, status, clock } = loaderData;
  const query = new URLSearchParams(status ? { status } : {});
  return (
    <AdminPage title={consoleText.emailsTitle}>
      <FilterTabs
        label={consoleText.deliveryStateLabel}
        tabs={[undefined, ...STATES].map((state) => ({
          key: state ?? "all",
          to: state ? `?status=${state}` : "?",
          label: state ? t.tabs[state] : t.all,
          current: state === status,
        }))}
      />
      {log.rows.length === 0 ? (
        <p className="mt-6 text-slate-700">{t.empty}</p>
      ) : (
        // The subject and the state (with Retry) first: what the owner looks for on a phone.
        <DataTable columns={t.columns} label={consoleText.emailsTitle}>
          {log.rows.map((email) => (
            <Row key={email.id} data-testid="email-row">
              <Cell className="min-w-48">
                <Link
                  to={`/admin/emails/${email.id}`}
                  className={linkVariants({ weight: "normal" })}
                >
                  {email.subject}
                </Link>
              </Cell>
              <Cell>
                <span className="block whitespace-nowrap">{outboxStateWord(email.status)}</span>
                {email.status === "failed" && <RowAction id={email.id} label={t.retry} size="xs" />}
              </Cell>
              <Cell>
                {email.to_address}
                {email.undeliverable ? (
                  <span className="ml-1 rounded bg-red-100 px-1 text-xs font-semibold text-red-800">
                    {t.undeliverable}
                  </span>
                ) : null}
              </Cell>
              <Cell className="whitespace-nowrap">
                <When at={email.created_at} clock={clock} />
              </Cell>
              <Cell className="min-w-40">{emailKindWords(email.kind)}</Cell>
              <Cell>{email.attempts}</Cell>
              <Cell className="max-w-64 truncate" title={email.last_error ?? ""}>
                {email.last_error}
              </Cell>
            </Row>
          ))}
        </DataTable>
      )}
      <Pager page={log.page} pages={log.pages} query={query} />
    </AdminPage>
  );
}

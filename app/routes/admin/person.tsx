import { data, Form, useNavigation } from "react-router";
import "~/lib/zod-jitless";
import { z } from "zod";
import { requireAdmin } from "~/admin/sessions.server";
import { AdminPage } from "~/components/admin-shell";
import { SectionCard as Card } from "~/components/ui/card";
import { adminMeta } from "~/lib/meta";
import { recordAudit } from "~/console/audit.server";
import { personDetail } from "~/console/person-detail.server";
import { erasePerson } from "~/console/privacy.server";
import { consoleText } from "~/content/console";
import { formatDollars } from "~/content/pricing";
import { PERSON_STATUSES } from "~/domain/application-outcome";
import { localMailboxDir } from "~/mail/transport.server";
import { errorToast, success, useActionToast } from "~/lib/toast";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import { changeStatus } from "~/people/people.server";
import type { Route } from "./+types/person";

export const meta: Route.MetaFunction = () => adminMeta(consoleText.peopleTitle);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const detail = await personDetail(context.services.db, params.id);
  if (!detail) throw data(null, { status: 404 });
  return { detail };
}

const StatusChange = z.object({
  intent: z.literal("status"),
  status: z.enum(PERSON_STATUSES),
  reason: z.string().trim().min(1, consoleText.statusReasonRequired).max(500),
});
const Erase = z.object({
  intent: z.literal("erase"),
  confirm: z.literal("ERASE", { error: consoleText.person.eraseMismatch }),
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { db, clock } = context.services;
  const form = Object.fromEntries(await request.formData());
  const now = clock.now();
  const fail = (description: string) => data({ toast: errorToast(description) }, { status: 400 });

  if (form.intent === "erase") {
    const parsed = Erase.safeParse(form);
    if (!parsed.success) return fail(consoleText.person.eraseMismatch);
    const mailbox = localMailboxDir(context.services.config) ?? undefined;
    if (!(await erasePerson(db, params.id, admin.email, now, mailbox)))
      throw data(null, { status: 404 });
    return redirectWithToast(context, samePage(request), success(consoleText.erased));
  }
  const parsed = StatusChange.safeParse(form);
  if (!parsed.success)
    return fail(parsed.error.issues[0]?.message ?? consoleText.statusReasonRequired);
  const changed = await db.transaction().execute(async (trx) => {
    const person = await trx
      .selectFrom("people")
      .select(["id", "status"])
      .where("id", "=", params.id)
      .executeTakeFirst();
    if (!person) return false;
    await changeStatus(trx, person.id, parsed.data.status, parsed.data.reason, now.toISOString());
    await recordAudit(
      trx,
      admin.email,
      "person.status",
      { personId: person.id, from: person.status, to: parsed.data.status },
      now,
    );
    return true;
  });
  if (!changed) throw data(null, { status: 404 });
  return redirectWithToast(context, samePage(request), success(consoleText.statusChanged));
}

const t = consoleText.person;
const field = "mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm";

function KeyValues({ values }: { values: Record<string, unknown> | null }) {
  if (!values || Object.keys(values).length === 0)
    return <p className="text-slate-600">{t.none}</p>;
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      {Object.entries(values).map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="font-medium text-slate-700">{key}</dt>
          <dd className="break-words">
            {typeof value === "object" ? JSON.stringify(value) : String(value ?? "")}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export default function Person({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  const busy = useNavigation().state !== "idle";
  const { detail } = loaderData;
  const { person } = detail;
  const name = `${person.first_name} ${person.last_name}`.trim() || person.email;
  return (
    <AdminPage title={name}>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t.profile}>
          <KeyValues
            values={{
              [t.fields.email]: person.email,
              [t.fields.university]: person.university,
              [t.fields.graduationYear]: person.graduation_year,
              [t.fields.status]: person.status,
              [t.fields.leadSource]: person.lead_source,
              [t.fields.tags]: person.tags.join(", "),
              [t.fields.leadMagnets]: person.lead_magnets.join(", "),
              [t.fields.lastLeadMagnet]: person.last_lead_magnet_type
                ? `${person.last_lead_magnet_type} (${person.last_lead_magnet_at})`
                : "",
              [t.fields.created]: person.created_at,
              [t.fields.updated]: person.updated_at,
            }}
          />
        </Card>
        <Card title={t.changeStatus}>
          {/* Keyed on the last update so the form empties after a change is saved. */}
          <Form method="post" className="space-y-3" key={person.updated_at}>
            <input type="hidden" name="intent" value="status" />
            <label className="block text-sm font-medium">
              {t.newStatus}
              <select name="status" defaultValue={person.status} className={field}>
                {PERSON_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {status}
                  </option>
                ))}
              </select>
            </label>
            <label className="block text-sm font-medium">
              {t.reason}
              <input name="reason" required maxLength={500} className={field} />
            </label>
            <button
              type="submit"
              disabled={busy}
              className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white"
            >
              {t.save}
            </button>
          </Form>
        </Card>
        <Card title={t.touches}>
          <h3 className="text-sm font-semibold">{t.firstTouch}</h3>
          <KeyValues values={person.first_touch} />
          <h3 className="mt-3 text-sm font-semibold">{t.lastTouch}</h3>
          <KeyValues values={person.last_touch} />
        </Card>
        <Card title={t.history}>
          {detail.history.length === 0 ? (
            <p className="text-slate-600">{t.none}</p>
          ) : (
            <ol className="space-y-1 text-sm">
              {detail.history.map((entry, index) => (
                <li key={index}>
                  <span className="font-medium">{entry.status}</span> · {entry.reason} ·{" "}
                  <time>{entry.at}</time>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>
      <div className="mt-6 space-y-6">
        <Card title={t.submissions}>
          {detail.submissions.length === 0 ? (
            <p className="text-slate-600">{t.none}</p>
          ) : (
            detail.submissions.map((submission) => (
              <details key={submission.id} className="border-t border-slate-100 py-2">
                <summary className="cursor-pointer text-sm font-medium">
                  {submission.type} · {submission.status} · {submission.created_at}
                </summary>
                <div className="mt-2">
                  <KeyValues values={submission.formData} />
                </div>
              </details>
            ))
          )}
        </Card>
        <Card title={t.emails}>
          {detail.emails.length === 0 ? (
            <p className="text-slate-600">{t.none}</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {detail.emails.map((email) => (
                <li key={email.id}>
                  <a href={`/admin/emails/${email.id}`} className="text-brand-700 underline">
                    {email.subject}
                  </a>{" "}
                  · {email.status} · {email.attempts} · {email.created_at}
                </li>
              ))}
            </ul>
          )}
        </Card>
        <div className="grid gap-6 lg:grid-cols-3">
          <Card title={t.uploads}>
            {detail.uploads.length === 0 ? (
              <p className="text-slate-600">{t.none}</p>
            ) : (
              <ul className="space-y-1 text-sm">
                {detail.uploads.map((upload) => (
                  <li key={upload.id}>
                    <a href={`/admin/uploads/${upload.id}`} className="text-brand-700 underline">
                      {upload.name}
                    </a>{" "}
                    · {upload.review_status}
                    {upload.scheduled_for ? ` · ${upload.scheduled_for}` : ""}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title={t.downloads}>
            {detail.downloads.length === 0 ? (
              <p className="text-slate-600">{t.none}</p>
            ) : (
              <ul className="space-y-1 text-sm">
                {detail.downloads.map((download, index) => (
                  <li key={index}>
                    {download.resource} · {download.first_downloaded_at ?? t.notDownloaded}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title={t.payments}>
            {detail.payments.length === 0 ? (
              <p className="text-slate-600">{t.none}</p>
            ) : (
              <ul className="space-y-1 text-sm">
                {detail.payments.map((payment) => (
                  <li key={payment.session_id}>
                    {formatDollars(payment.amount_cents)} · {payment.status} · {payment.provider} ·{" "}
                    {payment.created_at}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
        <Card title={t.privacy}>
          <a
            href={`/admin/people/${person.id}/export`}
            className="text-sm font-medium text-brand-700 underline"
            download
          >
            {t.exportJson}
          </a>
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="erase" />
            <label className="text-sm font-medium">
              {t.eraseConfirm}
              <input name="confirm" autoComplete="off" className={field} />
            </label>
            <button
              type="submit"
              className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white"
            >
              {t.erase}
            </button>
          </Form>
        </Card>
      </div>
    </AdminPage>
  );
}

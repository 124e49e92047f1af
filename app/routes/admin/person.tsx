import { data, useNavigation } from "react-router";
import { z } from "~/lib/zod";
import { requireAdmin } from "~/admin/sessions.server";
import { AdminPage } from "~/components/admin-shell";
import { PersonActivity } from "~/components/admin/person-activity";
import { PrivacyCard, RefundCard, StatusCard } from "~/components/admin/person-actions";
import {
  HistoryCard,
  MarketingCard,
  ProfileCard,
  SubmissionsCard,
  TouchesCard,
} from "~/components/admin/person-profile";
import { adminMeta } from "~/lib/meta";
import { recordAudit } from "~/console/audit.server";
import { personDetail } from "~/console/person-detail.server";
import { erasePerson } from "~/console/privacy.server";
import { cohortConsole as t } from "~/content/cohorts";
import { consoleText } from "~/content/console";
import { PERSON_STATUSES } from "~/domain/application-outcome";
import { refundEnrolment } from "~/enrolment/refunds.server";
import { clearUndeliverable } from "~/mail/suppression.server";
import { localMailboxDir } from "~/mail/transport.server";
import { errorToast, success } from "~/lib/toast";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import { changeStatus } from "~/people/people.server";
import type { Route } from "./+types/person";
import { orNotFound } from "~/lib/or-not-found";

export const meta: Route.MetaFunction = () => adminMeta(consoleText.peopleTitle);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { detail: orNotFound(await personDetail(context.services.db, params.id)) };
}

const StatusChange = z.object({
  intent: z.literal("status"),
  status: z.enum(PERSON_STATUSES),
  reason: z.string().trim().min(1, consoleText.statusReasonRequired).max(500),
});
const Refund = z.object({
  intent: z.literal("refund"),
  reason: z.string().trim().min(1, t.refundReasonRequired).max(500),
});
const refundAnswers = {
  not_enrolled: t.notEnrolled,
  provider_failed: t.providerFailed,
} as const;
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

  if (form.intent === "refund") {
    const parsed = Refund.safeParse(form);
    if (!parsed.success) return fail(t.refundReasonRequired);
    const outcome = await refundEnrolment(
      context.services,
      admin.email,
      params.id,
      parsed.data.reason,
    );
    if (outcome !== "refunded") return fail(refundAnswers[outcome]);
    return redirectWithToast(context, samePage(request), success(t.refunded));
  }
  if (form.intent === "clear_undeliverable") {
    if (!(await clearUndeliverable(db, params.id, now))) return fail(consoleText.person.notFlagged);
    await recordAudit(db, admin.email, "person.clear_undeliverable", { personId: params.id }, now);
    return redirectWithToast(context, samePage(request), success(consoleText.person.cleared));
  }
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

export default function Person({ loaderData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { detail } = loaderData;
  const { person } = detail;
  const name = `${person.first_name} ${person.last_name}`.trim() || person.email;
  return (
    <AdminPage title={name}>
      <div className="grid gap-6 lg:grid-cols-2">
        <ProfileCard person={person} />
        <StatusCard person={person} busy={busy} />
        <TouchesCard person={person} />
        <HistoryCard history={detail.history} />
        <RefundCard payments={detail.payments} busy={busy} />
        <MarketingCard person={person} consents={detail.consents} />
      </div>
      <div className="mt-6 space-y-6">
        <SubmissionsCard submissions={detail.submissions} />
        <PersonActivity detail={detail} />
        <PrivacyCard personId={person.id} />
      </div>
    </AdminPage>
  );
}

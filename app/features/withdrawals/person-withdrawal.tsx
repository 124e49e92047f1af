import { getFormProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { ConfirmStep } from "~/components/admin/confirm-step";
import type { Field } from "~/components/form/fields";
import { FormField, FormTextarea } from "~/components/admin/console-field";
import { useConsoleForm } from "~/components/admin/console-form";
import { Button } from "~/components/ui/button";
import { SectionCard as Card } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import { leaveConsole as t, ruleWords } from "./leave.words";
import { personFormSchema } from "~/features/people/person-form";
import { formatDollars } from "~/features/enrollment/pricing.words";
import { centsToDollars, MAX_DECISION_NOTE, ownerPicksAmount } from "./withdrawal";
import type { OwnerWithdrawal } from "./decisions.server";

/**
 * The person's request to leave the programme (issue 36): what they asked and why, the rule that
 * applied, their attendance so far (with the cohort's grid a click away), and, while it waits,
 * approve (the amount fixed by the rule, or the owner's) or decline with a note.
 */
export function WithdrawalCard({
  withdrawal: w,
  name,
  confirming,
  busy,
}: {
  withdrawal: OwnerWithdrawal | null;
  name: string;
  /** The approval awaiting the owner's "yes" (the action's first answer), if any. */
  confirming: ApprovalToConfirm | null;
  busy: boolean;
}) {
  if (!w) return null;
  const a = w.attendance;
  return (
    <Card title={t.title}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-withdrawal={w.status}>
        <dt className="font-medium text-slate-700">{t.kind[w.kind]}</dt>
        <dd>{t.status[w.status]}</dd>
        <dt className="font-medium text-slate-700">{t.asked}</dt>
        <dd>{w.asked}</dd>
        <dt className="font-medium text-slate-700">{t.reason}</dt>
        <dd className="whitespace-pre-line">{w.reason}</dd>
        <dt className="font-medium text-slate-700">{t.rule}</dt>
        <dd data-rule={w.rule}>
          {ruleWords.name[w.rule]}. {w.explain}
        </dd>
        <dt className="font-medium text-slate-700">{t.paid}</dt>
        <dd>{w.paid}</dd>
        <dt className="font-medium text-slate-700">{t.attendance}</dt>
        <dd>
          <span data-testid="followed-so-far">{t.followed(a)}</span>{" "}
          <Link to={`/admin/cohorts/${w.cohortId}`} className={linkVariants({ size: "sm" })}>
            {t.grid}
          </Link>
        </dd>
        {w.decided && (
          <>
            <dt className="font-medium text-slate-700">{t.decided}</dt>
            <dd>{w.decided}</dd>
          </>
        )}
        {w.refunded !== null && (
          <>
            <dt className="font-medium text-slate-700">{t.refunded}</dt>
            <dd data-refunded={w.refunded}>{w.refunded}</dd>
          </>
        )}
        {w.note && (
          <>
            <dt className="font-medium text-slate-700">{t.note}</dt>
            <dd className="whitespace-pre-line">{w.note}</dd>
          </>
        )}
      </dl>
      {w.status === "requested" && (
        <div className="mt-4 space-y-4">
          {w.paymentPaid && confirming?.withdrawalId === w.id ? (
            <ConfirmApproval
              name={name}
              approval={confirming}
              freesSeat={w.freesSeat}
              busy={busy}
            />
          ) : (
            w.paymentPaid && <ApproveForm withdrawal={w} busy={busy} />
          )}
          {!w.paymentPaid && <p className="text-sm text-slate-700">{t.notEnrolled}</p>}
          <DeclineForm id={w.id} busy={busy} />
        </div>
      )}
    </Card>
  );
}

export type ApprovalToConfirm = { withdrawalId: string; cents: number; note: string };

/** The second step of approving: what will happen, said before money goes back (like a refund). */
function ConfirmApproval({
  name,
  approval,
  freesSeat,
  busy,
}: {
  name: string;
  approval: ApprovalToConfirm;
  freesSeat: boolean;
  busy: boolean;
}) {
  const amount = formatDollars(approval.cents);
  return (
    <div className="space-y-3" data-confirm-approval="">
      <ConfirmStep
        message={t.approveConfirm(name, amount, freesSeat)}
        values={{
          intent: "withdrawal_approve",
          withdrawalId: approval.withdrawalId,
          amount: centsToDollars(approval.cents),
          note: approval.note,
        }}
        button={t.approveConfirmButton(amount)}
        cancel={t.approveCancel}
        busy={busy}
      />
    </div>
  );
}

function ApproveForm({ withdrawal: w, busy }: { withdrawal: OwnerWithdrawal; busy: boolean }) {
  const match = { intent: "withdrawal_approve", withdrawalId: w.id };
  const proposed = centsToDollars(w.proposal.cents);
  const [form, fields] = useConsoleForm(personFormSchema, match, { amount: proposed });
  return (
    <Form method="post" className="space-y-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="withdrawal_approve" />
      <input type="hidden" name="withdrawalId" value={w.id} />
      <p className="text-sm text-slate-700">{w.freesSeat ? t.seat.freed : t.seat.kept}</p>
      {ownerPicksAmount(w.rule) ? (
        <>
          <p className="text-sm text-slate-700" data-proposal={w.proposal.reason}>
            {t.proposal(w.proposal.reason, formatDollars(w.proposal.cents), w.proposal.weeksLeft)}
          </p>
          <FormField label={t.amount(w.paid)} field={fields.amount} inputMode="decimal" required />
        </>
      ) : (
        <p className="text-sm text-slate-700">{t.fixedAmount(w.paid)}</p>
      )}
      <DecisionNote label={t.approveNote} field={fields.note} />
      <Button type="submit" variant="danger" size="md" disabled={busy}>
        {t.approve}
      </Button>
    </Form>
  );
}

function DeclineForm({ id, busy }: { id: string; busy: boolean }) {
  const match = { intent: "withdrawal_decline", withdrawalId: id };
  const [form, fields] = useConsoleForm(personFormSchema, match);
  return (
    <Form method="post" className="space-y-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="withdrawal_decline" />
      <input type="hidden" name="withdrawalId" value={id} />
      <DecisionNote label={t.declineNote} field={fields.note} />
      <Button type="submit" variant="secondary" size="md" disabled={busy}>
        {t.decline}
      </Button>
    </Form>
  );
}

/** The owner's note with a decision, sent to the student. */
function DecisionNote({ label, field }: { label: string; field: Field }) {
  return <FormTextarea label={label} field={field} rows={2} maxLength={MAX_DECISION_NOTE} />;
}

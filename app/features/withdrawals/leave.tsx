import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { ChoiceGroup, TextArea } from "~/components/form/fields";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { leavePage as t, ruleWords } from "./leave.words";
import { WITHDRAWAL_KINDS } from "./withdrawal";
import type { LeavePage } from "./requests.server";

/** The refund rule that applies today, in plain words, and the 30-day promise. */
export function LeaveRule({ page }: { page: LeavePage }) {
  return (
    <SectionCard title={t.todayTitle}>
      <p className="text-slate-800" data-rule-today={page.todayRule}>
        {page.todayRule === "full_refund"
          ? t.today.full_refund(page.lastDay)
          : t.today.owner_decides}
      </p>
      <p className="mt-2 text-slate-700">{t.promise}</p>
    </SectionCard>
  );
}

/** The student's latest request: what they asked, the rule, and where it stands. */
export function LeaveRequest({ request }: { request: NonNullable<LeavePage["request"]> }) {
  const state =
    request.status === "approved"
      ? t.state.approved(request.refunded ?? "$0")
      : request.status === "declined"
        ? t.state.declined
        : t.state.requested;
  return (
    <SectionCard title={t.requestTitle}>
      <div className="space-y-2 text-slate-800" data-withdrawal={request.status}>
        <p className="font-medium">{t.kinds[request.kind]}</p>
        <p>{t.asked(request.asked)}</p>
        <p>{t.ruleApplied(ruleWords.name[request.rule])}</p>
        <p className="font-medium text-slate-900">{state}</p>
        {request.note && <p className="whitespace-pre-line">{t.note(request.note)}</p>}
        {request.status === "declined" && <p>{t.askAgain}</p>}
      </div>
    </SectionCard>
  );
}

/** The request: leave, or claim the 30-day promise, with a reason (a plain post). */
export function LeaveForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useForm<{ kind: string; reason: string }>({ lastResult });
  return (
    <SectionCard title={t.formTitle}>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <ChoiceGroup
          field={fields.kind}
          legend={t.kindLegend}
          type="radio"
          required
          options={WITHDRAWAL_KINDS.map((kind) => ({ value: kind, label: t.kinds[kind] }))}
        />
        <TextArea field={fields.reason} label={t.reason} required />
        <p className="text-sm text-slate-600">{t.reasonHint}</p>
        <Button type="submit" variant="danger" size="touch">
          {t.submit}
        </Button>
      </Form>
    </SectionCard>
  );
}

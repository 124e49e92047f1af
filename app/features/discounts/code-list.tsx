import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormField, FormSelect, optionsOf } from "~/components/admin/console-field";
import { useConsoleForm } from "~/components/admin/console-form";
import { RowAction } from "~/components/admin/row-action";
import { whenText, type Clock } from "~/components/admin/when";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { Cell, DataTable, Row, RowHeader } from "~/components/ui/table";
import { cohortName } from "~/features/cohort/cohort-list";
import { formatDollars } from "~/features/enrollment/pricing.words";
import { centsToDollars } from "~/features/withdrawals/withdrawal";
import { describeDiscount } from "./codes";
import { codesFormSchema, MAX_CODE_NOTE } from "./code-forms";
import { codesConsole as t } from "./codes-console.words";
import { referralsText as r } from "./referrals.words";

export interface CodeSummary {
  id: string;
  code: string;
  kind: "percent" | "amount";
  percentOff: number | null;
  amountOffCents: number | null;
  cohortStart: string | null | undefined;
  cohortId: string | null;
  maxUses: number | null;
  uses: number;
  expiresAt: string | null;
  email: string | null;
  note: string;
  off: boolean;
}

function limitsOf(code: CodeSummary, clock: Clock): string {
  const limits = [
    ...(code.cohortId ? [t.cohortOnly(cohortName(code.cohortStart ?? null))] : []),
    ...(code.expiresAt ? [t.until(whenText(code.expiresAt, clock))] : []),
    ...(code.email ? [t.onlyFor(code.email)] : []),
  ];
  return limits.length ? limits.join(", ") : t.noLimits;
}

function statusOf(code: CodeSummary, clock: Clock): string {
  if (code.off) return t.off;
  if (code.expiresAt && code.expiresAt <= clock.now) return t.expired;
  if (code.maxUses !== null && code.uses >= code.maxUses) return t.usedUp;
  return t.active;
}

/** Every code the owner made: what it takes off, its limits, its paid uses; turn it off or on. */
export function CodeTable({ codes, clock }: { codes: CodeSummary[]; clock: Clock }) {
  if (codes.length === 0) return <p className="mt-4 text-slate-700">{t.none}</p>;
  return (
    <DataTable columns={Object.values(t.columns)} label={t.listTitle}>
      {codes.map((code) => (
        <Row key={code.id} data-testid="code-row">
          <RowHeader className="font-mono break-all">
            {code.code}
            {code.note ? (
              <span className="block font-sans text-sm font-normal text-slate-600">
                {code.note}
              </span>
            ) : null}
          </RowHeader>
          <Cell>
            {describeDiscount(
              code.kind === "percent"
                ? { kind: "percent", percentOff: code.percentOff ?? 0 }
                : { kind: "amount", amountOffCents: code.amountOffCents ?? 0 },
              formatDollars,
            )}
          </Cell>
          <Cell className="wrap-anywhere">{limitsOf(code, clock)}</Cell>
          <Cell>{t.usesOf(code.uses, code.maxUses)}</Cell>
          <Cell>{statusOf(code, clock)}</Cell>
          <Cell>
            <RowAction
              id={code.id}
              intent={code.off ? "enable" : "disable"}
              label={code.off ? t.enable : t.disable}
              size="xs"
            />
          </Cell>
        </Row>
      ))}
    </DataTable>
  );
}

/** A new code: percent or amount off, and any of its limits. */
export function NewCodeCard({ cohorts }: { cohorts: { id: string; startDate: string | null }[] }) {
  const [form, fields] = useConsoleForm(codesFormSchema, { intent: "create" }, { kind: "percent" });
  return (
    <SectionCard title={t.newTitle} className="mt-6">
      <Form method="post" className="grid gap-3 sm:grid-cols-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create" />
        <FormSelect
          label={t.kind}
          field={fields.kind}
          options={optionsOf(["percent", "amount"] as const, {
            percent: t.percentKind,
            amount: t.amountKind,
          })}
        />
        <FormField label={t.prefix} field={fields.prefix} maxLength={12} autoComplete="off" />
        <FormField label={t.percent} field={fields.percent} inputMode="numeric" />
        <FormField label={t.amount} field={fields.amount} inputMode="decimal" />
        <FormSelect
          label={t.cohort}
          field={fields.cohortId}
          anyLabel={t.allCohorts}
          options={cohorts.map((c) => ({ value: c.id, label: cohortName(c.startDate) }))}
        />
        <FormField label={t.maxUses} field={fields.maxUses} inputMode="numeric" />
        <FormField label={t.expires} field={fields.expires} type="date" />
        <FormField label={t.email} field={fields.email} autoComplete="off" maxLength={254} />
        <div className="sm:col-span-2">
          <FormField label={t.note} field={fields.note} maxLength={MAX_CODE_NOTE} />
        </div>
        <p className="text-sm text-slate-600 sm:col-span-2">{t.prefixHint}</p>
        <div>
          <Button type="submit" size="md">
            {t.create}
          </Button>
        </div>
      </Form>
    </SectionCard>
  );
}

/** The owner's referral terms: what a friend saves and what the referrer earns. */
export function ReferralTermsCard(terms: { friendCents: number; rewardCents: number }) {
  const [form, fields] = useConsoleForm(
    codesFormSchema,
    { intent: "referrals" },
    {
      friendDiscount: centsToDollars(terms.friendCents),
      referrerReward: centsToDollars(terms.rewardCents),
    },
  );
  return (
    <SectionCard title={t.referralsTitle} className="mt-6">
      <p className="text-sm text-slate-700">{t.referralsIntro}</p>
      <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="referrals" />
        <FormField label={t.friendDiscount} field={fields.friendDiscount} inputMode="decimal" />
        <FormField label={t.referrerReward} field={fields.referrerReward} inputMode="decimal" />
        <p className="text-sm text-slate-600 sm:col-span-2">{t.referralsOff}</p>
        <div>
          <Button type="submit" size="md" variant="secondary">
            {t.saveReferrals}
          </Button>
        </div>
      </Form>
    </SectionCard>
  );
}

export interface CreditSummary {
  id: string;
  referrer: string;
  referrerId: string;
  friend: string;
  friendId: string;
  amountCents: number;
  status: "owed" | "refunded" | "void";
}

/** Each friend's paid seat and what it earned their referrer: refund it on their seat, or void it. */
export function CreditTable({ credits }: { credits: CreditSummary[] }) {
  return (
    <SectionCard title={r.listTitle} className="mt-6">
      <div id="referrals" />
      {credits.length === 0 ? (
        <p className="text-slate-700">{r.none}</p>
      ) : (
        <DataTable columns={r.columns} label={r.listTitle} frame="none">
          {credits.map((credit) => (
            <Row key={credit.id} data-testid="credit-row">
              <RowHeader>
                <a href={`/admin/people/${credit.referrerId}`} className="text-brand-700 underline">
                  {credit.referrer}
                </a>
              </RowHeader>
              <Cell>
                <a href={`/admin/people/${credit.friendId}`} className="text-brand-700 underline">
                  {credit.friend}
                </a>
              </Cell>
              <Cell>{formatDollars(credit.amountCents)}</Cell>
              <Cell>{r.statuses[credit.status]}</Cell>
              <Cell>
                {credit.status === "owed" ? (
                  <div className="flex flex-wrap gap-2">
                    <RowAction id={credit.id} intent="refund_reward" label={r.refund} size="xs" />
                    <RowAction id={credit.id} intent="void_reward" label={r.void} size="xs" />
                  </div>
                ) : null}
              </Cell>
            </Row>
          ))}
        </DataTable>
      )}
    </SectionCard>
  );
}

import { Form } from "react-router";
import { ConsoleSelect } from "~/components/admin/console-field";
import { Button } from "~/components/ui/button";
import { cardVariants } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { linkVariants } from "~/components/ui/link";
import { Cell, DataTable, HeadedRow, Row, RowHeader } from "~/components/ui/table";
import { cohortName } from "~/features/cohort/cohort-list";
import { formatDollars } from "~/features/enrollment/pricing.words";
import type { CodeMoney, CohortMoney, ReferrerMoney } from "./money";
import { moneyText as t } from "./money.words";

export interface CohortMoneyRow {
  id: string;
  startDate: string | null;
  money: CohortMoney;
}

const c = t.columns;
const COHORT_COLUMNS = [
  t.cohortColumn,
  c.payments,
  c.gross,
  c.discounts,
  c.refunds,
  c.net,
  c.rewardsPaid,
  c.rewardsOwed,
  c.outstanding,
];

/** A cohort's figures in COHORT_COLUMNS' order (after its name): they add up left to right. */
function figures(money: CohortMoney) {
  return [
    money.payments,
    formatDollars(money.grossCents),
    formatDollars(money.discountCents),
    formatDollars(money.refundCents),
    formatDollars(money.netCents),
    formatDollars(money.rewardsPaidCents),
    formatDollars(money.rewardsOwedCents),
    formatDollars(money.outstandingPlanCents),
  ];
}

function sumOf(rows: readonly CohortMoneyRow[]): CohortMoney {
  const total = (key: keyof CohortMoney) => rows.reduce((sum, row) => sum + row.money[key], 0);
  return {
    payments: total("payments"),
    grossCents: total("grossCents"),
    discountCents: total("discountCents"),
    refundCents: total("refundCents"),
    netCents: total("netCents"),
    rewardsPaidCents: total("rewardsPaidCents"),
    rewardsOwedCents: total("rewardsOwedCents"),
    outstandingPlanCents: total("outstandingPlanCents"),
  };
}

/** Every cohort, newest first, each named by a link that shows its breakdowns; then the total. */
export function CohortMoneyTable({
  cohorts,
  chosenId,
}: {
  cohorts: readonly CohortMoneyRow[];
  chosenId: string;
}) {
  if (cohorts.length === 0) return <p className="mt-4 text-slate-700">{t.noCohorts}</p>;
  return (
    <DataTable columns={COHORT_COLUMNS} label={t.tableLabel(t.byCohort)}>
      {cohorts.map((cohort) => (
        <Row key={cohort.id} data-testid="cohort-money" data-cohort={cohort.id}>
          <RowHeader className="min-w-32">
            <a
              href={`?cohort=${encodeURIComponent(cohort.id)}`}
              className={linkVariants({ weight: "medium" })}
              aria-current={cohort.id === chosenId ? "page" : undefined}
            >
              {cohortName(cohort.startDate)}
            </a>
          </RowHeader>
          {figures(cohort.money).map((value, column) => (
            // Cells are positional: a column's index is its identity.
            <Cell key={column} className="whitespace-nowrap">
              {value}
            </Cell>
          ))}
        </Row>
      ))}
      {cohorts.length > 1 ? (
        <HeadedRow
          className="bg-slate-50/80 font-semibold"
          data-testid="all-cohorts-money"
          header={t.allCohorts}
          cells={figures(sumOf(cohorts))}
        />
      ) : null}
    </DataTable>
  );
}

/** The cohort picker: a GET form, so it works without JavaScript. */
export function CohortPicker({
  cohorts,
  chosenId,
}: {
  cohorts: readonly CohortMoneyRow[];
  chosenId: string;
}) {
  return (
    <Form
      method="get"
      className={cn(
        cardVariants({ padding: "sm", flat: true }),
        "mt-8 flex flex-wrap items-end gap-3",
      )}
    >
      <ConsoleSelect
        label={t.picker.label}
        name="cohort"
        defaultValue={chosenId}
        options={cohorts.map((cohort) => ({
          value: cohort.id,
          label: cohortName(cohort.startDate),
        }))}
      />
      <Button type="submit" size="md">
        {t.picker.show}
      </Button>
      <a
        href={`/admin/money.csv?cohort=${encodeURIComponent(chosenId)}`}
        className={linkVariants({ weight: "medium", size: "sm" })}
        download
      >
        {t.download}
      </a>
    </Form>
  );
}

const cc = t.codeColumns;

export function CodeMoneyTable({ lines }: { lines: readonly CodeMoney[] }) {
  if (lines.length === 0) return <p className="mt-4 text-slate-700">{t.noPayments}</p>;
  return (
    <DataTable
      columns={[cc.code, cc.uses, cc.gross, cc.discounts, cc.refunds, cc.net]}
      label={t.tableLabel(t.byCode)}
    >
      {lines.map((line) => (
        <HeadedRow
          key={line.code ?? ""}
          data-testid="code-money"
          data-code={line.code ?? ""}
          header={line.code ?? t.noCode}
          cells={[
            line.payments,
            formatDollars(line.grossCents),
            formatDollars(line.discountCents),
            formatDollars(line.refundCents),
            formatDollars(line.netCents),
          ]}
        />
      ))}
    </DataTable>
  );
}

const rc = t.referrerColumns;

export function ReferrerMoneyTable({ lines }: { lines: readonly ReferrerMoney[] }) {
  if (lines.length === 0) return <p className="mt-4 text-slate-700">{t.noReferrers}</p>;
  return (
    <DataTable
      columns={[rc.referrer, rc.friends, rc.owed, rc.paid]}
      label={t.tableLabel(t.byReferrer)}
    >
      {lines.map((line) => (
        <HeadedRow
          key={line.referrerId}
          data-testid="referrer-money"
          data-referrer={line.referrerId}
          header={
            <a
              href={`/admin/people/${encodeURIComponent(line.referrerId)}`}
              className={linkVariants({ weight: "medium" })}
            >
              {line.name}
            </a>
          }
          cells={[
            line.friendsEnrolled,
            formatDollars(line.rewardsOwedCents),
            formatDollars(line.rewardsPaidCents),
          ]}
        />
      ))}
    </DataTable>
  );
}

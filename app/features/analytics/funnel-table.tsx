import { funnelText as t } from "./funnel.words";
import { formatDollars } from "~/features/enrollment/pricing.words";
import { conversion, FUNNEL_STEPS, type FunnelRow } from "./funnel";
import { Cell, DataTable, Row, RowHeader } from "~/components/ui/table";

/** The revenue, then each step's count and, under it, its share of the step before. */
function Steps({ row }: { row: FunnelRow }) {
  return (
    <>
      <Cell className="font-semibold whitespace-nowrap">{formatDollars(row.revenueCents)}</Cell>
      {FUNNEL_STEPS.map((step, i) => {
        const previous = i === 0 ? null : row[FUNNEL_STEPS[i - 1]!];
        return (
          <Cell key={step} data-step={step}>
            <span className="font-semibold">{row[step]}</span>
            {previous === null ? null : (
              <span className="block text-xs text-slate-600">
                {t.rate(conversion(row[step], previous))}
                <span className="sr-only"> {t.rateLabel}</span>
              </span>
            )}
          </Cell>
        );
      })}
    </>
  );
}

/**
 * The funnel by group, with the whole period as the last row. The revenue comes right after the
 * group (what a phone shows first), then the steps in order. `groupWords` names a group's value.
 */
export function FunnelTable({
  rows,
  total,
  groupLabel,
  groupWords,
}: {
  rows: readonly FunnelRow[];
  total: FunnelRow;
  groupLabel: string;
  groupWords: (group: string) => string;
}) {
  return (
    <DataTable
      columns={[groupLabel, t.revenue, ...FUNNEL_STEPS.map((step) => t.steps[step])]}
      label={t.tableLabel}
    >
      {rows.map((row) => (
        <Row key={row.group} data-group={row.group}>
          <RowHeader className="max-w-xs min-w-32 break-words">{groupWords(row.group)}</RowHeader>
          <Steps row={row} />
        </Row>
      ))}
      <Row className="bg-slate-50">
        <RowHeader>{total.group}</RowHeader>
        <Steps row={total} />
      </Row>
    </DataTable>
  );
}

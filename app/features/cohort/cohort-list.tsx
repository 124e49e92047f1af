import { getFormProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import type { CohortSummary } from "./series.server";
import { FormField } from "~/components/admin/console-field";
import { useConsoleForm } from "~/components/admin/console-form";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import { Cell, DataTable, Row, RowHeader } from "~/components/ui/table";
import { cohortConsole as t } from "./cohorts.words";
import { formatDollars } from "~/features/enrollment/pricing.words";
import { longDate } from "./cohort";
import { cohortsFormSchema } from "./cohort-forms";

export const cohortName = (startDate: string | null) =>
  startDate ? longDate(startDate) : t.noDate;

/** Every cohort of the series with what its seats are doing, and the way to make one current. */
export function CohortTable({ cohorts }: { cohorts: CohortSummary[] }) {
  return (
    <DataTable columns={t.columns} label={t.title}>
      {cohorts.map((cohort) => (
        <Row key={cohort.id} data-testid="cohort-row">
          <RowHeader className="min-w-40">
            <Link to={`/admin/cohorts/${cohort.id}`} className={linkVariants()}>
              {cohortName(cohort.startDate)}
            </Link>
            <span className="block text-xs font-normal text-slate-700">
              {cohort.isCurrent ? t.current : cohort.isActive ? "" : t.closed}
            </span>
            <span className="block text-xs font-normal text-slate-700">
              {t.rowRule[cohort.rule]}
            </span>
          </RowHeader>
          <Cell>{cohort.paid}</Cell>
          <Cell>{cohort.seatsLeft}</Cell>
          <Cell>{formatDollars(cohort.revenueCents)}</Cell>
          <Cell>
            {cohort.isCurrent ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="make_current" />
                <input type="hidden" name="id" value={cohort.id} />
                <Button type="submit" variant="secondary" size="xs">
                  {t.makeCurrent}
                </Button>
              </Form>
            )}
          </Cell>
          <Cell>{cohort.capacity}</Cell>
          <Cell>{cohort.held}</Cell>
          <Cell>{cohort.offered}</Cell>
          <Cell>{cohort.emptied}</Cell>
        </Row>
      ))}
    </DataTable>
  );
}

export function NewCohortCard() {
  const [form, fields] = useConsoleForm(
    cohortsFormSchema,
    { intent: "create" },
    { capacity: "10" },
  );
  return (
    <SectionCard title={t.createTitle} className="mt-6">
      <p className="text-sm text-slate-700">{t.createIntro}</p>
      <Form method="post" className="mt-4 flex flex-wrap items-start gap-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create" />
        <FormField label={t.startDate} field={fields.startDate} type="date" />
        <FormField label={t.capacity} field={fields.capacity} type="number" min={1} required />
        <Button type="submit" size="md" className="mt-6">
          {t.create}
        </Button>
      </Form>
    </SectionCard>
  );
}

import { Form, Link } from "react-router";
import type { CohortSummary } from "~/cohort/series.server";
import { ConsoleField } from "~/components/admin/console-field";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import { Cell, DataTable, Row, RowHeader } from "~/components/ui/table";
import { cohortConsole as t } from "~/content/cohorts";
import { formatDollars } from "~/content/pricing";
import { longDate } from "~/domain/cohort";

export const cohortName = (startDate: string | null) =>
  startDate ? longDate(startDate) : t.noDate;

/** Every cohort of the series with what its seats are doing, and the way to make one current. */
export function CohortTable({ cohorts }: { cohorts: CohortSummary[] }) {
  return (
    <DataTable columns={t.columns}>
      {cohorts.map((cohort) => (
        <Row key={cohort.id} data-testid="cohort-row">
          <RowHeader>
            <Link to={`/admin/cohorts/${cohort.id}`} className={linkVariants()}>
              {cohortName(cohort.startDate)}
            </Link>
            <span className="block text-xs font-normal text-slate-700">
              {cohort.isCurrent ? t.current : cohort.isActive ? "" : t.closed}
            </span>
          </RowHeader>
          <Cell>{cohort.capacity}</Cell>
          <Cell>{cohort.paid}</Cell>
          <Cell>{cohort.held}</Cell>
          <Cell>{cohort.offered}</Cell>
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
        </Row>
      ))}
    </DataTable>
  );
}

export function NewCohortCard({
  errors,
}: {
  errors?: { startDate?: string[]; capacity?: string[] };
}) {
  return (
    <SectionCard title={t.createTitle} className="mt-6">
      <p className="text-sm text-slate-700">{t.createIntro}</p>
      <Form method="post" className="mt-4 flex flex-wrap items-start gap-3">
        <input type="hidden" name="intent" value="create" />
        <ConsoleField
          label={t.startDate}
          name="startDate"
          type="date"
          error={errors?.startDate?.[0]}
        />
        <ConsoleField
          label={t.capacity}
          name="capacity"
          type="number"
          min={1}
          defaultValue={10}
          required
          error={errors?.capacity?.[0]}
        />
        <Button type="submit" size="md" className="mt-6">
          {t.create}
        </Button>
      </Form>
    </SectionCard>
  );
}

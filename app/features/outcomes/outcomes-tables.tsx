import { getFormProps } from "@conform-to/react";
import { longDate } from "~/features/cohort/cohort";
import { Form } from "react-router";
import { FormField } from "~/components/admin/console-field";
import { useConsoleForm } from "~/components/admin/console-form";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { linkVariants } from "~/components/ui/link";
import { Cell, DataTable, Row, RowHeader } from "~/components/ui/table";
import { outcomesText as t } from "./outcomes.words";
import { outcomesFormSchema } from "./outcome-settings";
import {
  MAX_ASSIGNMENTS,
  MAX_THRESHOLD,
  MIN_THRESHOLD,
  type OutcomeFigures,
  type OutcomeSettings,
} from "./outcomes";

const c = t.columns;
/** The figures' columns, in the order the owner reads them: the rates first. */
const FIGURE_COLUMNS = [
  c.graduationRate,
  c.placementRate,
  c.enrolled,
  c.enrolledAtRefundDate,
  c.graduated,
  c.withdrawn,
  c.excluded,
  c.interviews,
  c.confirmedOffers,
  c.offersInField180d,
  c.medianDaysToOffer,
  c.nps,
];

/** One group's figures, each rate as "n / d (rate)". */
function Figures({ figures: f }: { figures: OutcomeFigures }) {
  const cells: [string, string | number][] = [
    [
      "graduation_rate",
      t.rate(f.graduationRate.numerator, f.graduationRate.denominator, f.graduationRate.value),
    ],
    [
      "placement_rate",
      t.rate(f.placementRate.numerator, f.placementRate.denominator, f.placementRate.value),
    ],
    ["enrolled", f.enrolled],
    ["enrolled_at_refund_date", f.enrolledAtRefundDate],
    ["graduated", f.graduated],
    ["withdrawn", f.withdrawn],
    ["excluded", f.excluded],
    ["interviews", f.interviews],
    ["confirmed_offers", f.confirmedOffers],
    ["offers_in_field_180d", f.offersInField180d],
    ["median_days_to_offer", t.days(f.medianDaysToOffer)],
    ["nps", t.nps(f.nps.nps, f.nps.answers)],
  ];
  return (
    <>
      {cells.map(([name, value]) => (
        <Cell key={name} data-figure={name} className="whitespace-nowrap">
          {value}
        </Cell>
      ))}
    </>
  );
}

export interface CohortRow {
  id: string;
  startDate: string | null;
  figures: OutcomeFigures;
}

export function CohortOutcomesTable({ cohorts }: { cohorts: readonly CohortRow[] }) {
  if (cohorts.length === 0) return <p className="mt-4 text-slate-700">{t.noCohorts}</p>;
  return (
    <DataTable
      columns={[t.cohortColumn, ...FIGURE_COLUMNS, c.csv]}
      label={t.tableLabel(t.byCohort)}
    >
      {cohorts.map((cohort) => {
        const name = t.cohortName(cohort.startDate && longDate(cohort.startDate));
        return (
          <Row key={cohort.id} data-testid="cohort-outcomes" data-cohort={cohort.id}>
            <RowHeader className="min-w-32">{name}</RowHeader>
            <Figures figures={cohort.figures} />
            <Cell>
              <a
                href={`/admin/outcomes.csv?cohort=${encodeURIComponent(cohort.id)}`}
                className={linkVariants({ size: "sm" })}
                aria-label={t.downloadOneLabel(name)}
                download
              >
                {t.downloadOne}
              </a>
            </Cell>
          </Row>
        );
      })}
    </DataTable>
  );
}

export interface MentorRow {
  id: string | null;
  name: string | null;
  figures: OutcomeFigures;
}

export function MentorOutcomesTable({ mentors }: { mentors: readonly MentorRow[] }) {
  if (mentors.length === 0) return <p className="mt-4 text-slate-700">{t.noMentors}</p>;
  return (
    <DataTable columns={[t.mentorColumn, ...FIGURE_COLUMNS]} label={t.tableLabel(t.byMentor)}>
      {mentors.map((mentor) => (
        <Row key={mentor.id ?? ""} data-testid="mentor-outcomes" data-mentor={mentor.id ?? ""}>
          <RowHeader className="min-w-32">{mentor.name ?? t.noMentor}</RowHeader>
          <Figures figures={mentor.figures} />
        </Row>
      ))}
    </DataTable>
  );
}

/** The owner's graduation minimums. */
export function OutcomeSettingsCard({ settings }: { settings: OutcomeSettings }) {
  const [form, fields] = useConsoleForm(
    outcomesFormSchema,
    { intent: "settings" },
    {
      minGroupSessions: String(settings.minGroupSessions),
      minOneOnOnes: String(settings.minOneOnOnes),
      minAssignments: String(settings.minAssignments),
    },
  );
  const bounds = {
    type: "number",
    min: MIN_THRESHOLD,
    max: MAX_THRESHOLD,
    step: 1,
    required: true,
  } as const;
  return (
    <SectionCard title={t.settings.title} className="mt-8">
      <p className="text-sm text-slate-700">{t.settings.intro}</p>
      <Form
        method="post"
        className="mt-4 grid gap-3 sm:grid-cols-2 sm:items-end lg:grid-cols-4"
        {...getFormProps(form)}
      >
        <input type="hidden" name="intent" value="settings" />
        <FormField
          label={t.settings.minGroupSessions}
          field={fields.minGroupSessions}
          {...bounds}
        />
        <FormField label={t.settings.minOneOnOnes} field={fields.minOneOnOnes} {...bounds} />
        <FormField
          label={t.settings.minAssignments(MAX_ASSIGNMENTS)}
          field={fields.minAssignments}
          {...bounds}
          max={MAX_ASSIGNMENTS}
        />
        <div>
          <Button type="submit" size="md">
            {t.settings.save}
          </Button>
        </div>
      </Form>
    </SectionCard>
  );
}

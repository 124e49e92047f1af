import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { TextField } from "~/components/form/fields";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { Checkbox } from "~/components/ui/input";
import { cohortSettingsPage as copy } from "./cohort-settings.words";
import { availableSpots, longDate, startDateDisplay, type CohortSettings } from "./cohort";
import { cohortSettingsSchema, cohortState } from "./cohort-settings";
import { graduationYearInForce } from "./graduation-year";

/**
 * The cohort's start date, capacity and active flag, as the spec's admin page edits them, and the
 * earliest graduation year the forms accept. `currentYear` is the server's, so the browser bounds
 * the year as the server will.
 */
export function CohortSettingsForm({
  cohort,
  currentYear,
  lastResult,
  saving,
}: {
  cohort: CohortSettings;
  currentYear: number;
  lastResult: SubmissionResult<string[]> | undefined;
  saving: boolean;
}) {
  const [form, fields] = useForm({
    lastResult: saving ? undefined : lastResult,
    defaultValue: {
      startDate: cohort.startDate ?? "",
      capacity: String(cohort.capacity),
      earliestGraduationYear: cohort.earliestGraduationYear?.toString() ?? "",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: cohortSettingsSchema(currentYear),
        disableAutoCoercion: true,
      }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className={cn(cardClass, "space-y-6")}>
      <input type="hidden" name="intent" value="save" />
      <TextField
        field={fields.startDate}
        type="date"
        label={copy.startDate}
        hint={copy.startDateHint}
      />
      <TextField
        field={fields.capacity}
        type="number"
        label={copy.capacity}
        hint={copy.capacityHint}
        min={0}
        step={1}
        inputMode="numeric"
        required
      />
      <TextField
        field={fields.earliestGraduationYear}
        label={copy.earliestGraduationYear}
        hint={copy.earliestGraduationYearHint(currentYear)}
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
      />
      <div>
        <input type="hidden" name={fields.isActive.name} value="off" />
        <label className="flex cursor-pointer items-center gap-3">
          <Checkbox name={fields.isActive.name} value="on" defaultChecked={cohort.isActive} />
          <span className="text-sm font-medium text-slate-800">{copy.isActive}</span>
        </label>
      </div>
      <Button type="submit" disabled={saving} aria-busy={saving}>
        {saving ? copy.saving : copy.save}
      </Button>
    </Form>
  );
}

export function CurrentStatus({
  cohort,
  heldSeats,
  currentYear,
}: {
  cohort: CohortSettings;
  heldSeats: number;
  currentYear: number;
}) {
  const state = cohortState(cohort);
  const yearInForce = graduationYearInForce(cohort.earliestGraduationYear, currentYear);
  return (
    <section aria-labelledby="current-status" className={cn(cardClass, "h-fit")}>
      <h2 id="current-status" className="text-xl font-semibold text-brand-900">
        {copy.statusTitle}
      </h2>
      <dl className="mt-4 space-y-4">
        <div>
          <dt className="text-sm text-slate-600">{copy.statusStartDate}</dt>
          <dd data-testid="status-start-date" className="font-medium">
            {cohort.startDate ? (
              <>
                {copy.weekOf(startDateDisplay(cohort.startDate))}{" "}
                <span className="text-slate-600">({longDate(cohort.startDate)})</span>
              </>
            ) : (
              <>
                {startDateDisplay(null)} <span className="text-slate-600">({copy.notSet})</span>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{copy.availableSpots}</dt>
          <dd data-testid="status-spots" className="font-medium">
            <span className="text-2xl font-bold">{copy.spotsValue(availableSpots(cohort))}</span>{" "}
            {copy.spotsDetail(cohort.capacity, cohort.enrolledCount)}
            <span className="block text-sm font-normal text-slate-600">
              {copy.heldSeats(heldSeats)}
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{copy.graduationYears}</dt>
          <dd data-testid="status-graduation-years" className="font-medium">
            {copy.graduationYearsValue(yearInForce)}
            {cohort.earliestGraduationYear === null && (
              <>
                {" "}
                <span className="text-slate-600">({copy.currentYearDefault})</span>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{copy.status}</dt>
          <dd data-testid="status-state" data-state={state} className="font-medium">
            {copy.states[state]}
          </dd>
        </div>
      </dl>
    </section>
  );
}

import type { ReactNode } from "react";
import { Form } from "react-router";
import {
  ConsoleSelect,
  DateRangeFields,
  type SelectOption,
} from "~/components/admin/console-field";
import { Button } from "~/components/ui/button";
import { cardVariants } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";

/**
 * The filters of a console report: a GET form with the date range, a select for each of `selects`
 * (labelled and filled in by its name) and the button that shows the report; `children` follow it.
 */
export function ReportFilters<Name extends string>({
  labels,
  values,
  selects,
  className,
  children,
}: {
  labels: { from: string; to: string; show: string } & Record<Name, string>;
  values: { from?: string; to?: string } & Record<Name, string>;
  selects: readonly { name: Name; options: readonly SelectOption[] }[];
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Form
      method="get"
      className={cn(
        cardVariants({ padding: "sm", flat: true }),
        className,
        "flex flex-wrap items-end gap-3",
      )}
    >
      <DateRangeFields labels={labels} values={values} />
      {selects.map(({ name, options }) => (
        <ConsoleSelect
          key={name}
          label={labels[name]}
          name={name}
          defaultValue={values[name]}
          options={options}
        />
      ))}
      <Button type="submit" size="md">
        {labels.show}
      </Button>
      {children}
    </Form>
  );
}

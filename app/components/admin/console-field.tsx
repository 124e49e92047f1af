import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { ComponentProps } from "react";
import type { Field } from "~/components/form/fields";
import { Input, Label, Select, Textarea } from "~/components/ui/input";
import { statusNames } from "~/content/console-words";
import { PERSON_STATUSES } from "~/features/applications/application-outcome";

/**
 * A labelled, compact control of a console form (filters, row actions); the label wraps it. An
 * `error` (a refused submission) is shown under it and tied to it for screen readers.
 */
export function ConsoleField({
  label,
  className,
  error,
  ...props
}: ComponentProps<"input"> & { label: string; error?: string }) {
  const errorId = error ? `${props.id ?? props.name}-error` : undefined;
  return (
    <Label className={className}>
      {label}
      <Input
        density="compact"
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        {...props}
      />
      {error ? (
        <span id={errorId} className="mt-1 block text-sm font-normal text-red-700">
          {error}
        </span>
      ) : null}
    </Label>
  );
}

/** A ConsoleField bound to a Conform field: its name, id, value as last sent and error under it. */
export function FormField({
  field,
  type = "text",
  ...props
}: Omit<ComponentProps<"input">, "type" | "name" | "defaultValue"> & {
  label: string;
  field: Field;
  type?: "text" | "date" | "number" | "datetime-local";
}) {
  const { key, ...input } = getInputProps(field, { type });
  return <ConsoleField key={key} {...input} {...props} error={field.errors?.[0]} />;
}

/** A labelled multi-line text bound to a Conform field, its error under it. */
export function FormTextarea({
  label,
  field,
  ...props
}: Omit<ComponentProps<"textarea">, "name" | "defaultValue"> & { label: string; field: Field }) {
  const { key, ...textarea } = getTextareaProps(field);
  const error = field.errors?.[0];
  return (
    <Label className="block">
      {label}
      <Textarea key={key} rows={5} density="compact" {...textarea} {...props} />
      {error ? (
        <span id={field.errorId} className="mt-1 block text-sm font-normal text-red-700">
          {error}
        </span>
      ) : null}
    </Label>
  );
}

/** A ConsoleSelect bound to a Conform field. */
export function FormSelect({
  field,
  ...props
}: Omit<ComponentProps<typeof ConsoleSelect>, "name" | "defaultValue"> & { field: Field }) {
  const { key, ...select } = getSelectProps(field);
  return <ConsoleSelect key={key} {...select} {...props} />;
}

export interface SelectOption {
  value: string;
  label: string;
}

/** Options for `values`, each labelled by `labels[value]` or, without labels, by the value itself. */
export function optionsOf<Value extends string>(
  values: readonly Value[],
  labels?: Record<Value, string>,
): SelectOption[] {
  return values.map((value) => ({ value, label: labels ? labels[value] : value }));
}

/** A labelled, compact select; `anyLabel` names a first option that chooses none (""). */
export function ConsoleSelect({
  label,
  className,
  anyLabel,
  options,
  ...props
}: Omit<ComponentProps<"select">, "children"> & {
  label: string;
  anyLabel?: string;
  options: readonly SelectOption[];
}) {
  return (
    <Label className={className}>
      {label}
      <Select density="compact" {...props}>
        {anyLabel === undefined ? null : <option value="">{anyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Label>
  );
}

/** A person's status, or any (""), as console filters and audiences choose it. */
export function StatusSelect({
  label,
  anyLabel,
  defaultValue,
}: {
  label: string;
  anyLabel: string;
  defaultValue: string;
}) {
  return (
    <ConsoleSelect
      label={label}
      name="status"
      defaultValue={defaultValue}
      anyLabel={anyLabel}
      options={optionsOf(PERSON_STATUSES, statusNames)}
    />
  );
}

/** The "from" and "to" dates of a console report or list. */
export function DateRangeFields({
  labels,
  values,
}: {
  labels: { from: string; to: string };
  values: { from?: string; to?: string };
}) {
  return (
    <>
      {(["from", "to"] as const).map((name) => (
        <ConsoleField
          key={name}
          label={labels[name]}
          name={name}
          type="date"
          defaultValue={values[name]}
        />
      ))}
    </>
  );
}

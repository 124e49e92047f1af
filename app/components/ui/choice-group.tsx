import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";
import { checkClass, Hint } from "./input";

/**
 * A group of radio buttons or checkboxes: its legend, an optional hint, the options in two columns
 * and anything that follows them (a conditional field, the error).
 */
export function ChoiceGroup({
  legend,
  hint,
  hintId,
  options,
  children,
  className,
  ...props
}: ComponentProps<"fieldset"> & {
  legend: ReactNode;
  hint?: ReactNode;
  hintId?: string;
  options: ReactNode;
}) {
  return (
    <fieldset className={cn("group", className)} {...props}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {hint && <Hint id={hintId}>{hint}</Hint>}
      <div className="mt-2 grid gap-2 sm:grid-cols-2">{options}</div>
      {children}
    </fieldset>
  );
}

/** One option of a `ChoiceGroup`: a bordered, clickable row that highlights when chosen. */
export function ChoiceOption({
  label,
  className,
  ...props
}: ComponentProps<"input"> & { type: "radio" | "checkbox"; label: ReactNode }) {
  return (
    <label
      className={cn(
        "flex cursor-pointer items-center gap-3 rounded-md border border-slate-300 bg-white px-3 py-2 has-checked:border-brand-600 has-checked:bg-brand-50",
        className,
      )}
    >
      <input className={checkClass} {...props} />
      <span>{label}</span>
    </label>
  );
}

import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { ChoiceGroup as UiChoiceGroup, ChoiceOption } from "~/components/ui/choice-group";
import { ErrorText, FileInput, Hint, Input, Label, Textarea } from "~/components/ui/input";
import { fieldLabels } from "~/content/forms";
import { HONEYPOT_FIELD } from "~/lib/honeypot";

// Conform's metadata is generic over the schema; fields here only need the shared shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Field = FieldMetadata<any, any, string[]>;

/**
 * A form on a static page: Conform's props, with the browser's own checks back on (Conform turns
 * them off for its own) and the mark the inline enhancement looks for (app/enhance/enhance-page.ts).
 */
export function staticFormProps<Schema extends Record<string, unknown>>(
  form: FormMetadata<Schema, string[]>,
) {
  return { ...getFormProps(form), noValidate: false, "data-enhance": "" };
}

/** A control's label, with the required mark when the field must be filled. */
export function FieldLabel({
  htmlFor,
  children,
  required,
}: {
  htmlFor: string;
  children: ReactNode;
  required?: boolean;
}) {
  return (
    <Label htmlFor={htmlFor}>
      {children}
      {required && <RequiredMark />}
    </Label>
  );
}

function RequiredMark() {
  return (
    <span className="ml-0.5 text-red-700" aria-hidden="true" title={fieldLabels.required}>
      *
    </span>
  );
}

/** A refusal of a whole form (too early, not found, over the limit), read out when it appears. */
export function FormAlert({ errors }: { errors: string[] | undefined }) {
  return errors?.[0] ? (
    <p role="alert" className="font-medium text-red-700">
      {errors[0]}
    </p>
  ) : null;
}

export function FieldError({ field }: { field: Field }) {
  return (
    <ErrorText id={field.errorId} aria-live="polite">
      {field.errors?.[0]}
    </ErrorText>
  );
}

/**
 * A labelled input with its error under it; `hint` adds a line under the label that screen
 * readers announce with the input. Other input attributes (min, step, inputMode…) pass through.
 */
export function TextField({
  field,
  label,
  type = "text",
  required,
  hint,
  className,
  ...attributes
}: Omit<ComponentProps<"input">, "type"> & {
  field: Field;
  label: string;
  type?: "text" | "email" | "date" | "number";
  hint?: string;
}) {
  const { key, ...props } = getInputProps(field, { type });
  const hintId = `${field.id}-hint`;
  const describedBy = [hint && hintId, props["aria-describedby"]].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <FieldLabel htmlFor={field.id} required={required}>
        {label}
      </FieldLabel>
      {hint && <Hint id={hintId}>{hint}</Hint>}
      <Input
        key={key}
        {...props}
        {...attributes}
        required={required || props.required}
        aria-describedby={describedBy || undefined}
      />
      <FieldError field={field} />
    </div>
  );
}

/** A labelled text area with its error under it; `hint` as TextField's, `maxLength` its bound. */
export function TextArea({
  field,
  label,
  required,
  hint,
  maxLength,
}: {
  field: Field;
  label: string;
  required?: boolean;
  hint?: string;
  maxLength?: number;
}) {
  const { key, ...props } = getTextareaProps(field);
  const hintId = `${field.id}-hint`;
  const describedBy = [hint && hintId, props["aria-describedby"]].filter(Boolean).join(" ");
  return (
    <div>
      <FieldLabel htmlFor={field.id} required={required}>
        {label}
      </FieldLabel>
      {hint && <Hint id={hintId}>{hint}</Hint>}
      <Textarea
        key={key}
        {...props}
        rows={4}
        maxLength={maxLength}
        aria-describedby={describedBy || undefined}
      />
      <FieldError field={field} />
    </div>
  );
}

/** A labelled file input with its hint (what is stored, what is taken) and its error under it. */
export function FileField({
  field,
  label,
  hint,
  accept,
}: {
  field: Field;
  label: string;
  hint: string;
  accept: string;
}) {
  const { key, ...props } = getInputProps(field, { type: "file" });
  const hintId = `${field.id}-hint`;
  return (
    <div>
      <FieldLabel htmlFor={field.id}>{label}</FieldLabel>
      <Hint id={hintId}>{hint}</Hint>
      <FileInput
        key={key}
        {...props}
        accept={accept}
        aria-describedby={`${hintId} ${field.errorId}`}
      />
      <FieldError field={field} />
    </div>
  );
}

export function ChoiceGroup({
  field,
  legend,
  hint,
  type,
  options,
  required,
  children,
}: {
  field: Field;
  legend: string;
  hint?: string;
  type: "radio" | "checkbox";
  options: readonly { value: string; label: string }[];
  required?: boolean;
  children?: ReactNode;
}) {
  const hintId = `${field.id}-hint`;
  const inputs = getCollectionProps(field, {
    type,
    options: options.map((o) => o.value),
    ariaAttributes: true,
    ariaDescribedBy: hint ? hintId : undefined,
  });
  return (
    <UiChoiceGroup
      aria-invalid={field.errors ? true : undefined}
      aria-describedby={[hint ? hintId : "", field.errorId].join(" ").trim()}
      legend={
        <>
          {legend}
          {required && <RequiredMark />}
        </>
      }
      hint={hint}
      hintId={hintId}
      options={inputs.map(({ key, ...props }, index) => (
        <ChoiceOption
          key={key}
          {...props}
          type={type}
          // Option values may contain spaces ("Wealth Management"); an id may not.
          id={props.id.replace(/\s+/g, "_")}
          label={options[index]?.label}
        />
      ))}
    >
      {children}
      <FieldError field={field} />
    </UiChoiceGroup>
  );
}

/** Shown only while its trigger option is chosen, with or without JavaScript (CSS :has). */
export function Conditional({ when, children }: { when: string; children: ReactNode }) {
  return <div className={`mt-3 hidden ${when}`}>{children}</div>;
}

export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={HONEYPOT_FIELD}>{fieldLabels.honeypot}</label>
      <input
        id={HONEYPOT_FIELD}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
      />
    </div>
  );
}

export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <Button
      type="submit"
      disabled={busy}
      aria-busy={busy}
      data-busy-label={busyLabel}
      className="w-full sm:w-auto"
    >
      {busy ? busyLabel : label}
    </Button>
  );
}

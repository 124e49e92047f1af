import {
  getCollectionProps,
  getInputProps,
  getTextareaProps,
  type FieldMetadata,
} from "@conform-to/react";
import type { ReactNode } from "react";
import { fieldLabels } from "~/content/forms";
import { HONEYPOT_FIELD } from "~/lib/honeypot";

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-red-600/20";

// Conform's metadata is generic over the schema; fields here only need the shared shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Field = FieldMetadata<any, any, string[]>;

function Label({
  htmlFor,
  children,
  required,
}: {
  htmlFor: string;
  children: ReactNode;
  required?: boolean;
}) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-800">
      {children}
      {required && <RequiredMark />}
    </label>
  );
}

function RequiredMark() {
  return (
    <span className="ml-0.5 text-red-700" aria-hidden="true" title={fieldLabels.required}>
      *
    </span>
  );
}

export function FieldError({ field }: { field: Field }) {
  return (
    <p id={field.errorId} className="mt-1 min-h-5 text-sm text-red-700" aria-live="polite">
      {field.errors?.[0]}
    </p>
  );
}

export function TextField({
  field,
  label,
  type = "text",
  required,
  autoComplete,
  inputMode,
  className,
}: {
  field: Field;
  label: string;
  type?: "text" | "email";
  required?: boolean;
  autoComplete?: string;
  inputMode?: "numeric" | "text" | "email";
  className?: string;
}) {
  const { key, ...props } = getInputProps(field, { type });
  return (
    <div className={className}>
      <Label htmlFor={field.id} required={required}>
        {label}
      </Label>
      <input
        key={key}
        {...props}
        autoComplete={autoComplete}
        inputMode={inputMode}
        className={inputClass}
      />
      <FieldError field={field} />
    </div>
  );
}

export function TextArea({
  field,
  label,
  required,
}: {
  field: Field;
  label: string;
  required?: boolean;
}) {
  const { key, ...props } = getTextareaProps(field);
  return (
    <div>
      <Label htmlFor={field.id} required={required}>
        {label}
      </Label>
      <textarea key={key} {...props} rows={4} className={inputClass} />
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
    <fieldset
      className="group"
      aria-invalid={field.errors ? true : undefined}
      aria-describedby={[hint ? hintId : "", field.errorId].join(" ").trim()}
    >
      <legend className="text-sm font-medium text-slate-800">
        {legend}
        {required && <RequiredMark />}
      </legend>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {inputs.map(({ key, ...props }, index) => (
          <label
            key={key}
            className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-300 bg-white px-3 py-2 has-checked:border-brand-600 has-checked:bg-brand-50"
          >
            {/* Option values may contain spaces ("Wealth Management"); an id may not. */}
            <input
              {...props}
              id={props.id.replace(/\s+/g, "_")}
              className="h-4 w-4 accent-brand-700"
            />
            <span>{options[index]?.label}</span>
          </label>
        ))}
      </div>
      {children}
      <FieldError field={field} />
    </fieldset>
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
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy}
      className="w-full rounded-md bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow hover:bg-brand-900 disabled:cursor-wait disabled:opacity-70 sm:w-auto"
    >
      {busy ? busyLabel : label}
    </button>
  );
}

/** The five fields every form that collects a person shares (application and lead forms). */
export function PersonFields({
  fields,
}: {
  fields: Record<"firstName" | "lastName" | "email" | "university" | "graduationYear", Field>;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        field={fields.firstName}
        label={fieldLabels.firstName}
        required
        autoComplete="given-name"
      />
      <TextField
        field={fields.lastName}
        label={fieldLabels.lastName}
        required
        autoComplete="family-name"
      />
      <TextField
        field={fields.email}
        label={fieldLabels.email}
        type="email"
        required
        autoComplete="email"
      />
      <TextField
        field={fields.university}
        label={fieldLabels.university}
        required
        autoComplete="organization"
      />
      <TextField
        field={fields.graduationYear}
        label={fieldLabels.graduationYear}
        required
        inputMode="numeric"
        autoComplete="off"
      />
    </div>
  );
}

import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import {
  FieldError,
  FieldLabel,
  FormAlert,
  TextArea,
  TextField,
  type Field,
} from "~/components/form/fields";
import { Button } from "~/components/ui/button";
import { Hint, Select } from "~/components/ui/input";
import { PROFILE_TRACKS } from "~/features/portal/student-profile";
import { BOUNDS } from "./job-search-forms";
import {
  applicationText as a,
  jobSearchText as t,
  SOURCE_LABELS,
  stageName,
} from "./job-search.words";
import { MAX_ROUND, SOURCES, type Stage } from "./stages";
import { COMPENSATION_MAX, OFFER_KINDS } from "~/features/outcomes/outcome-forms";
import { OFFER_KIND_LABELS } from "~/features/outcomes/interviews.words";

type Result = SubmissionResult<string[]> | null | undefined;

/** The details of an application, as the add and edit forms show them. */
export interface ApplicationValues {
  firm: string;
  role: string;
  track: string;
  url: string;
  location: string;
  deadline: string;
  source: string;
  contact: string;
  nextStep: string;
  notes: string;
}

/** A labelled select with its error under it. */
export function SelectField({
  field,
  label,
  options,
  required,
  hint,
}: {
  field: Field;
  label: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
  hint?: string;
}) {
  const { key, ...props } = getSelectProps(field);
  const hintId = `${field.id}-hint`;
  const describedBy = [hint && hintId, props["aria-describedby"]].filter(Boolean).join(" ");
  return (
    <div>
      <FieldLabel htmlFor={field.id} required={required}>
        {label}
      </FieldLabel>
      {hint && <Hint id={hintId}>{hint}</Hint>}
      <Select key={key} {...props} aria-describedby={describedBy || undefined} className="max-w-80">
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      <FieldError field={field} />
    </div>
  );
}

const f = t.fields;
const trackOptions = [
  { value: "", label: f.noTrack },
  ...PROFILE_TRACKS.map((track) => ({ value: track, label: track })),
];
const sourceOptions = SOURCES.map((source) => ({ value: source, label: SOURCE_LABELS[source] }));

/** The fields every application has (Conform's metadata for each). */
function ApplicationFieldset({ fields }: { fields: Record<keyof ApplicationValues, Field> }) {
  return (
    <>
      <TextField field={fields.firm} label={f.firm} required maxLength={BOUNDS.firm} />
      <TextField field={fields.role} label={f.role} required maxLength={BOUNDS.role} />
      <SelectField field={fields.track} label={f.track} options={trackOptions} />
      <TextField field={fields.url} label={f.url} hint={f.urlHint} maxLength={BOUNDS.url} />
      <TextField field={fields.location} label={f.location} maxLength={BOUNDS.location} />
      <TextField field={fields.deadline} label={f.deadline} type="date" className="max-w-60" />
      <SelectField field={fields.source} label={f.source} options={sourceOptions} required />
      <TextField
        field={fields.contact}
        label={f.contact}
        hint={f.contactHint}
        maxLength={BOUNDS.contact}
      />
      <TextField field={fields.nextStep} label={f.nextStep} maxLength={BOUNDS.nextStep} />
      <TextArea field={fields.notes} label={f.notes} maxLength={BOUNDS.notes} />
    </>
  );
}

/** /portal/applications: a new application, as Wishlist or already Applied (a plain post). */
export function AddApplicationForm({ lastResult }: { lastResult: Result }) {
  const [form, fields] = useForm<ApplicationValues & { stage: string }>({
    id: "add-application",
    lastResult,
    defaultValue: { source: "posting", stage: "wishlist" },
  });
  const stages = (["wishlist", "applied"] as const).map((stage) => ({
    value: stage,
    label: stageName(stage, null),
  }));
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" data-add-application="">
      <FormAlert errors={form.errors} />
      <input type="hidden" name="intent" value="add" />
      <ApplicationFieldset fields={fields} />
      <SelectField field={fields.stage} label={f.stage} options={stages} required />
      <Button type="submit" size="touch">
        {t.add}
      </Button>
    </Form>
  );
}

/** The application's page: its details, as saved. */
export function EditApplicationForm({
  values,
  lastResult,
}: {
  values: ApplicationValues;
  lastResult: Result;
}) {
  const [form, fields] = useForm<ApplicationValues>({
    id: "edit-application",
    lastResult,
    defaultValue: values,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" data-edit-application="">
      <FormAlert errors={form.errors} />
      <input type="hidden" name="intent" value="edit" />
      <ApplicationFieldset fields={fields} />
      <Button type="submit" size="touch" variant="secondary">
        {a.save}
      </Button>
    </Form>
  );
}

interface MoveValues {
  to: string;
  round: string;
  interviewDate: string;
  kind: string;
  startDate: string;
  compensation: string;
  note: string;
}

const kindOptions = [
  { value: "", label: a.kindNone },
  ...OFFER_KINDS.map((kind) => ({ value: kind, label: OFFER_KIND_LABELS[kind] })),
];

/** What a move to Offer asks: its kind, start and compensation (decision 0063). */
function OfferFields({ fields }: { fields: Record<keyof MoveValues, Field> }) {
  return (
    <fieldset className="space-y-4">
      <SelectField field={fields.kind} label={a.kind} hint={a.kindHint} options={kindOptions} />
      <TextField field={fields.startDate} label={a.startDate} type="date" className="max-w-60" />
      <TextField
        field={fields.compensation}
        label={a.compensation}
        hint={a.compensationHint}
        maxLength={COMPENSATION_MAX}
      />
    </fieldset>
  );
}

/**
 * The application's page: the stages it may move to, a round and the day for Interview, the
 * offer's details for Offer, a short note.
 */
export function MoveForm({
  moveId,
  targets,
  round,
  today,
  lastResult,
}: {
  moveId: string;
  targets: readonly Stage[];
  round: number;
  /** The site's date: the interview date's default. */
  today: string;
  lastResult: Result;
}) {
  const [form, fields] = useForm<MoveValues>({
    id: "move-application",
    lastResult,
    defaultValue: { to: targets[0], round: String(round), interviewDate: today, kind: "" },
  });
  const options = targets.map((stage) => ({ value: stage, label: stageName(stage, null) }));
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" data-move-application="">
      <FormAlert errors={form.errors} />
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="moveId" value={moveId} />
      <SelectField field={fields.to} label={a.moveTo} options={options} required />
      <TextField
        field={fields.round}
        label={a.round}
        hint={a.roundHint}
        type="number"
        min={1}
        max={MAX_ROUND}
        inputMode="numeric"
        className="max-w-40"
      />
      <TextField
        field={fields.interviewDate}
        label={a.interviewDate}
        hint={a.interviewDateHint}
        type="date"
        className="max-w-60"
      />
      {targets.includes("offer") && <OfferFields fields={fields} />}
      <TextField field={fields.note} label={a.note} hint={a.noteHint} maxLength={BOUNDS.note} />
      <Button type="submit" size="touch">
        {a.move}
      </Button>
    </Form>
  );
}

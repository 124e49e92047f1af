import {
  getFormProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "react-router";
import {
  ChoiceGroup,
  FieldError,
  FieldLabel,
  FileField,
  TextField,
} from "~/components/form/fields";
import { Button } from "~/components/ui/button";
import { Checkbox, Hint, Select, Textarea } from "~/components/ui/input";
import { jobSeekingText, remindersText } from "~/features/outcomes/interviews.words";
import { profilePage as t } from "./portal-student.words";
import { LINKEDIN_URL_MAX, PROFILE_TRACKS, TARGET_FIRMS_MAX } from "./student-profile";
import { timeZoneLabel } from "~/lib/zone-names";

export interface ProfileFormValues {
  timeZone: string;
  targetRoles: string[];
  targetFirms: string;
  linkedinUrl: string;
  graduationYear: string;
  notJobSeeking: boolean;
  noReminders: boolean;
}

/** The zones grouped by region ("America", "Europe"...), for the select's option groups. */
function byRegion(zones: readonly string[]) {
  const groups = new Map<string, string[]>();
  for (const zone of zones) {
    const region = zone.includes("/") ? zone.slice(0, zone.indexOf("/")) : "UTC";
    groups.set(region, [...(groups.get(region) ?? []), zone]);
  }
  return [...groups.entries()];
}

/**
 * The student's profile, a plain multipart post (portal pages ship no framework JavaScript); the
 * page's inline enhancement preselects the browser's zone when `guessZone` (the profile has none
 * yet), and without it the site's zone is chosen. The server checks every field.
 */
export function ProfileForm({
  values,
  zones,
  guessZone,
  resumeStored,
  lastResult,
}: {
  values: ProfileFormValues;
  zones: readonly string[];
  guessZone: boolean;
  /** When the stored resume was uploaded, as the student reads it; null when there is none. */
  resumeStored: string | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm<
    Omit<ProfileFormValues, "notJobSeeking" | "noReminders"> & {
      resume?: File;
      notJobSeeking?: string;
      noReminders?: string;
    }
  >({
    lastResult,
    defaultValue: {
      ...values,
      notJobSeeking: values.notJobSeeking ? "on" : undefined,
      noReminders: values.noReminders ? "on" : undefined,
    },
  });
  const { key: zoneKey, ...zoneProps } = getSelectProps(fields.timeZone);
  const { key: firmsKey, ...firmsProps } = getTextareaProps(fields.targetFirms);
  const zoneHint = `${fields.timeZone.id}-hint`;
  const firmsHint = `${fields.targetFirms.id}-hint`;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="space-y-6"
      data-profile-form=""
    >
      <div>
        <FieldLabel htmlFor={fields.timeZone.id} required>
          {t.timeZone}
        </FieldLabel>
        <Hint id={zoneHint}>{guessZone ? t.timeZoneGuessHint : t.timeZoneHint}</Hint>
        <Select
          key={zoneKey}
          {...zoneProps}
          aria-describedby={`${zoneHint} ${fields.timeZone.errorId}`}
          data-guess-time-zone={guessZone ? "" : undefined}
        >
          {byRegion(zones).map(([region, regionZones]) => (
            <optgroup key={region} label={region}>
              {regionZones.map((zone) => (
                <option key={zone} value={zone}>
                  {timeZoneLabel(zone)}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
        <FieldError field={fields.timeZone} />
      </div>
      <ChoiceGroup
        field={fields.targetRoles}
        legend={t.targetRoles}
        hint={t.targetRolesHint}
        type="checkbox"
        options={PROFILE_TRACKS.map((track) => ({ value: track, label: track }))}
      />
      <div>
        <FieldLabel htmlFor={fields.targetFirms.id}>{t.targetFirms}</FieldLabel>
        <Hint id={firmsHint}>{t.targetFirmsHint}</Hint>
        <Textarea
          key={firmsKey}
          {...firmsProps}
          rows={3}
          maxLength={TARGET_FIRMS_MAX}
          aria-describedby={`${firmsHint} ${fields.targetFirms.errorId}`}
        />
        <FieldError field={fields.targetFirms} />
      </div>
      <TextField
        field={fields.linkedinUrl}
        label={t.linkedinUrl}
        hint={t.linkedinHint}
        inputMode="url"
        autoComplete="url"
        maxLength={LINKEDIN_URL_MAX}
      />
      <FileField
        field={fields.resume}
        label={t.resume}
        hint={resumeStored ? t.resumeStored(resumeStored) : t.resumeHint}
        accept=".docx"
      />
      <TextField
        field={fields.graduationYear}
        label={t.graduationYear}
        required
        inputMode="numeric"
        maxLength={4}
        className="max-w-40"
      />
      <CheckboxFieldset field={fields.notJobSeeking} words={jobSeekingText} />
      <CheckboxFieldset field={fields.noReminders} words={remindersText} />
      <Button type="submit" size="touch" className="w-full sm:w-auto">
        {t.save}
      </Button>
    </Form>
  );
}

/** One yes/no question of the profile: a legend, its hint and a checkbox posted as "on". */
function CheckboxFieldset({
  field,
  words,
}: {
  field: FieldMetadata<string | undefined>;
  words: { legend: string; hint: string; label: string };
}) {
  const hint = `${field.id}-hint`;
  return (
    <fieldset aria-describedby={hint}>
      <legend className="text-sm font-medium text-slate-800">{words.legend}</legend>
      <Hint id={hint}>{words.hint}</Hint>
      <label className="mt-2 flex cursor-pointer items-center gap-3">
        <Checkbox
          id={field.id}
          name={field.name}
          value="on"
          defaultChecked={field.initialValue === "on"}
        />
        <span className="text-sm font-medium text-slate-800">{words.label}</span>
      </label>
    </fieldset>
  );
}

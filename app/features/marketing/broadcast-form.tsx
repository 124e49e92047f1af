import { getFormProps, getTextareaProps } from "@conform-to/react";
import { useMemo } from "react";
import { Form, useFetcher } from "react-router";
import { FormField, FormSelect, optionsOf } from "~/components/admin/console-field";
import { useConsoleForm } from "~/components/admin/console-form";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { Checkbox, ErrorText, Hint, Label, Textarea } from "~/components/ui/input";
import { broadcastConsole as t } from "./broadcasts.words";
import { sourceWords, statusNames } from "~/content/console-words";
import { leadMagnets } from "~/features/leads/lead-magnets.words";
import { PERSON_STATUSES } from "~/features/applications/application-outcome";
import {
  AUDIENCE_FIELDS,
  BROADCAST_CATEGORIES,
  broadcastFormSchema,
  isAudienceField,
} from "./broadcast";

export interface BroadcastFormProps {
  requestKey: string;
  count: number;
  values: Record<string, string>;
  choices: { cohorts: { id: string; label: string }[]; sources: string[] };
  timeZone: string;
}

/**
 * Compose a broadcast. The audience count follows the filters: with JavaScript it is fetched as
 * they change; without, "Update count" posts the form and the page comes back with the count and
 * the draft as it was (nothing is saved or sent).
 */
export function BroadcastForm({
  requestKey,
  count,
  values,
  choices,
  timeZone,
}: BroadcastFormProps) {
  // The browser checks against its own clock; the server checks the time again against its.
  const schema = useMemo(() => broadcastFormSchema(timeZone, new Date()), [timeZone]);
  const [form, fields] = useConsoleForm(schema, {}, { category: "news", ...values });
  const counter = useFetcher<{ count: number }>();
  const shown = counter.data?.count ?? count;
  const recount = (element: HTMLFormElement) => {
    const params = new URLSearchParams();
    const data = new FormData(element);
    for (const name of AUDIENCE_FIELDS) {
      const value = data.get(name);
      if (typeof value === "string" && value) params.set(name, value);
    }
    void counter.load(`/admin/broadcasts?${params.toString()}`);
  };
  const audienceError = AUDIENCE_FIELDS.map((name) => fields[name].errors?.[0]).find(Boolean);
  const { key: bodyKey, ...body } = getTextareaProps(fields.body);
  // Filters that may be left at "any"; each lists what the audience can be narrowed to.
  const audienceSelects = [
    { name: "status", options: optionsOf(PERSON_STATUSES, statusNames) },
    {
      name: "resource",
      options: Object.entries(leadMagnets).map(([value, magnet]) => ({
        value,
        label: magnet.label,
      })),
    },
    {
      name: "cohort",
      options: choices.cohorts.map((cohort) => ({ value: cohort.id, label: cohort.label })),
    },
    {
      name: "source",
      options: choices.sources.map((source) => ({ value: source, label: sourceWords(source) })),
    },
  ] as const;
  return (
    <SectionCard title={t.composeTitle}>
      <Form
        method="post"
        {...getFormProps(form)}
        className="space-y-4"
        onChange={(event) => {
          const target = event.target as HTMLElement;
          if (isAudienceField(target.getAttribute("name"))) recount(event.currentTarget);
        }}
      >
        <input type="hidden" name="requestKey" value={requestKey} />
        <fieldset className="flex flex-wrap items-end gap-3">
          <legend className="mb-2 font-semibold text-brand-900">{t.audienceTitle}</legend>
          <FormSelect
            label={t.category}
            field={fields.category}
            options={optionsOf(BROADCAST_CATEGORIES, t.categories)}
          />
          {audienceSelects.map(({ name, options }) => (
            <FormSelect
              key={name}
              label={t[name]}
              field={fields[name]}
              anyLabel={t.any}
              options={options}
            />
          ))}
          <Label className="flex items-center gap-2">
            <Checkbox
              name={fields.waitlist.name}
              value="yes"
              defaultChecked={fields.waitlist.initialValue === "yes"}
            />
            {t.waitlist}
          </Label>
          <Button
            type="submit"
            name="intent"
            value="count"
            formNoValidate
            variant="secondary"
            size="xs"
          >
            {t.updateCount}
          </Button>
        </fieldset>
        <p className="font-semibold" aria-live="polite" data-testid="audience-count">
          {t.count(shown)}
        </p>
        {audienceError ? <ErrorText>{audienceError}</ErrorText> : null}
        <FormField
          label={t.subject}
          field={fields.subject}
          maxLength={150}
          required
          className="block"
        />
        <div>
          <Label htmlFor={fields.body.id}>{t.body}</Label>
          <Hint id={fields.body.descriptionId}>{t.bodyHint}</Hint>
          <Textarea
            key={bodyKey}
            {...body}
            rows={10}
            required
            maxLength={20_000}
            aria-describedby={[fields.body.descriptionId, body["aria-describedby"]]
              .join(" ")
              .trim()}
          />
          <ErrorText id={fields.body.errorId}>{fields.body.errors?.[0]}</ErrorText>
        </div>
        <div>
          <FormField label={t.sendAt} field={fields.sendAt} type="datetime-local" />
          <Hint>{t.sendAtHint(timeZone)}</Hint>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="test" variant="secondary">
            {t.test}
          </Button>
          <Button type="submit" name="intent" value="send">
            {t.send}
          </Button>
        </div>
      </Form>
    </SectionCard>
  );
}

/**
 * The send's confirmation step: the email as recipients will see it and "Send to N people". The
 * draft travels in hidden fields (as sent), so this works without JavaScript.
 */
export interface BroadcastPreviewData {
  subject: string;
  text: string;
  count: number;
}

export function BroadcastPreview({
  preview,
  fields,
}: {
  preview: BroadcastPreviewData;
  fields: Record<string, unknown>;
}) {
  const hidden = Object.entries(fields).filter(
    (entry): entry is [string, string] =>
      typeof entry[1] === "string" && entry[0] !== "intent" && entry[0] !== "confirm",
  );
  const later = hidden.some(([name, value]) => name === "sendAt" && value !== "");
  return (
    <SectionCard title={t.previewTitle} className="mt-6">
      <p role="alert" className="text-sm text-slate-700">
        {t.previewIntro}
      </p>
      <p className="mt-3 text-sm">
        <span className="font-semibold">{t.previewSubject}:</span> {preview.subject}
      </p>
      <pre
        data-testid="broadcast-preview"
        className="mt-3 max-h-96 overflow-auto rounded bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap"
      >
        {preview.text}
      </pre>
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
        {hidden.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirm" value="yes" />
        <Button type="submit" name="intent" value="send">
          {later ? t.scheduleFor(preview.count) : t.sendTo(preview.count)}
        </Button>
        <span className="text-sm text-slate-600">{t.keepEditing}</span>
      </Form>
    </SectionCard>
  );
}

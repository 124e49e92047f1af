import { Form, useFetcher } from "react-router";
import {
  ConsoleField,
  ConsoleSelect,
  optionsOf,
  StatusSelect,
} from "~/components/admin/console-field";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { Checkbox, ErrorText, Hint, Label, Textarea } from "~/components/ui/input";
import { broadcastConsole as t } from "~/content/broadcasts";
import { leadMagnets } from "~/content/lead-magnets";
import { BROADCAST_CATEGORIES } from "~/domain/broadcast";

export interface BroadcastFormProps {
  requestKey: string;
  count: number;
  values: Record<string, string>;
  errors?: Record<string, string[] | undefined>;
  choices: { cohorts: { id: string; label: string }[]; sources: string[] };
  timeZone: string;
}

const AUDIENCE_FIELDS = ["category", "status", "resource", "cohort", "waitlist", "source"];

/**
 * Compose a broadcast. The audience count follows the filters: with JavaScript it is fetched as
 * they change; without, "Update count" posts the form and the page comes back with the count and
 * the draft as it was (nothing is saved or sent).
 */
export function BroadcastForm({
  requestKey,
  count,
  values,
  errors,
  choices,
  timeZone,
}: BroadcastFormProps) {
  const counter = useFetcher<{ count: number }>();
  const shown = counter.data?.count ?? count;
  const recount = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    const data = new FormData(form);
    for (const name of AUDIENCE_FIELDS) {
      const value = data.get(name);
      if (typeof value === "string" && value) params.set(name, value);
    }
    void counter.load(`/admin/broadcasts?${params.toString()}`);
  };
  const error = (name: string) => errors?.[name]?.[0];
  // Filters that may be left at "any"; each lists what the audience can be narrowed to.
  const audienceSelects = [
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
    { name: "source", options: optionsOf(choices.sources) },
  ] as const;
  return (
    <SectionCard title={t.composeTitle}>
      <Form
        method="post"
        className="space-y-4"
        onChange={(event) => {
          const target = event.target as HTMLElement;
          if (AUDIENCE_FIELDS.includes(target.getAttribute("name") ?? ""))
            recount(event.currentTarget);
        }}
      >
        <input type="hidden" name="requestKey" value={requestKey} />
        <fieldset className="flex flex-wrap items-end gap-3">
          <legend className="mb-2 font-semibold text-brand-900">{t.audienceTitle}</legend>
          <ConsoleSelect
            label={t.category}
            name="category"
            defaultValue={values.category ?? "news"}
            options={optionsOf(BROADCAST_CATEGORIES, t.categories)}
          />
          <StatusSelect label={t.status} anyLabel={t.any} defaultValue={values.status ?? ""} />
          {audienceSelects.map(({ name, options }) => (
            <ConsoleSelect
              key={name}
              label={t[name]}
              name={name}
              defaultValue={values[name] ?? ""}
              anyLabel={t.any}
              options={options}
            />
          ))}
          <Label className="flex items-center gap-2">
            <Checkbox name="waitlist" value="yes" defaultChecked={values.waitlist === "yes"} />
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
        {error("audience") ? <ErrorText>{error("audience")}</ErrorText> : null}
        <ConsoleField
          label={t.subject}
          name="subject"
          defaultValue={values.subject}
          maxLength={150}
          required
          className="block"
          error={error("subject")}
        />
        <div>
          <Label htmlFor="broadcast-body">{t.body}</Label>
          <Hint id="broadcast-body-hint">{t.bodyHint}</Hint>
          <Textarea
            id="broadcast-body"
            name="body"
            rows={10}
            required
            maxLength={20_000}
            defaultValue={values.body}
            aria-describedby={`broadcast-body-hint${error("body") ? " body-error" : ""}`}
            aria-invalid={error("body") ? true : undefined}
          />
          {error("body") ? <ErrorText id="body-error">{error("body")}</ErrorText> : null}
        </div>
        <div>
          <ConsoleField
            label={t.sendAt}
            name="sendAt"
            type="datetime-local"
            defaultValue={values.sendAt}
            error={error("sendAt")}
          />
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

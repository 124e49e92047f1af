import { useRouteLoaderData } from "react-router";
import { Checkbox, Hint, Label } from "~/components/ui/input";
import { fieldLabels } from "~/content/forms";
import { consentWording } from "~/features/marketing/marketing.words";
import type { ConsentMode } from "~/features/marketing/marketing";
import { FieldError, TextField, type Field } from "./fields";

const personFields = [
  { name: "firstName", autoComplete: "given-name" },
  { name: "lastName", autoComplete: "family-name" },
  { name: "email", autoComplete: "email", type: "email" },
  { name: "university", autoComplete: "organization" },
  { name: "graduationYear", autoComplete: "off", inputMode: "numeric" },
] as const;

/**
 * The five fields every form that collects a person shares (application and lead forms).
 * `earliestYear` is the earliest graduation year accepted, the year in force: the year input
 * carries it (`data-min-year`) for the inline enhancement's message (app/enhance/enhance-page.ts).
 */
export function PersonFields({
  fields,
  earliestYear,
}: {
  fields: Record<(typeof personFields)[number]["name"], Field>;
  earliestYear: number;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {personFields.map((person) => (
        <TextField
          key={person.name}
          field={fields[person.name]}
          label={fieldLabels[person.name]}
          required
          autoComplete={person.autoComplete}
          type={"type" in person ? person.type : undefined}
          inputMode={"inputMode" in person ? person.inputMode : undefined}
          data-min-year={person.name === "graduationYear" ? earliestYear : undefined}
        />
      ))}
    </div>
  );
}

/**
 * Marketing consent, as MARKETING_CONSENT says (root loader): an unticked "career tips" box
 * (opt-in), or the sentence that tips follow with a one-click unsubscribe (notice).
 */
export function MarketingConsent({ field }: { field: Field }) {
  const root = useRouteLoaderData<{ consentMode?: ConsentMode }>("root");
  const mode = root?.consentMode ?? "opt-in";
  const shown = <input type="hidden" name="consentShown" value={mode} />;
  if (mode === "notice")
    return (
      <Hint>
        {shown}
        {consentWording.notice}
      </Hint>
    );
  return (
    <div>
      {shown}
      <Label htmlFor={field.id} className="flex items-start gap-2 font-normal">
        <Checkbox
          id={field.id}
          name={field.name}
          value="yes"
          className="mt-1"
          aria-describedby={field.errors ? field.errorId : undefined}
        />
        <span>{consentWording["opt-in"]}</span>
      </Label>
      <FieldError field={field} />
    </div>
  );
}

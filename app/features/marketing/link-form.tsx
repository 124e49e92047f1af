import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { cardVariants } from "~/components/ui/card";
import { ChoiceGroup, ChoiceOption } from "~/components/ui/choice-group";
import { cn } from "~/components/ui/cn";
import { ErrorText, Hint, Input, Label } from "~/components/ui/input";
import {
  destinationKeys,
  linkDestinations,
  linkGeneratorPage as copy,
  linkPlatformKeys,
  linkPlatforms,
  type LinkPlatform,
} from "./link-destinations.words";
import { LINK_QUERY } from "./link-request";
import type { LinkFormState } from "./use-link-form";

/**
 * Without JavaScript both ID fields are on the page (the form is GET, so each reaches the server
 * under its own name); CSS shows the one of the ticked platform. In the browser only that one is
 * rendered.
 */
const hiddenUnlessChosen: Record<LinkPlatform, string> = {
  youtube: "group-has-[input[value=linkedin]:checked]:hidden",
  linkedin: "group-has-[input[value=youtube]:checked]:hidden",
};

const optionClass = "min-h-11 px-4 py-3";

/** The link generator's GET form: platform, video or rep code, destinations, Generate Links. */
export function LinkForm({ form, baseId }: { form: LinkFormState; baseId: string }) {
  const hintId = `${baseId}-destinations-hint`;
  const errorId = `${baseId}-destinations-error`;
  return (
    <Form
      method="get"
      preventScrollReset
      data-hydrated={form.hydrated ? "true" : undefined}
      className={cn(cardVariants({ padding: "md" }), "group mt-8 space-y-8 md:p-8")}
    >
      <ChoiceGroup
        legend={copy.platformLegend}
        options={linkPlatformKeys.map((key) => (
          <ChoiceOption
            key={key}
            type="radio"
            name={LINK_QUERY.platform}
            value={key}
            checked={form.platform === key}
            onChange={() => form.choosePlatform(key)}
            label={linkPlatforms[key].label}
            className={optionClass}
          />
        ))}
      />

      {linkPlatformKeys.map((key) =>
        form.hydrated && key !== form.platform ? null : (
          <IdField key={key} platform={key} form={form} baseId={baseId} />
        ),
      )}

      <ChoiceGroup
        legend={copy.destinationsLegend}
        hint={copy.destinationsHint}
        hintId={hintId}
        aria-describedby={form.errors.destinations ? `${hintId} ${errorId}` : hintId}
        options={destinationKeys.map((key, index) => (
          <ChoiceOption
            key={key}
            ref={index === 0 ? form.firstCheckboxRef : undefined}
            type="checkbox"
            name={LINK_QUERY.destinations}
            value={key}
            checked={form.selected.has(key)}
            onChange={(event) => form.toggle(key, event.target.checked)}
            label={linkDestinations[key].label}
            className={optionClass}
          />
        ))}
      >
        {form.errors.destinations && (
          <ErrorText id={errorId} role="alert" className="mt-2 font-medium">
            {form.errors.destinations}
          </ErrorText>
        )}
      </ChoiceGroup>

      <Button type="submit" className="w-full sm:w-auto">
        {copy.generate}
      </Button>
    </Form>
  );
}

function IdField({
  platform,
  form,
  baseId,
}: {
  platform: LinkPlatform;
  form: LinkFormState;
  baseId: string;
}) {
  const words = linkPlatforms[platform];
  const fieldId = `${baseId}-${platform}`;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const warningId = `${fieldId}-warning`;
  const chosen = platform === form.platform;
  const error = chosen ? form.errors.id : undefined;
  const warning = chosen && !error ? form.warning : null;
  const describedBy = [hintId, error && errorId, warning && warningId].filter(Boolean).join(" ");
  return (
    <div className={hiddenUnlessChosen[platform]}>
      <Label htmlFor={fieldId}>{words.idLabel}</Label>
      <Hint id={hintId} className="mt-1">
        {words.idHint}
      </Hint>
      <Input
        ref={chosen ? form.idInputRef : undefined}
        id={fieldId}
        name={LINK_QUERY.id[platform]}
        type="text"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder={words.idPlaceholder}
        value={form.ids[platform]}
        onChange={(event) => form.setId(platform, event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="mt-2"
      />
      {error && (
        <ErrorText id={errorId} role="alert" className="mt-2 font-medium">
          {error}
        </ErrorText>
      )}
      {warning && (
        <p
          id={warningId}
          data-warning
          className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm break-words text-amber-950"
        >
          {warning}
        </p>
      )}
    </div>
  );
}

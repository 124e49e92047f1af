import type { FormMetadata } from "@conform-to/react";
import { Form } from "react-router";
import {
  ChoiceGroup,
  Conditional,
  Honeypot,
  staticFormProps,
  SubmitButton,
  TextArea,
  TextField,
} from "~/components/form/fields";
import { MarketingConsent, PersonFields } from "~/components/form/person-fields";
import { cardClass } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import type { z } from "~/lib/zod";
import { CAREER_TARGETS, type applicationSchema } from "./application-form";
import { applyFields, applyOptions, applyPage } from "./apply.words";

type Input = z.input<ReturnType<typeof applicationSchema>>;

/** The application form (/apply): plain HTML fields, posted without framework JavaScript. */
export function ApplyForm({
  form,
  fields,
  earliestYear,
}: {
  form: FormMetadata<Input>;
  fields: ReturnType<FormMetadata<Input>["getFieldset"]>;
  earliestYear: number;
}) {
  return (
    <Form
      method="post"
      {...staticFormProps(form)}
      className={cn(cardClass, "relative mt-8 space-y-6")}
    >
      <PersonFields fields={fields} earliestYear={earliestYear} />
      <ChoiceGroup
        field={fields.careerTargets}
        legend={applyFields.careerTargets}
        hint={applyFields.careerTargetsHint}
        type="checkbox"
        options={CAREER_TARGETS.map((value) => ({ value, label: value }))}
        required
      >
        <Conditional when="group-has-[input[value=Other]:checked]:block">
          <TextField field={fields.careerOther} label={applyFields.careerOther} />
        </Conditional>
      </ChoiceGroup>
      {(["hoursPerWeek", "readyToEnroll"] as const).map((name) => (
        <ChoiceGroup
          key={name}
          field={fields[name]}
          legend={applyFields[name]}
          type="radio"
          options={applyOptions[name]}
          required
        />
      ))}
      <ChoiceGroup
        field={fields.heardFrom}
        legend={applyFields.heardFrom}
        type="radio"
        options={applyOptions.heardFrom}
        required
      >
        <Conditional when="group-has-[input[value=referral]:checked]:block">
          <TextField field={fields.referralName} label={applyFields.referralName} />
        </Conditional>
        <Conditional when="group-has-[input[value=other]:checked]:block">
          <TextField field={fields.otherSource} label={applyFields.otherSource} />
        </Conditional>
      </ChoiceGroup>
      <TextArea field={fields.challenge} label={applyFields.challenge} required />
      <TextArea field={fields.motivation} label={applyFields.motivation} required />
      <TextArea field={fields.hasQuestions} label={applyFields.hasQuestions} />
      <ChoiceGroup
        field={fields.readyToStart}
        legend={applyFields.readyToStart}
        type="radio"
        options={applyOptions.readyToStart}
      />
      <MarketingConsent field={fields.marketingConsent} />
      <Honeypot />
      <SubmitButton busy={false} label={applyPage.submit} busyLabel={applyPage.submitting} />
    </Form>
  );
}

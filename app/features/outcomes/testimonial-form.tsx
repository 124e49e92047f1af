import {
  getFormProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "react-router";
import { FieldError, FieldLabel, FileField } from "~/components/form/fields";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { checkClass, Hint, Select, Textarea } from "~/components/ui/input";
import { consentWords, testimonialPage as t } from "./testimonials.words";
import type { TestimonialConsent } from "~/db/programme-schema";
import { CONSENTS, PHOTO_MAX_MB, QUOTE_MAX, RATING_MAX } from "./testimonials";

/**
 * The student's testimonial: the words and how they may be published, each choice with the exact
 * words they agree to (stored with the testimonial), and an optional photo for the full name. A
 * plain multipart post: portal pages ship no framework JavaScript, and the server checks every
 * field (the photo by its content).
 */
export function TestimonialForm({
  values,
  photoAt,
  lastResult,
}: {
  values: { quote: string; consent: TestimonialConsent | ""; rating: string };
  /** When the stored photo was sent, as the student reads it; null when there is none. */
  photoAt: string | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm<{
    intent: "submit";
    quote: string;
    consent: string;
    rating: string;
    photo?: File;
  }>({
    lastResult,
    defaultValue: values,
  });
  const { key: quoteKey, ...quoteProps } = getTextareaProps(fields.quote);
  const quoteHint = `${fields.quote.id}-hint`;
  const chosen = fields.consent.initialValue ?? values.consent;
  const { key: ratingKey, ...ratingProps } = getSelectProps(fields.rating);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="space-y-6"
      data-testimonial-form=""
    >
      <input type="hidden" name="intent" value="submit" />
      <div>
        <FieldLabel htmlFor={fields.quote.id} required>
          {t.quote}
        </FieldLabel>
        <Hint id={quoteHint}>{t.quoteHint(QUOTE_MAX)}</Hint>
        <Textarea
          key={quoteKey}
          {...quoteProps}
          rows={6}
          maxLength={QUOTE_MAX}
          required
          aria-describedby={[quoteHint, quoteProps["aria-describedby"]].filter(Boolean).join(" ")}
        />
        <FieldError field={fields.quote} />
      </div>
      <fieldset
        aria-invalid={fields.consent.errors ? true : undefined}
        aria-describedby={fields.consent.errorId}
      >
        <legend className="text-sm font-medium text-slate-800">{t.consent}</legend>
        <div className="mt-2 space-y-3">
          {CONSENTS.map((consent) => (
            <label
              key={consent}
              className="flex cursor-pointer gap-3 rounded-md border border-slate-300 bg-white px-3 py-3 has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name={fields.consent.name}
                value={consent}
                defaultChecked={chosen === consent}
                required
                className={`${checkClass} mt-1 shrink-0`}
              />
              <span>
                <span className="block font-medium text-slate-900">
                  {t.consentOptions[consent]}
                </span>
                <span className="mt-1 block text-sm text-slate-700" data-consent-words={consent}>
                  {`${t.consentWordsLabel} “${consentWords[consent]}”`}
                </span>
              </span>
            </label>
          ))}
        </div>
        <FieldError field={fields.consent} />
      </fieldset>
      <div>
        <FieldLabel htmlFor={fields.rating.id}>{t.rating}</FieldLabel>
        <Select key={ratingKey} {...ratingProps} className="mt-1 w-auto">
          <option value="">{t.ratingNone}</option>
          {Array.from({ length: RATING_MAX }, (_, i) => RATING_MAX - i).map((stars) => (
            <option key={stars} value={String(stars)}>
              {t.ratingOption(stars)}
            </option>
          ))}
        </Select>
        <FieldError field={fields.rating} />
      </div>
      <FileField
        field={fields.photo}
        label={t.photo}
        hint={photoAt ? t.photoStored(photoAt) : t.photoHint(PHOTO_MAX_MB)}
        accept="image/jpeg,image/png"
      />
      <Button type="submit" size="touch">
        {t.send}
      </Button>
    </Form>
  );
}

const ONE_BUTTON = {
  /** The stored photo is deleted. */
  remove_photo: { title: t.photoTitle, intro: t.photoIntro, button: t.removePhoto },
  /** The testimonial comes off the website at once. */
  withdraw: { title: t.withdrawTitle, intro: t.withdrawIntro, button: t.withdraw },
};

/** A card with one button acting on the student's testimonial. */
export function TestimonialAction({ intent }: { intent: keyof typeof ONE_BUTTON }) {
  const words = ONE_BUTTON[intent];
  return (
    <Card>
      <h2 className="text-xl font-semibold text-brand-900">{words.title}</h2>
      <p className="mt-2 text-slate-700">{words.intro}</p>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value={intent} />
        <Button type="submit" variant="secondary" size="touch">
          {words.button}
        </Button>
      </Form>
    </Card>
  );
}

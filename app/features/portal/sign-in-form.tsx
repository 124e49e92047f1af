import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { FieldError } from "~/components/form/fields";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import { portalSignIn as t } from "./portal.words";
import { portalSignInSchema } from "./portal-forms";

/** Asks for an email and sends a one-time sign-in link; the answer never says who has a seat. */
export function SignInForm({
  lastResult,
  title = t.title,
  intro = t.intro,
}: {
  lastResult?: SubmissionResult<string[]>;
  title?: string;
  intro?: string;
}) {
  const [form, fields] = useForm({
    lastResult,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: portalSignInSchema }),
  });
  const { key, ...emailProps } = getInputProps(fields.email, { type: "email" });
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-900">{title}</h1>
      <p className="mt-3 text-slate-700">{intro}</p>
      <Card className="mt-8">
        <Form method="post" action="/portal" {...getFormProps(form)} className="space-y-4">
          <input type="hidden" name="intent" value="send_link" />
          <div>
            <Label htmlFor={fields.email.id}>{t.email}</Label>
            <Input key={key} {...emailProps} required autoComplete="email" maxLength={254} />
            <FieldError field={fields.email} />
          </div>
          <Button type="submit" size="touch" className="w-full">
            {t.send}
          </Button>
        </Form>
      </Card>
    </section>
  );
}

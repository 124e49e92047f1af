import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { FieldError } from "~/components/form/fields";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import { adminLogin, adminPage } from "./admin-login.words";
import { loginSchema } from "./admin-login";

/** The admin gate's sign-in form: email and password, validated in the browser and on the server. */
export function LoginForm({
  lastResult,
  busy,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    lastResult: busy ? undefined : lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const { key: emailKey, ...emailProps } = getInputProps(fields.email, { type: "email" });
  const { key: passwordKey, ...passwordProps } = getInputProps(fields.password, {
    type: "password",
  });
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold text-brand-900">{adminLogin.title}</h1>
      <p className="mt-3 text-slate-700">{adminLogin.intro}</p>
      <Card className="mt-8">
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <input type="hidden" name="intent" value="login" />
          <div>
            <Label htmlFor={fields.email.id}>{adminLogin.email}</Label>
            <Input key={emailKey} {...emailProps} required autoComplete="username" />
            <FieldError field={fields.email} />
          </div>
          <div>
            <Label htmlFor={fields.password.id}>{adminLogin.password}</Label>
            <Input key={passwordKey} {...passwordProps} required autoComplete="current-password" />
            <FieldError field={fields.password} />
          </div>
          {form.errors && (
            <p id={form.errorId} role="alert" className="text-sm font-medium text-red-700">
              {form.errors[0]}
            </p>
          )}
          <Button type="submit" disabled={busy} aria-busy={busy} className="w-full">
            {busy ? adminLogin.submitting : adminLogin.submit}
          </Button>
        </Form>
      </Card>
    </div>
  );
}

/** While the gate is decided again (after a login or logout, as the page data reloads). */
export function GateSpinner() {
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-24 text-slate-700">
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
      />
      <span>{adminPage.checkingAccess}</span>
    </div>
  );
}

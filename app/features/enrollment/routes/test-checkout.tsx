import { notFound } from "~/lib/or-not-found";
import { data, Form, redirect, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { ErrorText, Input, Label } from "~/components/ui/input";
import { parseForm } from "~/lib/form.server";
import { testCheckout } from "~/features/enrollment/enroll.words";
import { formatDollars } from "~/features/enrollment/pricing.words";
import { site } from "~/content/site";
import { TestCheckoutSchema } from "~/features/enrollment/checkout-form";
import { fulfillPayment } from "~/features/enrollment/fulfillment.server";
import { releaseHold } from "~/features/enrollment/seats.server";
import { holdOfSession } from "~/features/enrollment/checkout-session.server";
import { TestPlanFields } from "~/features/payment-plans/test-plan-fields";
import type { Route } from "./+types/test-checkout";

export const meta: Route.MetaFunction = () => [
  { title: `${testCheckout.title} | ${site.name}` },
  { name: "robots", content: "noindex" },
];

async function openHold(context: Route.LoaderArgs["context"], sessionId: string) {
  if (context.services.payments.name !== "test") notFound();
  const hold = await holdOfSession(context.services, sessionId);
  if (!hold) notFound();
  return hold;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return openHold(context, params.sessionId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context;
  const { open, amountCents, plan } = await openHold(context, params.sessionId);
  // A cancelled or expired test session cannot be paid by going Back to its page.
  if (!open) return data({ error: testCheckout.expired }, { status: 410 });
  const submission = await parseForm(request, TestCheckoutSchema);
  if (submission.status !== "success") {
    return data({ error: testCheckout.emailError }, { status: 400 });
  }
  if (submission.value.intent === "cancel") {
    await releaseHold(services, { sessionId: params.sessionId }, "released");
    return redirect("/enroll");
  }
  await fulfillPayment(services, services.payments, {
    sessionId: params.sessionId,
    email: submission.value.email,
    amountCents,
    plan: plan ? { testCardFails: submission.value.cardFails === "on" } : undefined,
  });
  return redirect(`/payment-confirmation?session_id=${encodeURIComponent(params.sessionId)}`);
}

export default function TestCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <section className="mx-auto max-w-lg px-4 py-12">
      <p
        role="note"
        className="rounded-md border-2 border-dashed border-amber-600 bg-amber-50 p-3 text-sm font-semibold text-amber-900"
      >
        {testCheckout.banner}
      </p>
      <h1 className="mt-6 text-2xl font-bold text-brand-900">{testCheckout.title}</h1>

      {loaderData.open ? (
        <Form method="post" className={cn(cardClass, "mt-6 space-y-4")}>
          <div>
            <Label htmlFor="email">{testCheckout.emailLabel}</Label>
            <Input
              id="email"
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={loaderData.email}
              aria-invalid={actionData?.error ? true : undefined}
              aria-describedby="email-error"
            />
            <ErrorText id="email-error">{actionData?.error}</ErrorText>
          </div>
          {loaderData.plan ? <TestPlanFields plan={loaderData.plan} /> : null}
          <div className="flex gap-3">
            <Button type="submit" name="intent" value="pay" disabled={busy} className="flex-1">
              {testCheckout.pay(formatDollars(loaderData.amountCents))}
            </Button>
            <Button type="submit" name="intent" value="cancel" disabled={busy} variant="secondary">
              {testCheckout.cancel}
            </Button>
          </div>
        </Form>
      ) : (
        <p className="mt-6 text-slate-700">{testCheckout.expired}</p>
      )}
    </section>
  );
}

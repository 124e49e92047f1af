import { data, Form, redirect, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { ErrorText, Input, Label } from "~/components/ui/input";
import { z } from "~/lib/zod";
import { testCheckout } from "~/content/enroll";
import { PRICE_CENTS } from "~/content/pricing";
import { site } from "~/content/site";
import { email as emailField } from "~/domain/person-fields";
import { fulfilPayment } from "~/enrollment/fulfillment.server";
import { releaseHold } from "~/enrollment/seats.server";
import type { Route } from "./+types/test-checkout";

export const meta: Route.MetaFunction = () => [
  { title: `${testCheckout.title} | ${site.name}` },
  { name: "robots", content: "noindex" },
];

async function openHold(context: Route.LoaderArgs["context"], sessionId: string) {
  if (context.services.payments.name !== "test") throw data(null, { status: 404 });
  const hold = await context.services.db
    .selectFrom("seat_holds")
    .select(["id", "email", "status", "expires_at"])
    .where("session_id", "=", sessionId)
    .executeTakeFirst();
  if (!hold) throw data(null, { status: 404 });
  const open =
    hold.status === "held" && hold.expires_at > context.services.clock.now().toISOString();
  return { hold, open };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { hold, open } = await openHold(context, params.sessionId);
  return { email: hold.email ?? "", open };
}

const PaySchema = z.object({ intent: z.enum(["pay", "cancel"]), email: z.string().optional() });

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context;
  const { open } = await openHold(context, params.sessionId);
  // A cancelled or expired test session cannot be paid by going Back to its page.
  if (!open) return data({ error: testCheckout.expired }, { status: 410 });
  const parsed = PaySchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: testCheckout.emailError }, { status: 400 });
  if (parsed.data.intent === "cancel") {
    await releaseHold(services, { sessionId: params.sessionId }, "released");
    return redirect("/enroll");
  }
  const email = emailField.safeParse(parsed.data.email ?? "");
  if (!email.success) return data({ error: testCheckout.emailError }, { status: 400 });
  await fulfilPayment(services, services.payments, {
    sessionId: params.sessionId,
    email: email.data,
    amountCents: PRICE_CENTS,
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
          <div className="flex gap-3">
            <Button type="submit" name="intent" value="pay" disabled={busy} className="flex-1">
              {testCheckout.pay}
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

import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "~/lib/zod";
import { testCheckout } from "~/content/enroll";
import { PRICE_CENTS } from "~/content/pricing";
import { site } from "~/content/site";
import { email as emailField } from "~/domain/person-fields";
import { fulfilPayment } from "~/enrolment/fulfilment.server";
import { releaseHold } from "~/enrolment/seats.server";
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
        <Form method="post" className="mt-6 space-y-4 rounded-xl bg-white p-6 shadow-sm">
          <div>
            <label htmlFor="email" className="block text-sm font-medium text-slate-800">
              {testCheckout.emailLabel}
            </label>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={loaderData.email}
              aria-invalid={actionData?.error ? true : undefined}
              aria-describedby="email-error"
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
            />
            <p id="email-error" className="mt-1 min-h-5 text-sm text-red-700">
              {actionData?.error}
            </p>
          </div>
          <div className="flex gap-3">
            <button
              type="submit"
              name="intent"
              value="pay"
              disabled={busy}
              className="flex-1 rounded-md bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
            >
              {testCheckout.pay}
            </button>
            <button
              type="submit"
              name="intent"
              value="cancel"
              disabled={busy}
              className="rounded-md border border-slate-300 px-4 py-3 font-semibold text-slate-800 hover:bg-slate-100"
            >
              {testCheckout.cancel}
            </button>
          </div>
        </Form>
      ) : (
        <p className="mt-6 text-slate-700">{testCheckout.expired}</p>
      )}
    </section>
  );
}

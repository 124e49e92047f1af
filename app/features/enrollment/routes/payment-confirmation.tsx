import { useEffect, type ReactNode } from "react";
import { data, Link, useRevalidator } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { linkVariants } from "~/components/ui/link";
import { readCohortSafely } from "~/features/cohort/cohort.server";
import { confirmationPage } from "~/features/enrollment/enroll.words";
import { formErrors } from "~/content/forms";
import { site } from "~/content/site";
import { isCheckoutSessionId, startDateDisplay } from "~/features/cohort/cohort";
import { fulfillPayment, paymentOfSession } from "~/features/enrollment/fulfillment.server";
import { signInPayer } from "~/features/portal/payer-sign-in.server";
import { providerOf } from "~/features/payments/free-provider.server";
import type { Route } from "./+types/payment-confirmation";

export const meta: Route.MetaFunction = () => [
  { title: `${confirmationPage.title} | ${site.name}` },
  { name: "robots", content: "noindex" },
];

type View =
  | { state: "paid"; email: string | null; startDisplay: string; portalSignedIn: boolean }
  | { state: "processing" }
  | { state: "refund" }
  | { state: "not_found" };

/** Asks the provider for the session's real state; the URL only names which session to ask about. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const sessionId = new URL(request.url).searchParams.get("session_id");
  if (!isCheckoutSessionId(sessionId)) return view({ state: "not_found" });
  // Each look costs a provider call: counted per address first (the page re-checks every few
  // seconds while a payment is processing, well under the limit).
  if (!(await services.limits.confirmations.hit(context.ip))) {
    throw data(formErrors.rateLimited, { status: 429, headers: { "Retry-After": "60" } });
  }
  const provider = providerOf(services, sessionId);
  const session = await provider.retrieveSession(sessionId);
  if (!session) return view({ state: "not_found" });
  if (session.state === "open") return view({ state: "processing" });
  if (session.state === "expired") return view({ state: "not_found" });
  await fulfillPayment(services, provider, {
    sessionId,
    email: session.email ?? "",
    amountCents: session.amountCents,
  });
  const payment = await paymentOfSession(services, sessionId);
  if (!payment) return view({ state: "not_found" });
  if (payment.status !== "paid") return view({ state: "refund" });
  const cohort = await readCohortSafely(services.db, services.clock.now());
  // The browser that paid is signed in to the portal at once.
  const portal = await signInPayer(request, context, sessionId);
  return view(
    {
      state: "paid",
      email: payment.email || null,
      startDisplay: startDateDisplay(cohort?.startDate),
      portalSignedIn: portal.signedIn,
    },
    portal.setCookie,
  );
}

function view(page: View, setCookie: string | null = null) {
  return data(page, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

export default function PaymentConfirmation({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const processing = loaderData.state === "processing";
  useEffect(() => {
    if (!processing) return;
    const timer = window.setInterval(() => void revalidator.revalidate(), 3000);
    return () => window.clearInterval(timer);
  }, [processing, revalidator]);

  return (
    <section className="mx-auto max-w-2xl px-4 py-16 wrap-break-word">
      {loaderData.state === "paid" ? (
        <Card padding="xl">
          <h1 className="text-4xl font-extrabold text-brand-900">{confirmationPage.title}</h1>
          <p className="mt-4 text-lg text-slate-800">{confirmationPage.secured}</p>
          <p className="mt-3 text-slate-700">
            {loaderData.email
              ? confirmationPage.emailSent(loaderData.email)
              : confirmationPage.emailSentNoAddress}
          </p>
          <p className="mt-3 text-slate-700">{confirmationPage.onboarding}</p>
          <p className="mt-3 font-semibold text-slate-900" data-testid="cohort-start">
            {confirmationPage.starts(loaderData.startDisplay)}
          </p>
          <h2 className="mt-8 text-xl font-semibold text-brand-900">
            {confirmationPage.getReadyTitle}
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-6 text-slate-700">
            {confirmationPage.getReady.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="mt-8 text-slate-700" data-testid="portal-access">
            {loaderData.portalSignedIn
              ? confirmationPage.portalSignedIn
              : confirmationPage.portalSignIn}
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <a href="/portal" className={buttonVariants()}>
              {loaderData.portalSignedIn
                ? confirmationPage.goToPortal
                : confirmationPage.signInToPortal}
            </a>
            <a href="/#program" className={buttonVariants({ variant: "outline" })}>
              {confirmationPage.viewProgram}
            </a>
          </div>
        </Card>
      ) : loaderData.state === "processing" ? (
        <Notice
          role="status"
          title={confirmationPage.processingTitle}
          body={confirmationPage.processing}
        />
      ) : loaderData.state === "refund" ? (
        <Notice title={confirmationPage.refundTitle} body={confirmationPage.refund} />
      ) : (
        <Notice title={confirmationPage.notFoundTitle} body={confirmationPage.notFound}>
          <Link to="/enroll" className={cn(linkVariants(), "mt-6 inline-block")}>
            {confirmationPage.backToEnroll}
          </Link>
        </Notice>
      )}
    </section>
  );
}

/** A state of the payment other than paid: what happened and, where there is one, what next. */
function Notice({
  title,
  body,
  role,
  children,
}: {
  title: string;
  body: string;
  role?: "status";
  children?: ReactNode;
}) {
  return (
    <Card padding="xl" role={role}>
      <h1 className="text-3xl font-bold text-brand-900">{title}</h1>
      <p className="mt-4 text-slate-700">{body}</p>
      {children}
    </Card>
  );
}

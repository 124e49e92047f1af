import { createContext, data, redirect } from "react-router";
import type { AppContext } from "~/context";
import { BackPage } from "~/components/back-page";
import { pageMeta } from "~/lib/meta";
import { staticPage } from "~/lib/page-handle";
import { findPersonById } from "~/features/people/people.server";
import { getCohort } from "~/features/cohort/cohort.server";
import { claimOfferLink } from "~/features/cohort/offer-links.server";
import { claimEnrollLink } from "~/features/enrollment/enroll-link.server";
import { enrollPage } from "~/features/enrollment/enroll.words";
import { EnrollCard } from "~/features/enrollment/enroll-card";
import { planOnEnroll } from "~/features/payment-plans/plan-offer.server";
import { codeOnEnroll } from "~/features/discounts/enroll-code.server";
import { enrollFormSchema } from "~/features/enrollment/checkout-form";
import { enrollCode } from "~/features/discounts/codes.words";
import { parseForm } from "~/lib/form.server";
import { cohortStatus, countsAgainstHoldCap, mentorsFor } from "~/features/cohort/cohort";
import { readApplicant } from "~/features/enrollment/applicant-cookie.server";
import { identifyBuyer } from "~/features/enrollment/buyer.server";
import { waitlistForFullCohort } from "~/features/enrollment/full-cohort.server";
import { cohortWithSeatFor, startCheckout } from "~/features/enrollment/seats.server";
import { errorMessage, log } from "~/lib/logger.server";
import { errorToast, rateLimitedToast, type ToastMessage } from "~/lib/toast";
import type { Route } from "./+types/enroll";

export const meta: Route.MetaFunction = () =>
  pageMeta(enrollPage.title, enrollPage.metaDescription);

// Its one control is a form post: the inline enhancement says "Processing..." while it goes.
export const handle = staticPage;

/**
 * Set by an Enroll post that answers on this page instead of redirecting: React Router then runs
 * the loader in the same request, with the same context.
 */
const answeredByAction = createContext(false);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const params = new URL(request.url).searchParams;
  const offer = params.get("offer");
  if (offer !== null) throw await claimOfferLink(context, offer);
  const link = params.get("link");
  if (link !== null) throw await claimEnrollLink(context, link);
  const personId = await readApplicant(request, context);
  // Seats paid for, held in other people's checkouts or offered to the queue are not for sale.
  // A refused Enroll post (seats held, apply first…) re-renders this page with its message,
  // even with no seat left: the loader runs after the action in the same request.
  const cohort =
    (await cohortWithSeatFor(services, { personId, visitorId: context.visitorId })) ??
    (context.get(answeredByAction) ? await getCohort(services.db, services.clock.now()) : null);
  if (!cohort) throw redirect("/apply");
  const status = cohortStatus(cohort);
  // The applicant cookie is proof of identity (a qualifying post from this browser or a link
  // from their inbox), so telling its holder they are enrolled reveals nothing to a stranger.
  const person = personId ? await findPersonById(services.db, personId) : undefined;
  const code = await codeOnEnroll(context, params.get("code"), personId, {
    count: !context.get(answeredByAction),
  });
  return {
    startDateDisplay: status.startDateDisplay,
    capacity: cohort.capacity,
    alreadyEnrolled: person?.status === "enrolled",
    code,
    plan: await planOnEnroll(services.db, code),
  };
}

/** An Enroll post refused with a message shown on this page. */
function refuse(context: AppContext, toast: ToastMessage, status: number) {
  context.set(answeredByAction, true);
  return data({ toast }, { status });
}

const notice = (title: string, description: string): ToastMessage => ({
  title,
  description,
  durationMs: 7000,
});

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  if (!(await services.limits.forms.hit(`checkout:${context.ip}`))) {
    return refuse(context, rateLimitedToast, 429);
  }
  const buyer = await identifyBuyer(request, context);
  if (buyer.kind === "enrolled") {
    return refuse(
      context,
      notice(enrollPage.alreadyEnrolledTitle, enrollPage.alreadyEnrolled),
      409,
    );
  }
  if (buyer.kind === "unknown") {
    return refuse(context, notice(enrollPage.applyFirstTitle, enrollPage.applyFirst), 403);
  }
  // A cap on new seats held from one address, so one network cannot hold the cohort; a seat
  // already held for this buyer (their offer, their own checkout again) is not a new one.
  const capped = countsAgainstHoldCap(buyer);
  const holdKey = `holds:${context.ip}`;
  if (capped && !(await services.limits.holds.hit(holdKey))) {
    return refuse(context, notice(enrollPage.tooManyHoldsTitle, enrollPage.tooManyHolds), 429);
  }
  const refundHold = async () => {
    if (capped) await services.limits.holds.refund(holdKey);
  };
  const form = await parseForm(request, enrollFormSchema);
  const code = form.status === "success" ? form.value.code : undefined;
  if (form.status !== "success" || (code && !(await services.limits.codes.hit(context.ip)))) {
    await refundHold();
    return refuse(context, notice(enrollCode.refusalTitle, enrollCode.refusals.unknown), 400);
  }
  try {
    const start = await startCheckout(services, services.payments, {
      personId: buyer.personId,
      email: buyer.email,
      visitorId: context.visitorId,
      code,
      plan: form.value.pay === "plan",
    });
    if (start.kind !== "redirect") await refundHold();
    if (start.kind === "code") {
      return refuse(
        context,
        notice(enrollCode.refusalTitle, enrollCode.refusals[start.reason]),
        409,
      );
    }
    if (start.kind === "no_plan") {
      return refuse(context, notice(enrollPage.noPlanTitle, enrollPage.noPlan), 409);
    }
    if (start.kind === "held") {
      // Seats held in other people's open checkouts may come back: nobody is waitlisted for it.
      return refuse(context, notice(enrollPage.heldTitle, enrollPage.held), 409);
    }
    if (start.kind === "full") {
      await waitlistForFullCohort(services, buyer.personId);
      return redirect("/apply?cohort=full", 303);
    }
    return redirect(start.url, 303);
  } catch (error) {
    await refundHold();
    log.error("checkout failed", { error: errorMessage(error) });
    return refuse(context, errorToast(enrollPage.checkoutError), 502);
  }
}

export default function Enroll({ loaderData }: Route.ComponentProps) {
  return (
    <BackPage to="/apply" back={enrollPage.back} title={enrollPage.title}>
      <p className="mt-3 text-slate-700">
        {enrollPage.intro(loaderData.capacity, mentorsFor(loaderData.capacity))}
      </p>
      <EnrollCard
        code={loaderData.code}
        plan={loaderData.plan}
        startDateDisplay={loaderData.startDateDisplay}
        alreadyEnrolled={loaderData.alreadyEnrolled}
      />
    </BackPage>
  );
}

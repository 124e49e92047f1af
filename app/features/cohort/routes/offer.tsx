import { Form, Link } from "react-router";
import { BackPage } from "~/components/back-page";
import { Button } from "~/components/ui/button";
import { linkVariants } from "~/components/ui/link";
import { offerPages } from "~/features/cohort/cohorts.words";
import { site } from "~/content/site";
import { formatWhen } from "~/lib/time-zone";
import { declineOffer, findOffer } from "~/features/cohort/offers.server";
import { rateLimitedToast } from "~/lib/toast";
import { redirectWithToast, samePage } from "~/lib/toast.server";
import type { Route } from "./+types/offer";

export const meta: Route.MetaFunction = () => [
  { title: `${offerPages.declineTitle} | ${site.name}` },
  { name: "robots", content: "noindex" },
];

/**
 * The "No thanks" link of a seat offer email. Opening it changes nothing (mail scanners open
 * links); the button posts the decline, and the seat goes to the next person in the queue.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const offer = await findOffer(context.services, params.token);
  if (!offer) throw await redirectWithToast(context, "/apply", offerPages.endedToast);
  const { siteTimeZone } = context.services.config;
  const endsAt = formatWhen(new Date(offer.endsAt), siteTimeZone, context.services.clock.now());
  return { endsAt, token: params.token };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context;
  if (!(await services.limits.forms.hit(`offer:${context.ip}`)))
    return redirectWithToast(context, samePage(request), rateLimitedToast);
  const declined = await declineOffer(services, params.token);
  return declined
    ? redirectWithToast(context, "/", offerPages.declinedToast)
    : redirectWithToast(context, "/apply", offerPages.endedToast);
}

export default function Offer({ loaderData }: Route.ComponentProps) {
  return (
    <BackPage to="/" back={site.name} title={offerPages.declineTitle}>
      <p className="mt-3 text-slate-700">{offerPages.declineIntro(loaderData.endsAt)}</p>
      <Form method="post" className="mt-6">
        <Button type="submit" variant="secondary">
          {offerPages.declineButton}
        </Button>
      </Form>
      <p className="mt-6">
        <Link
          to={`/enroll?offer=${encodeURIComponent(loaderData.token)}`}
          className={linkVariants({ weight: "medium" })}
        >
          {offerPages.claimLink}
        </Link>
      </p>
    </BackPage>
  );
}

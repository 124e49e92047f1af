import type { AppContext } from "~/context";
import { offerPages } from "./cohorts.words";
import { enterEnrollAs } from "~/features/enrollment/applicant-cookie.server";
import { redirectWithToast } from "~/lib/toast.server";
import { findOffer } from "./offers.server";

/**
 * Opening the link of a seat offer proves the person owns the address it was sent to: it signs
 * them in as the applicant the offer is for and sends them to /enroll (the token leaves the
 * address bar). A link that is unknown, used, declined or expired says so on /apply.
 */
export async function claimOfferLink(context: AppContext, token: string): Promise<Response> {
  const offer = await findOffer(context.services, token);
  if (!offer) return redirectWithToast(context, "/apply", offerPages.endedToast);
  return enterEnrollAs(context, offer.personId, offerPages.claimedToast);
}

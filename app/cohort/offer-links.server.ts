import type { AppLoadContext } from "react-router";
import { offerPages } from "~/content/cohorts";
import { enrollPage } from "~/content/enroll";
import { applicantCookie } from "~/enrolment/applicant-cookie.server";
import { readEnrolLink } from "~/enrolment/enrol-link.server";
import { redirectWithToast } from "~/lib/toast.server";
import { findOffer } from "./offers.server";

/**
 * Opening the link of a seat offer proves the person owns the address it was sent to: it signs
 * them in as the applicant the offer is for and sends them to /enroll (the token leaves the
 * address bar). A link that is unknown, used, declined or expired says so on /apply.
 */
export async function claimOfferLink(context: AppLoadContext, token: string): Promise<Response> {
  const offer = await findOffer(context.services, token);
  if (!offer) return redirectWithToast(context, "/apply", offerPages.endedToast);
  return redirectWithToast(context, "/enroll", offerPages.claimedToast, {
    "Set-Cookie": await applicantCookie(context, offer.personId),
  });
}

/**
 * The /enroll link of an application email: opening it signs the visitor in as that applicant
 * (the address is proven by the inbox) and drops the token from the address bar.
 */
export async function claimEnrolLink(context: AppLoadContext, token: string): Promise<Response> {
  const { config, clock } = context.services;
  const personId = readEnrolLink(config.sessionSecrets, token, clock.now());
  if (!personId) return redirectWithToast(context, "/apply", enrollPage.linkEndedToast);
  return redirectWithToast(context, "/enroll", enrollPage.linkClaimedToast, {
    "Set-Cookie": await applicantCookie(context, personId),
  });
}

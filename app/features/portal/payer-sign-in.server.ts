import type { AppContext } from "~/context";
import { PAYER_SIGN_IN_WINDOW_MS } from "./portal";
import { getPortalUser, startPortalSession } from "./session.server";
import { paidSeat } from "~/features/enrollment/seat-queries.server";

/** What /payment-confirmation offers: the portal (signed in) or the way to sign in to it. */
export interface PayerPortal {
  signedIn: boolean;
  /** The new session's cookie when this request signed the buyer in. */
  setCookie: string | null;
}

/**
 * Paying signs the buyer in at once (issue 34), in the browser that paid and nowhere else: the
 * payment of checkout `sessionId` is paid, the request's visitor cookie is the one that held the
 * seat (seat_holds.visitor_id), the payment is at most an hour old (PAYER_SIGN_IN_WINDOW_MS) and
 * the browser has no portal session yet, and this is the student's first sign-in ever. Someone who opens a forwarded confirmation address has
 * another visitor id and gets the sign-in link's way instead.
 */
export async function signInPayer(
  request: Request,
  context: AppContext,
  sessionId: string,
): Promise<PayerPortal> {
  const { db, clock } = context.services;
  const payer = await db
    .selectFrom("payments")
    .innerJoin("seat_holds", "seat_holds.id", "payments.hold_id")
    .innerJoin("people", "people.id", "payments.person_id")
    .leftJoin("student_profiles", "student_profiles.person_id", "people.id")
    .select([
      "student_profiles.first_signed_in_at as signedInBefore",
      "people.id",
      "people.email",
      "people.first_name",
      "seat_holds.visitor_id",
      "payments.created_at",
    ])
    .where("payments.session_id", "=", sessionId)
    .where(paidSeat)
    .executeTakeFirst();
  const current = await getPortalUser(request, context);
  if (!payer) return { signedIn: false, setCookie: null };
  if (current) {
    const same = current.role === "student" && current.personId === payer.id;
    return { signedIn: same, setCookie: null };
  }
  const age = clock.now().getTime() - Date.parse(payer.created_at);
  const thisBrowser = context.visitorId !== null && payer.visitor_id === context.visitorId;
  // Once only: after a sign-out, reopening the page (Back, history) on a shared computer must not
  // sign anyone in again.
  if (!thisBrowser || age > PAYER_SIGN_IN_WINDOW_MS || payer.signedInBefore)
    return { signedIn: false, setCookie: null };
  const setCookie = await startPortalSession(request, context, {
    role: "student",
    personId: payer.id,
    email: payer.email,
    firstName: payer.first_name,
  });
  return { signedIn: true, setCookie };
}

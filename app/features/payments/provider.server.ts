/** What enrollment needs from a card-payment provider; `test` and `stripe` implement it. */
export interface CheckoutRequest {
  holdId: string;
  /** What to charge, in cents: the seat's price after any code (`seatPrice`). */
  amountCents: number;
  /**
   * The payment plan the buyer chose: `amountCents` is its first instalment, the others follow
   * monthly (`instalments`, from splitInstalments; every later one is the same amount).
   */
  plan?: { count: number; instalments: number[] };
  personId: string | null;
  email: string | null;
  expiresAt: Date;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  id: string;
  url: string;
}

export type SessionState = "paid" | "open" | "expired";

export interface SessionInfo {
  id: string;
  state: SessionState;
  email: string | null;
  amountCents: number;
  holdId: string | null;
}

export interface PaymentProvider {
  readonly name: "test" | "stripe" | "free";
  /** Hosts the browser is sent to; added to the CSP form-action list. */
  readonly checkoutOrigins: string[];
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** The provider's own record of a session, or null when it does not know it. */
  retrieveSession(sessionId: string): Promise<SessionInfo | null>;
  /**
   * Refunds the session's payment: all of it, or `amountCents` of it. `key` names this refund
   * when one payment may get several of the same amount (each referral reward is its own).
   */
  refund(sessionId: string, amountCents?: number, key?: string): Promise<void>;
  /** Stops charging a payment plan (Stripe: cancels its subscription); nothing already paid changes. */
  cancelPlan(subscriptionId: string): Promise<void>;
}

import Stripe from "stripe";
const WEBHOOK_PATH = "/api/webhooks/stripe";
const STRIPE_SECRET_KEY = "sk_test_x";
const STRIPE_WEBHOOK_SECRET = "whsec_x";

/** The server settings for the stripe provider pointed at the local fake Stripe API. */
export function stripeEnv(fakeUrl: string): Record<string, string> {
  return {
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE: fakeUrl,
  };
}

export interface WebhookDelivery {
  payload: string;
  signature: string | undefined;
}

/** An event as Stripe sends it, signed the way Stripe signs it (t=…,v1=HMAC of "t.payload"). */
export function signedEvent(
  id: string,
  type: string,
  object: unknown,
  options: { timestamp?: number; secret?: string } = {},
): WebhookDelivery {
  const payload = JSON.stringify({ id, object: "event", type, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? STRIPE_WEBHOOK_SECRET,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
  });
  return { payload, signature };
}

export async function deliver(baseUrl: string, event: WebhookDelivery): Promise<number> {
  const res = await fetch(baseUrl + WEBHOOK_PATH, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(event.signature ? { "stripe-signature": event.signature } : {}),
    },
    body: event.payload,
    signal: AbortSignal.timeout(20_000),
  });
  await res.arrayBuffer();
  return res.status;
}

export function shuffle<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

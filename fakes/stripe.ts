import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeSession {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open" | "complete" | "expired";
  mode: "payment" | "subscription";
  /** Set when a subscription-mode session is paid (a payment plan). */
  subscription: string | null;
  payment_status: "unpaid" | "paid";
  payment_intent: string | null;
  amount_total: number;
  customer_email: string | null;
  customer_details: { email: string | null } | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  expires_at: number;
  success_url: string;
  cancel_url: string;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

/**
 * A local stand-in for the Stripe API, answering the Checkout Session and Refund requests the
 * official SDK makes when pointed at it (host/port/protocol options).
 */
export async function startFakeStripe() {
  const sessions = new Map<string, FakeSession>();
  const requests: {
    method: string;
    path: string;
    form: URLSearchParams;
    idempotencyKey: string | undefined;
  }[] = [];
  const refunds: string[] = [];
  const cancelled: string[] = [];
  const invoices: { id: string; object: "invoice"; subscription: string; amount_paid: number }[] =
    [];
  let counter = 0;

  const server = createServer(async (req, res) => {
    const form = new URLSearchParams(await readBody(req));
    const path = (req.url ?? "").split("?")[0]!;
    requests.push({
      method: req.method ?? "",
      path,
      form,
      idempotencyKey: req.headers["idempotency-key"] as string | undefined,
    });
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, {
        "content-type": "application/json",
        "request-id": `req_${++counter}`,
      });
      res.end(JSON.stringify(body));
    };
    if (!req.headers.authorization?.startsWith("Bearer sk_test_"))
      return reply(401, { error: { type: "invalid_request_error", message: "No API key" } });

    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      const id = `cs_test_${++counter}`;
      const session: FakeSession = {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.com/c/pay/${id}`,
        status: "open",
        payment_status: "unpaid",
        payment_intent: null,
        mode: form.get("mode") === "subscription" ? "subscription" : "payment",
        subscription: null,
        // A plan's first invoice: its monthly price plus the one-time line of odd cents.
        amount_total:
          Number(form.get("line_items[0][price_data][unit_amount]")) +
          Number(form.get("line_items[1][price_data][unit_amount]") ?? 0),
        customer_email: form.get("customer_email"),
        customer_details: null,
        client_reference_id: form.get("client_reference_id"),
        metadata: {
          holdId: form.get("metadata[holdId]") ?? "",
          personId: form.get("metadata[personId]") ?? "",
          ...(form.get("metadata[payments]") ? { payments: form.get("metadata[payments]")! } : {}),
        },
        expires_at: Number(form.get("expires_at")),
        success_url: form.get("success_url") ?? "",
        cancel_url: form.get("cancel_url") ?? "",
      };
      sessions.set(id, session);
      return reply(200, session);
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (req.method === "GET" && match) {
      const session = sessions.get(decodeURIComponent(match[1]!));
      return session
        ? reply(200, session)
        : reply(404, { error: { type: "invalid_request_error", message: "No such session" } });
    }
    // A plan's subscription: a schedule taken over from it, its update, its cancellation, and
    // its paid invoices (the test adds them) with their payments, for a refund.
    if (req.method === "POST" && path === "/v1/subscription_schedules") {
      const schedule = {
        id: `sub_sched_${form.get("from_subscription")}`,
        object: "subscription_schedule",
        subscription: form.get("from_subscription"),
        phases: [{ start_date: 1_800_000_000, items: [{ price: "price_plan", quantity: 1 }] }],
      };
      return reply(200, schedule);
    }
    const scheduleMatch = /^\/v1\/subscription_schedules\/([^/]+)$/.exec(path);
    if (req.method === "POST" && scheduleMatch)
      return reply(200, { id: scheduleMatch[1], object: "subscription_schedule", phases: [] });
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (req.method === "DELETE" && subscriptionMatch) {
      cancelled.push(decodeURIComponent(subscriptionMatch[1]!));
      return reply(200, { id: subscriptionMatch[1], object: "subscription", status: "canceled" });
    }
    if (req.method === "GET" && path === "/v1/invoices") {
      const sub = new URL(req.url ?? "", "http://x").searchParams.get("subscription");
      const data = invoices.filter((i) => i.subscription === sub).reverse();
      return reply(200, { object: "list", data, has_more: false, url: path });
    }
    if (req.method === "GET" && path === "/v1/invoice_payments") {
      const invoice = new URL(req.url ?? "", "http://x").searchParams.get("invoice");
      const payment = { type: "payment_intent", payment_intent: `pi_${invoice}` };
      const data = [{ id: `inpay_${invoice}`, object: "invoice_payment", payment }];
      return reply(200, { object: "list", data, has_more: false, url: path });
    }
    if (req.method === "POST" && path === "/v1/refunds") {
      refunds.push(form.get("payment_intent") ?? "");
      return reply(200, { id: `re_${++counter}`, object: "refund", status: "succeeded" });
    }
    reply(404, { error: { type: "invalid_request_error", message: "Unknown path" } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    requests,
    refunds,
    cancelled,
    invoices,
    /** What Stripe does when the buyer pays: the session completes with their email. */
    pay(id: string, email: string) {
      const session = sessions.get(id)!;
      Object.assign(session, {
        status: "complete",
        payment_status: "paid",
        payment_intent: session.mode === "payment" ? `pi_${id}` : null,
        subscription: session.mode === "subscription" ? `sub_${id}` : null,
        customer_details: { email },
      });
      return session;
    },
    expire(id: string) {
      const session = sessions.get(id)!;
      session.status = "expired";
      return session;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

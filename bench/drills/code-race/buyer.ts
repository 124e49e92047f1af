import { performance } from "node:perf_hooks";
import { enrollCode } from "../../../app/features/discounts/codes.words";
import { enrollPage } from "../../../app/features/enrollment/enroll.words";
import type { Applicant } from "../../lib/buyers";
import { Jar } from "../../lib/browser";
import { FORM_HEADERS } from "../../lib/forms";
import type { RunningServer } from "../../lib/server";

/** What one buyer's Enroll came to. */
export type Outcome = "code_paid" | "full_price_paid" | "held" | "full" | `unexpected ${string}`;

/** The buyers' answers and each step's latency (client side, queueing included). */
export class Tally {
  readonly answers: Record<string, number> = {};
  readonly ms: Record<"look" | "enroll" | "pay", number[]> = { look: [], enroll: [], pay: [] };
  count(answer: string) {
    this.answers[answer] = (this.answers[answer] ?? 0) + 1;
  }
}

/**
 * A browser of one buyer: its cookies, and its own client address. The servers trust one proxy
 * hop (TRUST_PROXY), so X-Forwarded-For is the address each request comes from: 50 buyers are 50
 * addresses, as behind nginx, each within the per-address limits on code tries and holds.
 */
class Browser {
  private jar = new Jar();
  constructor(
    applicant: Applicant,
    private ip: string,
  ) {
    this.jar.set(applicant.cookie);
  }

  async send(server: RunningServer, path: string, body?: string) {
    const started = performance.now();
    const res = await fetch(`${server.url}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        cookie: this.jar.header(),
        "x-forwarded-for": this.ip,
        ...(body === undefined ? {} : { ...FORM_HEADERS, origin: server.url }),
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    this.jar.take(res);
    return {
      status: res.status,
      location: res.headers.get("location") ?? "",
      text,
      ms: performance.now() - started,
    };
  }
}

const isCheckout = (location: string) => /\/checkout\/test\/[^/?]+$/.test(location);
const isFull = (location: string) => location.includes("/apply?cohort=full");

/** An Enroll post's answer: a checkout, the code refused as used up, seats held, or full. */
function enrollAnswer(res: { status: number; location: string; text: string }) {
  if (res.status === 303 && isCheckout(res.location)) return "checkout";
  if (res.status === 303 && isFull(res.location)) return "full";
  if (res.status === 409 && res.text.includes(enrollCode.refusals.used_up)) return "used_up";
  if (res.status === 409 && res.text.includes(enrollPage.held)) return "held";
  return `unexpected ${res.status} ${res.location}`;
}

/**
 * One buyer: applies the code on /enroll (the GET form), posts Enroll with it and, told the code
 * is used up, Enroll at the full price; with a checkout, pays at the local test checkout with
 * the Pay button pressed on both instances at once (a double submit that reaches both).
 */
export async function buy(
  applicant: Applicant,
  index: number,
  servers: RunningServer[],
  code: string,
  tally: Tally,
): Promise<Outcome> {
  const here = servers[index % servers.length]!;
  const there = servers[(index + 1) % servers.length]!;
  const browser = new Browser(applicant, `10.49.${Math.floor(index / 250)}.${(index % 250) + 1}`);
  const look = await browser.send(here, `/enroll?code=${encodeURIComponent(code)}`);
  tally.ms.look.push(look.ms);
  tally.count(
    look.status === 200
      ? look.text.includes(enrollCode.refusals.used_up)
        ? "look:used_up"
        : "look:applied"
      : `look:${look.status}`,
  );
  let withCode = true;
  let enroll = await browser.send(here, "/enroll", new URLSearchParams({ code }).toString());
  tally.ms.enroll.push(enroll.ms);
  let answer = enrollAnswer(enroll);
  tally.count(`enroll:${answer}`);
  if (answer === "used_up") {
    withCode = false;
    enroll = await browser.send(here, "/enroll", "");
    tally.ms.enroll.push(enroll.ms);
    answer = enrollAnswer(enroll);
    tally.count(`full_price:${answer}`);
  }
  if (answer === "held" || answer === "full") return answer;
  if (answer !== "checkout") return `unexpected ${answer}`;

  const checkout = new URL(enroll.location).pathname;
  const pay = new URLSearchParams({ intent: "pay", email: applicant.email }).toString();
  const paid = await Promise.all(
    [here, there].map((server) => browser.send(server, checkout, pay)),
  );
  for (const res of paid) {
    tally.ms.pay.push(res.ms);
    tally.count(`pay:${res.status}`);
  }
  // Both presses answer: one pays (a redirect to the confirmation), the other does the same or
  // finds the checkout closed (410); anything else is a fault.
  const confirmed = paid.filter(
    (res) => res.status === 302 && res.location.includes("/payment-confirmation"),
  );
  const closed = paid.filter((res) => res.status === 410);
  if (confirmed.length === 0 || confirmed.length + closed.length !== paid.length)
    return `unexpected pay ${paid.map((res) => res.status).join("/")}`;
  return withCode ? "code_paid" : "full_price_paid";
}

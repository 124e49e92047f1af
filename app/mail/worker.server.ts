import { claimRows } from "~/db/claim.server";
import type { DB } from "~/db/database.server";
import { errorMessage, log } from "~/lib/logger.server";
import type { Clock } from "~/lib/clock";
import type { Selectable } from "kysely";
import type { OutboxTable } from "~/db/schema";
import { suppressedReasons } from "~/features/marketing/marketing.words";
import { mayReceive, unsubscribeHeaders, unsubscribeUrl } from "~/features/marketing/marketing";
import type { RateLimiter } from "~/lib/rate-limit.server";
import { renderEmail, type RenderedEmail } from "./message";
import { rendererOf, type RenderersAtSend } from "./render-at-send.server";
import { markUndeliverable } from "./suppression.server";
import type { MailTransport } from "./transport.server";

export interface MailWorkerOptions {
  from: string;
  /** The sender of marketing mail (MAIL_FROM_MARKETING). */
  marketingFrom?: string;
  /** Where unsubscribe links point (PUBLIC_URL). */
  publicUrl?: string;
  /** Shared sends-per-minute budget (MAIL_RATE_PER_MINUTE); none sends as fast as it can. */
  sendLimiter?: RateLimiter;
  maxAttempts?: number;
  batchSize?: number;
  /** How long a claimed row stays reserved for the worker that claimed it. */
  lockMs?: number;
  /** The kinds rendered as they are sent (decision 0040); none: every kind goes as queued. */
  renderAtSend?: RenderersAtSend;
}

export interface RunResult {
  sent: number;
  retried: number;
  failed: number;
  /**
   * Dropped, not sent: marketing the person may no longer get (unsubscribed, bounced), or an
   * email rendered at send that no longer applies (decision 0040).
   */
  suppressed: number;
}

const pick = ({ subject, html, text }: RenderedEmail): RenderedEmail => ({ subject, html, text });

/** A 5xx SMTP reply is final; anything else (4xx, refused connection, timeout) is worth retrying. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown })?.responseCode;
  return typeof code === "number" && code >= 500;
}

/**
 * The receiving server refused the address itself (a 5xx to RCPT TO, or an enhanced status
 * 5.1.x "bad destination"): the address is undeliverable. A 5xx at login, to the sender or to
 * the content is our problem or the message's, not the recipient's, and flags nobody.
 */
export function isBounce(error: unknown): boolean {
  if (!isPermanentFailure(error)) return false;
  const { command, response } = error as { command?: unknown; response?: unknown };
  if (command === "RCPT TO") return true;
  return typeof response === "string" && /^5\d\d[ -]5\.1\.\d/.test(response);
}

/** With hourly retries after the first hour, 30 attempts ride out a day-long SMTP outage. */
const MAX_ATTEMPTS = 30;

/** 30 s, 1 min, 2 min … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * Delivers the outbox, one batch per run (the scheduler's "mail" job runs it). Each row is claimed
 * (claimRows: a lease, taken with SKIP LOCKED on PostgreSQL) right before it is sent, so any
 * number of runs in any number of instances never send the same row; it is marked sent or
 * rescheduled right after. Stopping lets the email being sent finish and claims no more, so a
 * stopped worker holds no lease.
 */
export class MailWorker {
  private current: Promise<RunResult> | null = null;
  private stopping = false;

  constructor(
    private readonly db: DB,
    private readonly transport: MailTransport,
    private readonly clock: Clock,
    private readonly options: MailWorkerOptions,
  ) {}

  /** Lets the email being sent finish, then closes the connection to the mail server. */
  async stop() {
    const first = !this.stopping;
    this.stopping = true;
    await this.current?.catch(() => undefined);
    if (first) this.transport.close();
  }

  /** Sends one batch of due email; a run asked for while one is in progress gets that run. */
  runOnce(): Promise<RunResult> {
    this.current ??= this.deliverDue().finally(() => {
      this.current = null;
    });
    return this.current;
  }

  private async deliverDue(): Promise<RunResult> {
    const result: RunResult = { sent: 0, retried: 0, failed: 0, suppressed: 0 };
    for (let n = 0; n < (this.options.batchSize ?? 20) && !this.stopping; n++) {
      // One row per claim, stamped when it is made: a slow send never lets the lease of a row
      // still waiting in this batch run out.
      const claimed = await this.claimNext();
      if (!claimed) break;
      const id = claimed.id;
      const marketing = await this.marketingCheck(claimed);
      if (marketing === "suppressed") {
        result.suppressed += 1;
        continue;
      }
      if (this.options.sendLimiter && !(await this.options.sendLimiter.hit("send"))) {
        // Over the provider's budget: hand the row back untouched and stop this cycle.
        await this.db
          .updateTable("outbox")
          .set({ locked_until: null })
          .where("id", "=", id)
          .execute();
        break;
      }
      let failure: unknown = null;
      let content: { send: RenderedEmail; keep: RenderedEmail } | null = null;
      const rendered = rendererOf(this.options.renderAtSend ?? {}, claimed.kind) !== undefined;
      try {
        content = await this.contentAtSend(claimed);
        if (content)
          await this.transport.send({
            id: claimed.id,
            from: marketing ? (this.options.marketingFrom ?? this.options.from) : this.options.from,
            to: claimed.to_address,
            subject: content.send.subject,
            html: content.send.html,
            text: content.send.text,
            headers: marketing ? marketing.headers : undefined,
            calendar: claimed.calendar,
          });
      } catch (error) {
        failure = error;
      }
      if (failure === null && content === null) {
        // Rendered at send and no longer applies (a refunded seat's onboarding): nothing goes.
        await this.suppress(id, suppressedReasons.noLongerApplies);
        result.suppressed += 1;
        continue;
      }
      // What a kind rendered at send said is what the row keeps (the email log shows it), but
      // never a one-time secret (the kept words say where it was).
      const words = rendered && content ? content.keep : {};
      if (failure === null) {
        // Outside the send's try: a failure to record "sent" must not schedule a second send.
        await this.db
          .updateTable("outbox")
          .set({
            ...words,
            status: "sent",
            sent_at: this.clock.now().toISOString(),
            attempts: claimed.attempts + 1,
            locked_until: null,
            last_error: null,
          })
          .where("id", "=", id)
          .execute();
        result.sent += 1;
        continue;
      }
      const attempts = claimed.attempts + 1;
      const final =
        isPermanentFailure(failure) || attempts >= (this.options.maxAttempts ?? MAX_ATTEMPTS);
      await this.db
        .updateTable("outbox")
        .set({
          ...words,
          status: final ? "failed" : "pending",
          attempts,
          last_error: errorMessage(failure).slice(0, 500),
          locked_until: null,
          send_after: final
            ? claimed.send_after
            : new Date(this.clock.now().getTime() + retryDelayMs(attempts)).toISOString(),
        })
        .where("id", "=", id)
        .execute();
      if (final) result.failed += 1;
      else result.retried += 1;
      if (isBounce(failure))
        await markUndeliverable(
          this.db,
          claimed.to_address,
          errorMessage(failure),
          this.clock.now(),
        );
      log.warn("email delivery failed", { id, kind: claimed.kind, attempts, final });
    }
    return result;
  }

  /**
   * Marketing is checked when it goes, not when it was queued: someone who unsubscribed (or
   * whose address bounced) after a broadcast was queued gets nothing. Returns null for
   * transactional mail, "suppressed" when the row was dropped, or the marketing headers.
   */
  private async marketingCheck(
    row: Selectable<OutboxTable>,
  ): Promise<null | "suppressed" | { headers: Record<string, string> }> {
    if (row.category === "transactional") return null;
    const person = row.person_id
      ? await this.db
          .selectFrom("people")
          .select(["marketing", "undeliverable_at", "unsubscribe_token"])
          .where("id", "=", row.person_id)
          .executeTakeFirst()
      : undefined;
    if (!person || !mayReceive(person, row.category)) {
      await this.suppress(
        row.id,
        person?.undeliverable_at ? suppressedReasons.undeliverable : suppressedReasons.unsubscribed,
      );
      return "suppressed";
    }
    const url = unsubscribeUrl(this.options.publicUrl ?? "", person.unsubscribe_token);
    return { headers: unsubscribeHeaders(url) };
  }

  /**
   * The words to send and the words the row keeps: the row's own, or, for a kind in
   * `renderAtSend`, the email as it reads now (decision 0040); null when that kind no longer
   * applies to the person.
   */
  private async contentAtSend(
    row: Selectable<OutboxTable>,
  ): Promise<{ send: RenderedEmail; keep: RenderedEmail } | null> {
    const render = rendererOf(this.options.renderAtSend ?? {}, row.kind);
    if (!render) return { send: pick(row), keep: pick(row) };
    const rendered = await render(
      this.db,
      { personId: row.person_id, to: row.to_address },
      { publicUrl: this.options.publicUrl ?? "", now: this.clock.now() },
    );
    if (!rendered) return null;
    const send = renderEmail(rendered.content);
    return { send, keep: rendered.kept ? renderEmail(rendered.kept) : send };
  }

  /** Drops a row unsent, saying why. */
  private async suppress(id: string, reason: string) {
    await this.db
      .updateTable("outbox")
      .set({ status: "suppressed", locked_until: null, last_error: reason })
      .where("id", "=", id)
      .execute();
  }

  private async claimNext() {
    const now = this.clock.now();
    const nowIso = now.toISOString();
    const [row] = await claimRows(this.db, "outbox", {
      due: (eb) => eb.and([eb("status", "=", "pending"), eb("send_after", "<=", nowIso)]),
      orderBy: "send_after",
      now,
      leaseMs: this.options.lockMs ?? 60_000,
      limit: 1,
    });
    return row;
  }
}

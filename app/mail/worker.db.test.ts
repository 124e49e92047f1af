import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  startTestServices,
  testEngines,
  TestClock,
  type TestServices,
} from "../../tests/support/databases";
import { slowMailTransport } from "../../tests/support/slow-mail";
import { startSmtpServer } from "../../fakes/smtp";
import { useTestServices } from "../../tests/support/suite";
import { suppressedReasons } from "~/features/marketing/marketing.words";
import { enqueueEmail } from "./outbox.server";
import { renderAtSend } from "~/services.server";
import { MailWorker, retryDelayMs } from "./worker.server";
import { smtpTransport } from "./transport.server";

describe.each(testEngines())("mail delivery on $name", (engine) => {
  let t: TestServices;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let worker: MailWorker;
  const clock = new TestClock();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestServices(engine, { clock });
    worker = new MailWorker(t.services.db, smtpTransport(smtp.url), clock, {
      from: "test@example.com",
      renderAtSend,
    });
  });
  afterAll(async () => {
    await worker.stop();
    await t.cleanup();
    await smtp.close();
  });
  beforeEach(async () => {
    smtp.received.length = 0;
    await t.services.db.deleteFrom("outbox").execute();
  });

  const queue = (to: string, sendAfter?: Date) =>
    enqueueEmail(
      t.services.db,
      {
        kind: "test",
        to,
        personId: null,
        subject: `Hello ${to}`,
        html: "<p>Hi</p>",
        text: "Hi",
        sendAfter,
      },
      clock.now(),
    );
  const row = (id: string) =>
    t.services.db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("delivers a queued email once", async () => {
    const id = await queue("a@example.com");
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0, suppressed: 0 });
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, suppressed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(["a@example.com"]);
    expect(smtp.received[0]!.raw).toContain("Subject: Hello a@example.com");
    expect((await row(id)).status).toBe("sent");
  });

  it("renders a kind of renderAtSend when it goes, and drops it when it no longer applies", async () => {
    // An onboarding email whose person has no paid seat (here: none at all) is not sent.
    const id = await enqueueEmail(
      t.services.db,
      {
        kind: "enrollment_onboarding",
        to: "gone@example.com",
        personId: null,
        subject: "Queued words",
        html: "<p>Queued</p>",
        text: "Queued",
      },
      clock.now(),
    );
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, suppressed: 1 });
    expect(smtp.received).toHaveLength(0);
    expect(await row(id)).toMatchObject({
      status: "suppressed",
      last_error: suppressedReasons.noLongerApplies,
      locked_until: null,
    });
  });

  it("retries a temporary 4xx failure with backoff, then delivers", async () => {
    smtp.failNext(421);
    const id = await queue("b@example.com");
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0, suppressed: 0 });
    const pending = await row(id);
    expect(pending.status).toBe("pending");
    expect(pending.attempts).toBe(1);
    expect(pending.last_error).toContain("Try again later");
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, suppressed: 0 });
    clock.advance(retryDelayMs(1));
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0, suppressed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect((await row(id)).attempts).toBe(2);
  });

  it("marks a permanent 5xx failure failed after one attempt", async () => {
    smtp.failNext(550);
    const id = await queue("c@example.com");
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1, suppressed: 0 });
    clock.advance(3_600_000);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, suppressed: 0 });
    const failed = await row(id);
    expect(failed.status).toBe("failed");
    expect(failed.attempts).toBe(1);
    expect(smtp.received).toHaveLength(0);
  });

  it("keeps retrying while the server is down, then delivers", async () => {
    const down = new MailWorker(t.services.db, smtpTransport("smtp://127.0.0.1:1"), clock, {
      from: "test@example.com",
    });
    const id = await queue("d@example.com");
    expect(await down.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0, suppressed: 0 });
    clock.advance(retryDelayMs(1));
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0, suppressed: 0 });
    expect((await row(id)).status).toBe("sent");
  });

  it("waits for send_after", async () => {
    await queue("e@example.com", new Date(clock.now().getTime() + 3_600_000));
    expect((await worker.runOnce()).sent).toBe(0);
    clock.advance(3_600_000);
    expect((await worker.runOnce()).sent).toBe(1);
  });

  it("never sends a row twice when two workers run at once", async () => {
    for (let i = 0; i < 5; i++) await queue(`f${i}@example.com`);
    const other = new MailWorker(t.services.db, smtpTransport(smtp.url), clock, {
      from: "x@example.com",
    });
    const [a, b] = await Promise.all([worker.runOnce(), other.runOnce()]);
    expect(a.sent + b.sent).toBe(5);
    expect(smtp.received).toHaveLength(5);
  });
});

describe.each(testEngines())("stopping the mail worker on $name", (engine) => {
  const t = useTestServices(engine);

  it("lets the email being sent finish, claims no more and leaves no lease behind", async () => {
    const clock = new TestClock();
    for (let i = 0; i < 3; i++)
      await enqueueEmail(
        t.services.db,
        {
          kind: "test",
          to: `s${i}@example.com`,
          personId: null,
          subject: "s",
          html: "h",
          text: "t",
        },
        clock.now(),
      );
    const { transport, sending, delivered } = slowMailTransport(200);
    const worker = new MailWorker(t.services.db, transport, clock, {
      from: "x@example.com",
    });
    const run = worker.runOnce();
    await sending;
    await worker.stop();
    expect(delivered).toHaveLength(1);
    expect(await run).toEqual({ sent: 1, retried: 0, failed: 0, suppressed: 0 });
    const rows = await t.services.db
      .selectFrom("outbox")
      .select(["status", "locked_until"])
      .execute();
    expect(rows.filter((r) => r.status === "sent")).toHaveLength(1);
    expect(rows.filter((r) => r.status === "pending" && r.locked_until === null)).toHaveLength(2);
  });
});

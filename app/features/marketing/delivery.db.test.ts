import { describe, expect, it } from "vitest";
import { ownerCookie } from "../../../tests/support/admin";
import { callAction, formRequest, makeContext, unwrap } from "../../../tests/support/context";
import { testEngines } from "../../../tests/support/databases";
import { useMarketingMail } from "../../../tests/support/marketing-mail";
import { startSmtpServer } from "../../../fakes/smtp";
import { emailLog } from "~/mail/email-log.server";
import { markUndeliverable } from "~/mail/suppression.server";
import { action as personAction } from "~/features/people/routes/person";
import { runSequences } from "./sequences.server";

// How marketing mail leaves: its headers on the wire, bounces, and the sending rate.
describe.each(testEngines())("marketing mail delivery on $name", (engine) => {
  const suite = useMarketingMail(engine);
  const { clock, start, services, db, takeResource, person, mail, sequenceRun, at } = suite;

  it("over real SMTP: marketing carries the one-click headers, transactional does not; a 5xx flags the address", async () => {
    const smtp = await startSmtpServer();
    try {
      await start({ SMTP_URL: smtp.url, MAIL_FROM_MARKETING: "Tips <tips@example.com>" });
      await takeResource("/resume-template", "hdr@example.com", true);
      clock.set(at(2.01));
      await runSequences(services());
      await services().mailWorker.runOnce();
      expect(smtp.received).toHaveLength(2);
      // Long headers arrive folded onto the next line.
      const [transactional, marketing] = smtp.received.map((m) =>
        m.raw.replace(/\r?\n[ \t]+/g, " "),
      );
      const token = (await person("hdr@example.com")).unsubscribe_token;
      expect(transactional).not.toMatch(/^List-Unsubscribe/im);
      expect(marketing).toMatch(
        new RegExp(`^List-Unsubscribe: <http://localhost:3000/unsubscribe/${token}>`, "m"),
      );
      expect(marketing).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      expect(marketing).toMatch(/^From: Tips <tips@example.com>/m);
      expect(transactional).not.toMatch(/^From: Tips/m);

      // A 5xx to the message (content refused) is a failure, but says nothing about the address.
      await takeResource("/cold-outreach", "content@example.com", true);
      smtp.failNext(554);
      expect((await services().mailWorker.runOnce()).failed).toBe(1);
      expect((await person("content@example.com")).undeliverable_at).toBeNull();

      // A mailbox refused at RCPT TO is undeliverable: no more marketing to it.
      smtp.refuseRecipient("bounce@example.com");
      await takeResource("/cold-outreach", "bounce@example.com", true);
      const result = await services().mailWorker.runOnce();
      expect(result.failed).toBe(1);
      const bounced = await person("bounce@example.com");
      expect(bounced.undeliverable_at).not.toBeNull();
      expect(bounced.undeliverable_reason).toContain("No such user");
      // Its sequence waits (nothing queued) until the owner clears the flag.
      clock.set(at(4.5));
      await runSequences(services());
      expect(await mail("bounce@example.com", "nurture:%")).toHaveLength(0);
      const run = await sequenceRun(bounced.id);
      expect(run.status).toBe("active");
      expect(run.next_at! > clock.now().toISOString()).toBe(true);
    } finally {
      await smtp.close();
    }
  });

  it("the owner sees a bounce on the person's page and in the email log, and can clear it", async () => {
    await start();
    await takeResource("/resume-template", "gone@example.com", true);
    await markUndeliverable(db(), "gone@example.com", "550 Mailbox unavailable", clock.now());
    const gone = await person("gone@example.com");
    const log = await emailLog(db(), {});
    expect(log.rows.find((r) => r.to_address === "gone@example.com")?.undeliverable).toBe(true);
    const cookie = await ownerCookie(suite.t);
    const clear = () =>
      callAction(
        personAction,
        formRequest(`/admin/people/${gone.id}`, { intent: "clear_undeliverable" }, { cookie }),
        makeContext(services()),
        { id: gone.id },
      ).then(unwrap);
    expect((await clear()).status).toBe(303);
    expect((await person("gone@example.com")).undeliverable_at).toBeNull();
    // Nothing left to clear: a clear message, nothing changes.
    expect((await clear()).status).toBe(400);
  });

  it("keeps to MAIL_RATE_PER_MINUTE, handing the rest back for the next minute", async () => {
    await start({ MAIL_RATE_PER_MINUTE: "2" });
    for (const n of [1, 2, 3, 4])
      await takeResource("/resume-template", `r${n}@example.com`, false);
    const first = await services().mailWorker.runOnce();
    expect(first.sent).toBe(2);
    expect((await services().mailWorker.runOnce()).sent).toBe(0);
    const left = await db()
      .selectFrom("outbox")
      .select(["status", "locked_until"])
      .where("status", "=", "pending")
      .execute();
    expect(left).toEqual([
      { status: "pending", locked_until: null },
      { status: "pending", locked_until: null },
    ]);
  });
});

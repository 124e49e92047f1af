import { randomUUID } from "node:crypto";
import type { ClusterDrill } from "../../lib/cluster";
import { round } from "../../lib/format";
import { sleep } from "../../lib/server";

/**
 * h. 500 emails inserted into the outbox at once with the three instances' workers running: each
 * must arrive exactly once. The SMTP sink tells the senders apart (MAIL_FROM per instance).
 */
export const outboxOnce: ClusterDrill = {
  name: "h. 500 queued emails, three workers",
  async run(cluster) {
    const count = 500;
    const now = new Date().toISOString();
    const ids = Array.from({ length: count }, () => randomUUID());
    const started = Date.now();
    await cluster.inspect.db
      .insertInto("outbox")
      .values(
        ids.map((id, i) => ({
          id,
          kind: "bench",
          person_id: null,
          to_address: `cluster-mail-${i}@example.com`,
          subject: `Cluster ${i}`,
          html: `<p>Cluster ${i}</p>`,
          text: `Cluster ${i}`,
          status: "pending",
          attempts: 0,
          last_error: null,
          send_after: now,
          locked_until: null,
          created_at: now,
          sent_at: null,
        })),
      )
      .execute();
    const pending = async () =>
      Number(
        (
          await cluster.inspect.db
            .selectFrom("outbox")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("id", "in", ids)
            .where("status", "!=", "sent")
            .executeTakeFirstOrThrow()
        ).n,
      );
    const deadline = Date.now() + 120_000;
    while ((await pending()) > 0 && Date.now() < deadline) await sleep(200);
    const seconds = (Date.now() - started) / 1000;
    // Give a late duplicate, if any, the chance to arrive before counting.
    await sleep(1_000);

    const wanted = new Map(ids.map((id) => [`<${id}@fromscratchtosuccess.mail>`, 0]));
    const senders = new Map<string, number>();
    for (const mail of cluster.smtp.received) {
      const messageId = /^message-id:\s*(\S+)/im.exec(mail.raw)?.[1] ?? "";
      if (!wanted.has(messageId)) continue;
      wanted.set(messageId, wanted.get(messageId)! + 1);
      const sender = /^from:.*instance(\d)@/im.exec(mail.raw)?.[1] ?? "?";
      senders.set(sender, (senders.get(sender) ?? 0) + 1);
    }
    const counts = [...wanted.values()];
    const once = counts.filter((n) => n === 1).length;
    const missing = counts.filter((n) => n === 0).length;
    const duplicated = counts.filter((n) => n > 1).length;
    const left = await pending();
    const perInstance = [1, 2, 3].map((i) => senders.get(String(i)) ?? 0);
    const pass = once === count && missing === 0 && duplicated === 0 && left === 0;
    return {
      pass,
      summary: `${once}/${count} delivered exactly once, ${duplicated} duplicated, ${missing} missing, ${left} not marked sent, in ${round(seconds, 1)} s (${round(count / seconds, 0)}/s); sent by instance 1/2/3: ${perInstance.join("/")}`,
      details: {
        queued: count,
        deliveredOnce: once,
        duplicated,
        missing,
        notMarkedSent: left,
        seconds: round(seconds, 1),
        perInstance: perInstance.join("/"),
      },
    };
  },
};

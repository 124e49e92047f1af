import { createHash, randomUUID } from "node:crypto";
import { broadcastConsole as t } from "./broadcasts.words";
import { marketingFooter } from "./marketing.words";
import { recordAudit } from "~/features/accounts/audit.server";
import { claimRows } from "~/db/claim.server";
import { broadcastAudience, parseJsonColumn } from "~/db/json-columns.server";
import type { Selectable } from "kysely";
import type { BroadcastsTable } from "~/db/marketing-schema";
import type { Audience, BroadcastForm } from "./broadcast";
import type { EmailContent } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import type { Services } from "~/context";
import { audienceQuery, currentCohortId } from "./audience.server";
import { renderMarkdown } from "~/lib/markdown.server";
import { marketingMessage, marketingSender, type MarketingSender } from "./mail.server";

/** People queued per statement: each batch is one short insert, never one long transaction. */
export const BROADCAST_BATCH = 500;
const LEASE_MS = 60_000;

/** The email of a broadcast for one person; the Markdown is rendered once per broadcast. */
function content(subject: string, blocks: EmailContent["blocks"], firstName: string): EmailContent {
  return {
    subject,
    greeting: t.greeting(firstName),
    paragraphs: [],
    blocks,
    signOff: t.signOff,
  };
}

/**
 * Saves a broadcast to be queued by the worker at its time (now, or later). The form's one-time
 * request key is unique: a double click or a retried post finds the first one and adds nothing.
 */
export async function createBroadcast(
  services: Services,
  form: BroadcastForm,
  actor: string,
): Promise<"created" | "duplicate"> {
  const now = services.clock.now();
  const audience: Audience = {
    status: form.status,
    resource: form.resource,
    cohort: form.cohort,
    waitlist: form.waitlist,
    source: form.source,
    category: form.category,
  };
  return services.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("broadcasts")
      .values({
        id: randomUUID(),
        request_key: form.requestKey,
        subject: form.subject,
        body: form.body,
        category: form.category,
        audience: JSON.stringify(audience),
        status: "scheduled",
        send_at: form.sendAtUtc.toISOString(),
        locked_until: null,
        queued_count: 0,
        queued_at: null,
        created_by: actor,
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.column("request_key").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return "duplicate";
    await recordAudit(
      trx,
      actor,
      "broadcast.create",
      { subject: form.subject, sendAt: form.sendAtUtc.toISOString(), audience },
      now,
    );
    return "created";
  });
}

/**
 * The broadcast as recipients will see it, footer included, to the owner's own address at once.
 * Its unsubscribe link is a preview (it answers "not valid"); each recipient's is their own. One
 * test per draft and wording: a refresh that posts the form again sends no second one.
 */
/** The broadcast as `to` would get it: the owner's test and the preview before sending. */
function broadcastMessage(services: Services, form: BroadcastForm, to: string, subjectPrefix = "") {
  // The footer as recipients would get it, or the placeholder that says the postal address is
  // missing (then no broadcast is sent: queueDueBroadcasts).
  return marketingMessage(
    marketingSender(services.config) ?? {
      publicUrl: services.config.publicUrl,
      postalAddress: marketingFooter.postalPlaceholder,
    },
    { id: "", email: to, unsubscribe_token: "preview" },
    content(`${subjectPrefix}${form.subject}`, renderMarkdown(form.body), ""),
    {
      kind: "broadcast_test",
      category: form.category,
      dedupeKey: `broadcast_test:${form.requestKey}:${createHash("sha256")
        .update(form.subject + form.body)
        .digest("hex")}`,
    },
  );
}

/** What recipients will see (text version), before the owner confirms the send. */
export function previewBroadcast(services: Services, form: BroadcastForm) {
  const message = broadcastMessage(services, form, "recipient@example.com");
  return { subject: message.subject, text: message.text };
}

export async function sendTest(services: Services, form: BroadcastForm, to: string) {
  const message = broadcastMessage(services, form, to, t.testPrefix);
  // Sent as transactional: the owner asked for it, and has no marketing consent to check.
  await enqueueEmail(
    services.db,
    { ...message, personId: null, category: "transactional" },
    services.clock.now(),
  );
}

/**
 * Queues every broadcast whose time has come, run by the mail worker's cycle. A broadcast is
 * claimed with a lease (claimRows), then its audience is walked in id order, BROADCAST_BATCH
 * people per insert; each row's dedupe key is the broadcast and the person, so a second
 * worker, a crash and a restart, or a retry never queue anyone twice. The lease is renewed per
 * batch; the broadcast is `queued` when the walk ends.
 */
export async function queueDueBroadcasts(services: Services): Promise<number> {
  // No postal address for the footer: broadcasts stay scheduled until MAIL_POSTAL_ADDRESS is set.
  const sender = marketingSender(services.config);
  if (!sender) return 0;
  const now = services.clock.now();
  const due = await claimRows(services.db, "broadcasts", {
    due: (eb) =>
      eb.and([
        eb("status", "in", ["scheduled", "queueing"]),
        eb("send_at", "<=", now.toISOString()),
      ]),
    orderBy: "send_at",
    now,
    leaseMs: LEASE_MS,
    limit: 1,
  });
  let queued = 0;
  for (const broadcast of due) queued += await queueBroadcast(services, sender, broadcast);
  return queued;
}

async function queueBroadcast(
  services: Services,
  sender: MarketingSender,
  broadcast: Selectable<BroadcastsTable>,
) {
  const { db } = services;
  const audience = parseJsonColumn(broadcastAudience, broadcast.audience);
  const cohortId = await currentCohortId(db);
  const blocks = renderMarkdown(broadcast.body);
  let after = "";
  let added = 0;
  while (audience) {
    const now = services.clock.now();
    const people = await audienceQuery(db, audience, cohortId)
      .select(["people.id", "people.email", "people.first_name", "people.unsubscribe_token"])
      .where("people.id", ">", after)
      .orderBy("people.id")
      .limit(BROADCAST_BATCH)
      .execute();
    if (people.length === 0) break;
    after = people[people.length - 1]!.id;
    const rows = people.map((person) => {
      const message = marketingMessage(
        sender,
        person,
        content(broadcast.subject, blocks, person.first_name),
        {
          kind: "broadcast",
          category: broadcast.category,
          broadcastId: broadcast.id,
          dedupeKey: `broadcast:${broadcast.id}:${person.id}`,
        },
      );
      return {
        id: randomUUID(),
        kind: message.kind,
        person_id: person.id,
        to_address: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        category: broadcast.category,
        calendar: null,
        broadcast_id: broadcast.id,
        dedupe_key: message.dedupeKey ?? null,
        status: "pending" as const,
        attempts: 0,
        last_error: null,
        send_after: now.toISOString(),
        locked_until: null,
        created_at: now.toISOString(),
        sent_at: null,
      };
    });
    const result = await db
      .insertInto("outbox")
      .values(rows)
      .onConflict((oc) => oc.column("dedupe_key").doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
    await db
      .updateTable("broadcasts")
      .set({
        status: "queueing",
        locked_until: new Date(now.getTime() + LEASE_MS).toISOString(),
      })
      .where("id", "=", broadcast.id)
      .execute();
  }
  const total = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("broadcast_id", "=", broadcast.id)
    .executeTakeFirstOrThrow();
  const doneAt = services.clock.now().toISOString();
  await db
    .updateTable("broadcasts")
    .set({ status: "queued", locked_until: null, queued_count: Number(total.n), queued_at: doneAt })
    .where("id", "=", broadcast.id)
    .execute();
  return added;
}

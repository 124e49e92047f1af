import type { DB, Trx } from "~/db/database.server";
import { nurtureSequences } from "./nurture.words";
import type { SequenceRunsTable, SequenceStepCopyTable } from "~/db/marketing-schema";
import type { ResourceType } from "~/features/leads/lead-magnets";
import { DAY_MS, firstStepAt, nextAllowedSend, nextStepAt, sequenceVerdict } from "./marketing";
import { stepCopy } from "./sequence-copy";
import type { Services } from "~/context";
import { enqueueMarketing, marketingSender, type MarketingSender } from "./mail.server";

export function isSequence(key: string): key is ResourceType {
  return Object.hasOwn(nurtureSequences, key);
}

/** The outbox kind of a sequence's step (1-based), which the console counts by. */
export function stepKind(sequence: string, step: number): string {
  return `nurture:${sequence}:${step}`;
}

/** The owner's words for one step (1-based), or null: it goes with the copy in app/content. */
export async function stepEdit(
  db: DB,
  sequence: string,
  step: number,
): Promise<SequenceStepCopyTable | null> {
  const row = await db
    .selectFrom("sequence_step_copy")
    .selectAll()
    .where("sequence", "=", sequence)
    .where("step", "=", step)
    .executeTakeFirst();
  return row ?? null;
}

/** Where a sequence email's button goes: the application, tagged so the funnel sees it. */
export function sequenceApplyUrl(publicUrl: string, sequence: string, step: number): string {
  const query = new URLSearchParams({
    utm_source: "email",
    utm_medium: "nurture",
    utm_campaign: sequence,
    utm_content: `step-${step}`,
  });
  return `${publicUrl}/apply?${query.toString()}`;
}

/**
 * Starts the nurture sequence of the resource a person with consent just took. Once per person
 * and sequence, ever: taking it again, or after the sequence stopped, starts nothing.
 */
export async function startSequence(
  trx: Trx,
  personId: string,
  resource: ResourceType,
  now: Date,
): Promise<void> {
  const first = nurtureSequences[resource].steps[0];
  if (!first) return;
  await trx
    .insertInto("sequence_runs")
    .values({
      person_id: personId,
      sequence: resource,
      step: 0,
      status: "active",
      next_at: firstStepAt(now, first.afterDays).toISOString(),
      started_at: now.toISOString(),
      ended_at: null,
      end_reason: null,
    })
    .onConflict((oc) => oc.columns(["person_id", "sequence"]).doNothing())
    .execute();
}

/** Every running sequence of the person stops for good (they applied, enrolled, unsubscribed). */
export async function stopSequences(
  trx: DB,
  personId: string,
  reason: "applied" | "enrolled" | "unsubscribed" | "erased",
  now: Date,
): Promise<void> {
  await trx
    .updateTable("sequence_runs")
    .set({ status: "stopped", next_at: null, ended_at: now.toISOString(), end_reason: reason })
    .where("person_id", "=", personId)
    .where("status", "=", "active")
    .execute();
}

export interface SequenceRoundResult {
  queued: number;
  postponed: number;
  stopped: number;
}

/**
 * Queues the sequence emails that are due, run by the mail worker's cycle. Each run is handled
 * in its own transaction that first locks the person's row (FOR UPDATE on PostgreSQL; SQLite has
 * one writer), then re-reads the run: two instances never queue the same step, and two
 * sequences of one person never both send on the same day. A run stops for good when the person
 * applied, enrolled or unsubscribed; it waits while its sequence is paused or the address is
 * flagged undeliverable (it goes on once the owner clears the flag).
 */
export async function runSequences(services: Services, limit = 200): Promise<SequenceRoundResult> {
  const now = services.clock.now();
  const nowIso = now.toISOString();
  const result: SequenceRoundResult = { queued: 0, postponed: 0, stopped: 0 };
  // No postal address for the footer: the steps wait, due, until MAIL_POSTAL_ADDRESS is set.
  const sender = marketingSender(services.config);
  if (!sender) return result;
  const due = await services.db
    .selectFrom("sequence_runs")
    .select(["person_id", "sequence", "step"])
    .where("status", "=", "active")
    .where("next_at", "<=", nowIso)
    .where("sequence", "not in", (eb) =>
      eb.selectFrom("sequence_settings").select("sequence").where("paused", "=", 1),
    )
    .orderBy("next_at")
    .limit(limit)
    .execute();
  for (const run of due) {
    const outcome = await services.db
      .transaction()
      .execute((trx) => advanceRun(services, sender, trx, run, now));
    if (outcome !== "skipped") result[outcome] += 1;
  }
  return result;
}

async function advanceRun(
  services: Services,
  sender: MarketingSender,
  trx: Trx,
  key: Pick<SequenceRunsTable, "person_id" | "sequence" | "step">,
  now: Date,
): Promise<"queued" | "postponed" | "stopped" | "skipped"> {
  const nowIso = now.toISOString();
  let personQuery = trx
    .selectFrom("people")
    .select([
      "id",
      "email",
      "first_name",
      "status",
      "marketing",
      "undeliverable_at",
      "unsubscribe_token",
    ])
    .where("id", "=", key.person_id);
  if (services.engine === "postgres") personQuery = personQuery.forUpdate();
  const person = await personQuery.executeTakeFirst();
  const run = await trx
    .selectFrom("sequence_runs")
    .selectAll()
    .where("person_id", "=", key.person_id)
    .where("sequence", "=", key.sequence)
    .executeTakeFirst();
  if (!person || !run || run.status !== "active" || run.step !== key.step) return "skipped";
  if (!run.next_at || run.next_at > nowIso || !isSequence(run.sequence)) return "skipped";

  const verdict = sequenceVerdict(person);
  if (verdict === "wait") {
    await postpone(trx, run, new Date(now.getTime() + DAY_MS));
    return "postponed";
  }
  if (verdict !== "send") {
    await stopSequences(trx, person.id, verdict, now);
    return "stopped";
  }

  const last = await trx
    .selectFrom("outbox")
    .select((eb) => eb.fn.max("created_at").as("at"))
    .where("person_id", "=", person.id)
    .where("category", "!=", "transactional")
    .where("status", "!=", "suppressed")
    .executeTakeFirst();
  const allowed = nextAllowedSend(now, last?.at ? new Date(last.at) : null);
  if (allowed > now) {
    await postpone(trx, run, allowed);
    return "postponed";
  }

  const steps = nurtureSequences[run.sequence].steps;
  const number = run.step + 1;
  const step = steps[run.step];
  if (!step) return "skipped";
  const applyUrl = sequenceApplyUrl(services.config.publicUrl, run.sequence, number);
  // The owner's words as they stand now; an email queued before an edit keeps its own.
  const copy = stepCopy(step.copy, await stepEdit(trx, run.sequence, number));
  await enqueueMarketing(
    trx,
    sender,
    person,
    step.email(person.first_name, applyUrl, copy),
    {
      kind: stepKind(run.sequence, number),
      category: "tips",
      dedupeKey: `${stepKind(run.sequence, number)}:${person.id}`,
    },
    now,
  );
  const next = steps[number];
  await trx
    .updateTable("sequence_runs")
    .set(
      next
        ? {
            step: number,
            next_at: nextStepAt(new Date(run.started_at), next.afterDays, now).toISOString(),
          }
        : { step: number, status: "done", next_at: null, ended_at: nowIso, end_reason: "finished" },
    )
    .where("person_id", "=", person.id)
    .where("sequence", "=", run.sequence)
    .execute();
  return "queued";
}

async function postpone(
  trx: Trx,
  run: Pick<SequenceRunsTable, "person_id" | "sequence">,
  until: Date,
) {
  await trx
    .updateTable("sequence_runs")
    .set({ next_at: until.toISOString() })
    .where("person_id", "=", run.person_id)
    .where("sequence", "=", run.sequence)
    .execute();
}

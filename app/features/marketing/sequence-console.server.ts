/**
 * The owner's view of the nurture sequences (/admin/sequences): what each step sent, who waits
 * for it and who applied after it, and the switch that pauses a sequence.
 */

import { recordAudit } from "~/features/accounts/audit.server";
import { nurtureSequences } from "./nurture.words";
import type { ResourceType } from "~/features/leads/lead-magnets";
import { stepCopy } from "./sequence-copy";
import type { Services } from "~/context";
import { stepKind } from "./sequences.server";

interface SequenceStepStats {
  step: number;
  afterDays: number;
  /** The subject it is sent with: the owner's, when they edited it. */
  subject: string;
  edited: boolean;
  sent: number;
  /** People whose next email is this one. */
  waiting: number;
  /** People sent this email who applied after it went out. */
  appliedAfter: number;
}

/** Per sequence: paused or not, and per step what went out, who waits, who applied after. */
export async function sequenceStats(services: Services) {
  const { db } = services;
  const paused = new Set(
    (
      await db.selectFrom("sequence_settings").select("sequence").where("paused", "=", 1).execute()
    ).map((row) => row.sequence),
  );
  const sent = await db
    .selectFrom("outbox")
    .select(["kind", (eb) => eb.fn.countAll<number>().as("n")])
    .where("kind", "like", "nurture:%")
    .where("status", "=", "sent")
    .groupBy("kind")
    .execute();
  const waiting = await db
    .selectFrom("sequence_runs")
    .select(["sequence", "step", (eb) => eb.fn.countAll<number>().as("n")])
    .where("status", "=", "active")
    .groupBy(["sequence", "step"])
    .execute();
  const applied = await db
    .selectFrom("outbox")
    .select(["outbox.kind", (eb) => eb.fn.count<number>("outbox.person_id").distinct().as("n")])
    .where("outbox.kind", "like", "nurture:%")
    .where("outbox.status", "=", "sent")
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("submissions")
          .select("submissions.id")
          .whereRef("submissions.person_id", "=", "outbox.person_id")
          .where("submissions.type", "=", "application")
          .whereRef("submissions.created_at", ">", "outbox.sent_at"),
      ),
    )
    .groupBy("outbox.kind")
    .execute();
  const edits = await db.selectFrom("sequence_step_copy").selectAll().execute();
  const byKind = (rows: { kind: string; n: number }[], kind: string) =>
    Number(rows.find((row) => row.kind === kind)?.n ?? 0);
  return Object.entries(nurtureSequences).map(([key, sequence]) => ({
    key,
    name: sequence.name,
    paused: paused.has(key),
    steps: sequence.steps.map((step, index): SequenceStepStats => {
      const kind = stepKind(key, index + 1);
      const edit = edits.find((row) => row.sequence === key && row.step === index + 1);
      return {
        step: index + 1,
        afterDays: step.afterDays,
        subject: stepCopy(step.copy, edit).subject,
        edited: edit !== undefined,
        sent: byKind(sent, kind),
        waiting: Number(waiting.find((row) => row.sequence === key && row.step === index)?.n ?? 0),
        appliedAfter: byKind(applied, kind),
      };
    }),
  }));
}

/** Pauses or resumes a sequence: a paused one queues nothing; its people wait where they are. */
export async function setSequencePaused(
  services: Services,
  sequence: ResourceType,
  paused: boolean,
  actor: string,
) {
  const now = services.clock.now();
  await services.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("sequence_settings")
      .values({ sequence, paused: paused ? 1 : 0, updated_at: now.toISOString() })
      .onConflict((oc) =>
        oc
          .column("sequence")
          .doUpdateSet({ paused: paused ? 1 : 0, updated_at: now.toISOString() }),
      )
      .execute();
    await recordAudit(trx, actor, paused ? "sequence.pause" : "sequence.resume", { sequence }, now);
  });
}

/**
 * The owner's words for the nurture emails (/admin/sequences/:sequence/:step): stored over the
 * copy in app/features/marketing/nurture.words.ts, read by the sequence sender for each email it queues, and
 * previewed as a reader gets them.
 */

import { recordAudit } from "~/features/accounts/audit.server";
import { sequenceStepConsole as t } from "./broadcasts.words";
import { marketingFooter } from "./marketing.words";
import { nurtureSequences, type NurtureStep } from "./nurture.words";
import type { ResourceType } from "~/features/leads/lead-magnets";
import {
  bodyOf,
  isDefaultCopy,
  MAX_STEP_BODY,
  MAX_STEP_SUBJECT,
  stepCopy,
  type StepEdit,
} from "./sequence-copy";
import type { Services } from "~/context";
import { marketingMessage, marketingSender } from "./mail.server";
import { isSequence, sequenceApplyUrl, stepEdit, stepKind } from "./sequences.server";

/** A step of a sequence, found from the page's URL: the sequence's key and the 1-based number. */
export interface SequenceStepRef {
  sequence: ResourceType;
  number: number;
  name: string;
  step: NurtureStep;
}

/** The step `/admin/sequences/:sequence/:number` names, or null when there is none. */
export function findStep(sequence: string, number: string): SequenceStepRef | null {
  if (!isSequence(sequence) || !/^[1-9]\d{0,2}$/.test(number)) return null;
  const { name, steps } = nurtureSequences[sequence];
  const step = steps[Number(number) - 1];
  return step ? { sequence, number: Number(number), name, step } : null;
}

/**
 * Saves the owner's subject and body for a step (the form already trimmed and bounded them; they
 * are bounded here again, as every stored text is). Words the same as the site's store nothing:
 * the step is back on its defaults.
 */
export async function saveStepCopy(
  services: Services,
  ref: SequenceStepRef,
  edit: StepEdit,
  actor: string,
): Promise<void> {
  const now = services.clock.now();
  const subject = edit.subject.slice(0, MAX_STEP_SUBJECT);
  const body = edit.body.slice(0, MAX_STEP_BODY);
  const key = { sequence: ref.sequence, step: ref.number };
  await services.db.transaction().execute(async (trx) => {
    if (isDefaultCopy(ref.step.copy, { subject, body })) {
      await trx
        .deleteFrom("sequence_step_copy")
        .where("sequence", "=", key.sequence)
        .where("step", "=", key.step)
        .execute();
    } else {
      const values = { subject, body, updated_by: actor, updated_at: now.toISOString() };
      await trx
        .insertInto("sequence_step_copy")
        .values({ ...key, ...values })
        .onConflict((oc) => oc.columns(["sequence", "step"]).doUpdateSet(values))
        .execute();
    }
    await recordAudit(trx, actor, "sequence.edit", { ...key, subject }, now);
  });
}

/** Forgets the owner's edit of a step: it is sent with the site's words again. */
export async function resetStepCopy(
  services: Services,
  ref: SequenceStepRef,
  actor: string,
): Promise<void> {
  const now = services.clock.now();
  await services.db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom("sequence_step_copy")
      .where("sequence", "=", ref.sequence)
      .where("step", "=", ref.number)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) {
      await recordAudit(
        trx,
        actor,
        "sequence.reset",
        { sequence: ref.sequence, step: ref.number },
        now,
      );
    }
  });
}

/**
 * The step as a reader gets it, rendered by the code that queues it (the marketing footer
 * included, or its placeholder where no postal address is set): the subject, the inbox preview
 * line and the plain-text version.
 */
export async function previewStep(services: Services, ref: SequenceStepRef) {
  const edit = await stepEdit(services.db, ref.sequence, ref.number);
  const copy = stepCopy(ref.step.copy, edit);
  const { publicUrl } = services.config;
  const message = marketingMessage(
    marketingSender(services.config) ?? {
      publicUrl,
      postalAddress: marketingFooter.postalPlaceholder,
    },
    { id: "", email: "reader@example.com", unsubscribe_token: "preview" },
    ref.step.email(t.previewName, sequenceApplyUrl(publicUrl, ref.sequence, ref.number), copy),
    { kind: stepKind(ref.sequence, ref.number), category: "tips" },
  );
  return {
    subject: message.subject,
    preheader: copy.preheader ?? null,
    text: message.text,
    edit: edit ? { by: edit.updated_by, at: edit.updated_at } : null,
    form: { subject: copy.subject, body: edit?.body ?? bodyOf(copy.paragraphs) },
  };
}

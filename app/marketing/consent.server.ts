import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { nurtureSequences } from "~/content/nurture";
import type { Database } from "~/db/schema";
import { firstStepAt, statusAfterForm, type ConsentMode } from "~/domain/marketing";
import type { ResourceType } from "~/domain/lead-magnets";
import { consentWording } from "~/content/marketing";

type Trx = Transaction<Database>;

export interface ConsentInput {
  mode: ConsentMode;
  /** The box was ticked (opt-in); ignored with `notice`, where submitting is the consent. */
  ticked: boolean;
  /** Where it was given: `lead:<resource>` or `application`. */
  source: string;
}

/**
 * Applies what a form said about marketing mail, inside the form's transaction: the person's
 * status, and a consent row with its time, source, mode and the exact words the form showed.
 * Returns true when the person may now get tips (so a resource's sequence may start).
 */
export async function recordConsent(
  trx: Trx,
  personId: string,
  input: ConsentInput,
  now: Date,
): Promise<boolean> {
  const person = await trx
    .selectFrom("people")
    .select("marketing")
    .where("id", "=", personId)
    .executeTakeFirstOrThrow();
  const next = statusAfterForm(person.marketing, input);
  if (next) {
    const at = now.toISOString();
    await trx
      .updateTable("people")
      .set({ marketing: next, marketing_changed_at: at })
      .where("id", "=", personId)
      .execute();
    await trx
      .insertInto("consents")
      .values({
        id: randomUUID(),
        person_id: personId,
        given_at: at,
        source: input.source,
        wording: consentWording[input.mode],
        mode: input.mode,
      })
      .execute();
  }
  return (next ?? person.marketing) === "subscribed";
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
  trx: Kysely<Database>,
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

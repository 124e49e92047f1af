import type { Trx } from "~/db/database.server";
import { randomUUID } from "node:crypto";
import { statusAfterForm, type ConsentMode } from "./marketing";
import { consentWording } from "./marketing.words";

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

import type { Trx } from "~/db/database.server";
import { createHash, randomUUID } from "node:crypto";
import type { Utm } from "~/features/analytics/utm";

export const DOUBLE_SUBMIT_WINDOW_MS = 60_000;

export interface SubmissionInput {
  personId: string;
  type: "application" | "lead_magnet";
  formData: Record<string, unknown>;
  status: string;
  source: string;
  utm: Utm;
  email: string;
  visitorId: string;
}

/** Same visitor, same kind, same answers. */
export function fingerprintOf(
  visitorId: string,
  type: string,
  formData: Record<string, unknown>,
): string {
  return createHash("sha256")
    .update(JSON.stringify([visitorId, type, formData]))
    .digest("hex");
}

/**
 * Stores the submission unless the same visitor sent the same answers within the last minute
 * (a double click or a resent form): then it returns null and stores nothing.
 */
export async function recordSubmission(
  trx: Trx,
  input: SubmissionInput,
  now: Date,
): Promise<string | null> {
  const fingerprint = fingerprintOf(input.visitorId, input.type, input.formData);
  const since = new Date(now.getTime() - DOUBLE_SUBMIT_WINDOW_MS).toISOString();
  const duplicate = await trx
    .selectFrom("submissions")
    .select("id")
    .where("fingerprint", "=", fingerprint)
    .where("created_at", ">=", since)
    .executeTakeFirst();
  if (duplicate) return null;
  const stored = await trx
    .insertInto("submissions")
    .values({
      id: randomUUID(),
      person_id: input.personId,
      type: input.type,
      form_data: JSON.stringify(input.formData),
      status: input.status,
      source: input.source,
      utm: JSON.stringify(input.utm),
      email: input.email,
      visitor_id: input.visitorId,
      fingerprint,
      created_at: now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return stored.id;
}

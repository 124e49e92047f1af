import type { DB } from "~/db/database.server";
import type { PersonStatus } from "~/features/applications/application-outcome";
import { clearUndeliverable } from "~/mail/suppression.server";
import { changeStatus } from "./people.server";
import { recordAudit } from "~/features/accounts/audit.server";

/** The owner changes a person's status with a reason, audited; false when there is no such person. */
export async function changeStatusByOwner(
  db: DB,
  actor: string,
  personId: string,
  change: { status: PersonStatus; reason: string },
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const person = await trx
      .selectFrom("people")
      .select(["id", "status"])
      .where("id", "=", personId)
      .executeTakeFirst();
    if (!person) return false;
    await changeStatus(trx, person.id, change.status, change.reason, now.toISOString());
    const details = { personId: person.id, from: person.status, to: change.status };
    await recordAudit(trx, actor, "person.status", details, now);
    return true;
  });
}

/** The owner clears a person's undeliverable flag, audited; false when it was not set. */
export async function clearUndeliverableByOwner(
  db: DB,
  actor: string,
  personId: string,
  now: Date,
): Promise<boolean> {
  if (!(await clearUndeliverable(db, personId, now))) return false;
  await recordAudit(db, actor, "person.clear_undeliverable", { personId }, now);
  return true;
}

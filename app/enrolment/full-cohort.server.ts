import { STATUS_REASONS } from "~/domain/application-outcome";
import { changeStatus } from "~/people/people.server";
import type { Services } from "~/services.server";

/** A qualified applicant who finds no seat left joins the waitlist with the cohort-full reason. */
export async function waitlistForFullCohort(services: Services, personId: string) {
  const nowIso = services.clock.now().toISOString();
  await services.db.transaction().execute(async (trx) => {
    const person = await trx
      .selectFrom("people")
      .select("status")
      .where("id", "=", personId)
      .executeTakeFirst();
    if (!person || person.status === "enrolled" || person.status === "waitlist") return;
    await changeStatus(trx, personId, "waitlist", STATUS_REASONS.cohortFull, nowIso);
  });
}

import { applicationEmails } from "~/features/applications/application-emails.words";
import { STATUS_REASONS } from "~/features/applications/application-outcome";
import { renderEmail } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import { changeStatus } from "~/features/people/people.server";
import { getCohort } from "~/features/cohort/cohort.server";
import { joinQueue } from "~/features/cohort/queue.server";
import type { Services } from "~/context";

/**
 * A qualified applicant who finds every seat paid for joins the waitlist with the cohort-full
 * reason and the current cohort's seat queue, and is told so by email.
 */
export async function waitlistForFullCohort(services: Services, personId: string) {
  const now = services.clock.now();
  await services.db.transaction().execute(async (trx) => {
    const person = await trx
      .selectFrom("people")
      .select(["status", "email", "first_name"])
      .where("id", "=", personId)
      .executeTakeFirst();
    if (!person || person.status === "enrolled" || person.status === "waitlist") return;
    await changeStatus(trx, personId, "waitlist", STATUS_REASONS.cohortFull, now.toISOString());
    const cohort = await getCohort(trx, now);
    await joinQueue(trx, cohort.id, personId, now.toISOString());
    await enqueueEmail(
      trx,
      {
        kind: "application_waitlist",
        to: person.email,
        personId,
        ...renderEmail(
          applicationEmails.waitlist(person.first_name, "cohort_full", services.config.publicUrl),
        ),
      },
      now,
    );
  });
}

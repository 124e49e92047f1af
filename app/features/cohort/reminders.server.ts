import { cohortEmails } from "./cohorts.words";
import { hasSeatToHold } from "./cohort";
import { renderEmail } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import type { Services } from "~/context";
import { enrollLinkUrl } from "~/features/enrollment/enroll-link.server";
import { countHeldSeats } from "~/features/enrollment/seats.server";
import { getCohort } from "./cohort.server";
import { sendOnce } from "~/mail/sent-once.server";

/** Checkouts left longer ago than this are not chased any more (a reminder days late is noise). */
const LOOK_BACK_MS = 7 * 24 * 3_600_000;

/**
 * One reminder to each person whose checkout in the current cohort ended unpaid (the hold expired
 * or was cancelled) at least CHECKOUT_REMINDER_MINUTES ago, only while seats are left, never to
 * someone who paid or is checking out again, and never twice for the same person and cohort (the
 * sent_once key is written in the same transaction as the email, so two workers send it once).
 */
export async function sendCheckoutReminders(services: Services): Promise<number> {
  const now = services.clock.now();
  const nowIso = now.toISOString();
  const cohort = await getCohort(services.db, now);
  if (!hasSeatToHold(cohort, await countHeldSeats(services.db, cohort.id, nowIso))) return 0;
  const cutoff = new Date(now.getTime() - services.config.seats.checkoutReminderMinutes * 60_000);
  const since = new Date(cutoff.getTime() - LOOK_BACK_MS).toISOString();
  const before = cutoff.toISOString();

  const candidates = await services.db
    .selectFrom("seat_holds as h")
    .innerJoin("people as p", "p.id", "h.person_id")
    .select(["p.id", "p.email", "p.first_name"])
    .distinct()
    .where("h.cohort_id", "=", cohort.id)
    .where("h.kind", "=", "checkout")
    .where("p.status", "!=", "enrolled")
    .where((eb) =>
      eb.or([
        eb.and([
          eb("h.status", "in", ["expired", "released"]),
          eb("h.updated_at", "<=", before),
          eb("h.updated_at", ">", since),
        ]),
        eb.and([
          eb("h.status", "=", "held"),
          eb("h.expires_at", "<=", before),
          eb("h.expires_at", ">", since),
        ]),
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("seat_holds as live")
            .select("live.id")
            .whereRef("live.person_id", "=", "p.id")
            .where("live.cohort_id", "=", cohort.id)
            .where((eb) =>
              eb.or([
                eb("live.status", "=", "paid"),
                eb.and([eb("live.status", "=", "held"), eb("live.expires_at", ">", nowIso)]),
              ]),
            ),
        ),
      ),
    )
    .execute();

  let sent = 0;
  for (const person of candidates) {
    const queued = await services.db.transaction().execute(async (trx) => {
      if (!(await sendOnce(trx, `checkout-reminder:${cohort.id}:${person.id}`, nowIso)))
        return false;
      await enqueueEmail(
        trx,
        {
          kind: "checkout_reminder",
          to: person.email,
          personId: person.id,
          ...renderEmail(
            cohortEmails.checkoutReminder({
              firstName: person.first_name,
              // Signed: the reminder may be opened on another device than the checkout was.
              enrollUrl: enrollLinkUrl(services.config, person.id, now),
            }),
          ),
        },
        now,
      );
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}

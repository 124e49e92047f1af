import { formatWhen } from "~/lib/time-zone";
import type { Trx } from "~/db/database.server";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { recordAudit } from "~/features/accounts/audit.server";
import { cohortEmails } from "./cohorts.words";
import { hasSeatToHold, isSoldOut, seatsLeft, startDateDisplay } from "./cohort";
import { countHeldSeats, lockCohort } from "~/features/enrollment/seats.server";
import { renderEmail } from "~/mail/message";
import { enqueueEmail } from "~/mail/outbox.server";
import type { Services } from "~/context";
import type { Cohort } from "./cohort.server";

export const hashOfferToken = (token: string) =>
  createHash("sha256").update(token, "utf8").digest("hex");

/** An offer token is 32 random bytes in base64url (43 characters); anything else is not one. */
export const isOfferToken = (value: string) => /^[A-Za-z0-9_-]{43}$/.test(value);

export interface OfferRound {
  offered: number;
  ended: number;
}

/**
 * One round of the seat queue for the current cohort, run by the background worker (the mail
 * worker) every cycle. Offers that ended (expired, or paid) close their queue
 * entry; then every seat that is neither paid, held in a checkout nor offered goes to the next
 * waiting person, one offer per free seat. Everything happens under the cohort row's lock, so
 * checkouts, fulfillments and other workers (on any instance) see the same count: no seat is ever
 * offered twice and paid + held + offered never exceeds capacity.
 */
export async function runOfferRound(services: Services): Promise<OfferRound> {
  const now = services.clock.now();
  const nowIso = now.toISOString();
  return services.db.transaction().execute(async (trx) => {
    const cohort = await lockCohort(trx, services.engine);
    const ended = await closeEndedOffers(trx, cohort.id, nowIso);
    if (isSoldOut(cohort)) return { offered: 0, ended };
    let free = seatsLeft(cohort, await countHeldSeats(trx, cohort.id, nowIso));
    let offered = 0;
    while (free > 0) {
      const next = await trx
        .selectFrom("waitlist_entries")
        .select(["id", "person_id"])
        .where("cohort_id", "=", cohort.id)
        .where("status", "=", "waiting")
        .orderBy("position")
        .orderBy("created_at")
        .limit(1)
        .executeTakeFirst();
      if (!next) break;
      if (await offerSeat(trx, services, cohort, next, now)) {
        offered += 1;
        free -= 1;
      }
    }
    return { offered, ended };
  });
}

/** The owner offers a seat to one waiting person out of turn, at `now` (the owner's action). */
export async function offerByHand(
  services: Services,
  actor: string,
  entryId: string,
  now: Date,
): Promise<"offered" | "no_seat" | "not_waiting"> {
  return services.db.transaction().execute(async (trx) => {
    const cohort = await lockCohort(trx, services.engine);
    const entry = await trx
      .selectFrom("waitlist_entries")
      .select(["id", "person_id"])
      .where("id", "=", entryId)
      .where("cohort_id", "=", cohort.id)
      .where("status", "=", "waiting")
      .executeTakeFirst();
    if (!entry) return "not_waiting";
    const held = await countHeldSeats(trx, cohort.id, now.toISOString());
    if (!hasSeatToHold(cohort, held)) return "no_seat";
    if (!(await offerSeat(trx, services, cohort, entry, now))) return "not_waiting";
    await recordAudit(trx, actor, "queue.offer", { entryId, personId: entry.person_id }, now);
    return "offered";
  });
}

/** Entries whose offer is over: paid ones are enrolled, the rest expired (their hold too). */
async function closeEndedOffers(trx: Trx, cohortId: string, nowIso: string): Promise<number> {
  const ended = await trx
    .selectFrom("waitlist_entries as e")
    .innerJoin("seat_holds as h", "h.id", "e.hold_id")
    .select(["e.id", "h.id as holdId", "h.status as holdStatus"])
    .where("e.cohort_id", "=", cohortId)
    .where("e.status", "=", "offered")
    .where((eb) => eb.or([eb("h.status", "!=", "held"), eb("h.expires_at", "<=", nowIso)]))
    .execute();
  for (const row of ended) {
    await trx
      .updateTable("waitlist_entries")
      .set({ status: row.holdStatus === "paid" ? "enrolled" : "expired", updated_at: nowIso })
      .where("id", "=", row.id)
      .execute();
    if (row.holdStatus === "held") {
      await trx
        .updateTable("seat_holds")
        .set({ status: "expired", offer_token_hash: null, updated_at: nowIso })
        .where("id", "=", row.holdId)
        .execute();
    }
  }
  return ended.length;
}

/**
 * Holds a seat for the person for OFFER_HOURS and emails them a personal link (a random token;
 * only its hash is stored). Someone who enrolled meanwhile leaves the queue instead.
 */
async function offerSeat(
  trx: Trx,
  services: Services,
  cohort: Cohort,
  entry: { id: string; person_id: string },
  now: Date,
): Promise<boolean> {
  const nowIso = now.toISOString();
  const person = await trx
    .selectFrom("people")
    .select(["email", "first_name", "status"])
    .where("id", "=", entry.person_id)
    .executeTakeFirst();
  if (!person || person.status === "enrolled") {
    await trx
      .updateTable("waitlist_entries")
      .set({ status: person ? "enrolled" : "removed", updated_at: nowIso })
      .where("id", "=", entry.id)
      .execute();
    return false;
  }
  const token = randomBytes(32).toString("base64url");
  const holdId = randomUUID();
  const endsAt = new Date(now.getTime() + services.config.seats.offerHours * 3_600_000);
  await trx
    .insertInto("seat_holds")
    .values({
      id: holdId,
      cohort_id: cohort.id,
      kind: "offer",
      offer_token_hash: hashOfferToken(token),
      person_id: entry.person_id,
      visitor_id: null,
      email: person.email,
      status: "held",
      provider: services.payments.name,
      session_id: null,
      expires_at: endsAt.toISOString(),
      created_at: nowIso,
      updated_at: nowIso,
    })
    .execute();
  await trx
    .updateTable("waitlist_entries")
    .set({ status: "offered", hold_id: holdId, updated_at: nowIso })
    .where("id", "=", entry.id)
    .execute();
  const base = services.config.publicUrl;
  await enqueueEmail(
    trx,
    {
      kind: "seat_offer",
      to: person.email,
      personId: entry.person_id,
      ...renderEmail(
        cohortEmails.seatOffer({
          firstName: person.first_name,
          startDisplay: startDateDisplay(cohort.startDate),
          endsAt: formatWhen(endsAt, services.config.siteTimeZone, now),
          claimUrl: `${base}/enroll?offer=${token}`,
          declineUrl: `${base}/offers/${token}`,
        }),
      ),
    },
    now,
  );
  return true;
}

export interface OpenOffer {
  holdId: string;
  personId: string;
  endsAt: string;
}

/** The open offer a link's token names, or null (unknown, used, declined or expired). */
export async function findOffer(services: Services, token: string): Promise<OpenOffer | null> {
  if (!isOfferToken(token)) return null;
  const row = await services.db
    .selectFrom("seat_holds")
    .select(["id", "person_id", "expires_at"])
    .where("offer_token_hash", "=", hashOfferToken(token))
    .where("kind", "=", "offer")
    .where("status", "=", "held")
    .where("expires_at", ">", services.clock.now().toISOString())
    .executeTakeFirst();
  return row?.person_id
    ? { holdId: row.id, personId: row.person_id, endsAt: row.expires_at }
    : null;
}

/** "No thanks": the seat is released and the queue entry closed; the next round offers it on. */
export async function declineOffer(services: Services, token: string): Promise<boolean> {
  if (!isOfferToken(token)) return false;
  const nowIso = services.clock.now().toISOString();
  return services.db.transaction().execute(async (trx) => {
    await lockCohort(trx, services.engine);
    const hold = await trx
      .selectFrom("seat_holds")
      .select("id")
      .where("offer_token_hash", "=", hashOfferToken(token))
      .where("status", "=", "held")
      .where("expires_at", ">", nowIso)
      .executeTakeFirst();
    if (!hold) return false;
    await trx
      .updateTable("seat_holds")
      .set({ status: "released", offer_token_hash: null, updated_at: nowIso })
      .where("id", "=", hold.id)
      .execute();
    await trx
      .updateTable("waitlist_entries")
      .set({ status: "declined", updated_at: nowIso })
      .where("hold_id", "=", hold.id)
      .execute();
    return true;
  });
}
